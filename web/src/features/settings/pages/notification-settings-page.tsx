// /settings/notifications: the notification types the user receives (notify() skips the others) and the weekly
// digest e-mail of followed tools (docs/decisions/010-notifications.md).
import { type FormEvent, useEffect, useState } from 'react'
import { NOTIFICATION_TYPE_LABELS, NOTIFICATION_TYPES, type NotificationSettings } from '#contracts/notifications.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { DocumentTitle } from '../../../lib/document-title.ts'
import { useCurrentUser } from '../../../lib/session.tsx'
import { useNotificationSettings } from '../api/get-notification-settings.ts'
import { useUpdateNotificationSettings } from '../api/update-notification-settings.ts'
import { SettingsCard } from '../components/settings-card.tsx'

export default function NotificationSettingsPage() {
  const settings = useNotificationSettings()
  if (settings.isPending) return <PageSpinner />
  if (settings.isError) return <Alert tone="error">{settings.error.message}</Alert>
  return <NotificationSettingsForm saved={settings.data} />
}

function NotificationSettingsForm({ saved }: { saved: NotificationSettings }) {
  const { user } = useCurrentUser()
  const update = useUpdateNotificationSettings()
  const [values, setValues] = useState(saved)
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  useEffect(() => setValues(saved), [saved])
  const isDirty = JSON.stringify(values) !== JSON.stringify(saved)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setNotice(null)
    try {
      await update.mutateAsync({ types: values.types, weekly_digest: values.weekly_digest })
      setNotice({ tone: 'success', text: 'Your notification settings are saved.' })
    } catch (error) {
      setNotice({ tone: 'error', text: (error as Error).message })
    }
  }

  return (
    <SettingsCard
      title="Notifications"
      description="Choose what we tell you about in the bell, and whether we e-mail you a weekly digest."
      onSubmit={submit}
      footer={
        <Button type="submit" isLoading={update.isPending} disabled={!isDirty || user?.impersonated}>
          Save
        </Button>
      }
    >
      <DocumentTitle title="Notification settings" />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {user?.impersonated && <Alert tone="warning">You are impersonating this user: settings cannot be changed.</Alert>}
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Tell me when</legend>
        <div className="mt-2 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {NOTIFICATION_TYPES.map((type) => (
            <label key={type} className="flex cursor-pointer items-center justify-between gap-4 px-4 py-3 text-sm">
              <span className="text-slate-700">{NOTIFICATION_TYPE_LABELS[type]}</span>
              <input
                type="checkbox"
                role="switch"
                aria-checked={values.types[type] ?? true}
                checked={values.types[type] ?? true}
                onChange={(event) =>
                  setValues((current) => ({ ...current, types: { ...current.types, [type]: event.target.checked } }))
                }
                className="size-5 shrink-0 accent-brand-600"
              />
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">E-mail</legend>
        <label className="mt-2 flex cursor-pointer items-center justify-between gap-4 rounded-lg px-4 py-3 text-sm ring-1 ring-slate-200">
          <span>
            <span className="block text-slate-700">Send me weekly updates on these tools</span>
            <span className="block text-xs text-slate-500">
              A weekly digest of what happened to the tools you follow.
            </span>
          </span>
          <input
            type="checkbox"
            role="switch"
            aria-checked={values.weekly_digest}
            checked={values.weekly_digest}
            onChange={(event) => setValues((current) => ({ ...current, weekly_digest: event.target.checked }))}
            className="size-5 shrink-0 accent-brand-600"
          />
        </label>
      </fieldset>
    </SettingsCard>
  )
}
