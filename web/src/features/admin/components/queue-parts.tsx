// The pieces the admin queues share (tool approvals, company verification, flagged comments): the notice after an action, loading,
// a load failure with Try again, and the empty state.
import { Inbox } from 'lucide-react'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'

export type QueueNotice = { tone: 'success' | 'error'; text: string; link?: { to: string; label: string } }

export function QueueNoticeAlert({ notice }: { notice: QueueNotice | null }) {
  if (!notice) return null
  return (
    <Alert tone={notice.tone}>
      {notice.text}{' '}
      {notice.link && (
        <Link to={notice.link.to} className="font-medium underline">
          {notice.link.label}
        </Link>
      )}
    </Alert>
  )
}

export function QueueLoading({ itemClassName }: { itemClassName: string }) {
  return (
    <LoadingRegion label="Loading the queue" className="space-y-3">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className={itemClassName} />
      ))}
    </LoadingRegion>
  )
}

export function QueueLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert tone="error">
      The queue could not be loaded: {error.message}{' '}
      <button type="button" className="font-medium underline" onClick={onRetry}>
        Try again
      </button>
    </Alert>
  )
}

export function QueueEmpty({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Inbox className="mx-auto size-8 text-slate-400" aria-hidden="true" />
      <p className="mt-3 font-medium text-slate-700">{title}</p>
      <p className="mt-1 text-sm text-slate-500">{hint}</p>
    </div>
  )
}
