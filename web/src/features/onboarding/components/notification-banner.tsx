// The banner above the step (spec §2, §4): info banners can be dismissed; error and serverError banners cannot, and
// block Continue until the step changes or the user changes what caused them.
import { CircleAlert, Info, X } from 'lucide-react'
import { GithubIcon } from '../../../components/ui/github-icon.tsx'
import type { OnboardingNotification } from '../state/wizard-context.tsx'

export function NotificationBanner({
  notification,
  onDismiss,
}: {
  notification: OnboardingNotification
  onDismiss: () => void
}) {
  const isError = notification.type !== 'info'
  const lines = Array.isArray(notification.message) ? notification.message : [notification.message]
  const Icon = notification.icon === 'github' ? GithubIcon : isError ? CircleAlert : Info
  return (
    <div
      role={isError ? 'alert' : 'status'}
      data-type={notification.type}
      className={
        isError
          ? 'flex items-start gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200'
          : 'flex items-start gap-3 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200'
      }
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {lines.length === 1 ? (
        <p className="min-w-0 flex-1">{lines[0]}</p>
      ) : (
        <ul className="min-w-0 flex-1 list-disc space-y-0.5 pl-4">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {!isError && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="-m-1 rounded-md p-1 text-sky-700 hover:bg-sky-100 hover:text-sky-900"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  )
}
