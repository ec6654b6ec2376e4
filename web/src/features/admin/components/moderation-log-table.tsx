// The moderation log (admins): who did what and when, what changed (before and after) and why, newest first, 50 a
// page, filtered by action; page and filter live in the address (?action=&page=).
import { useSearchParams } from 'react-router'
import { MODERATION_ACTIONS, type ModerationAction, type ModerationLogEntry } from '#contracts/moderation.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Pager } from '../../../components/ui/pager.tsx'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { useModerationLog } from '../api/get-moderation-log.ts'

const ACTION_LABELS: Record<ModerationAction, string> = {
  'tool.approved': 'Approved tool',
  'tool.rejected': 'Rejected tool',
  'tool.edited': 'Edited tool',
  'comment.flagged': 'Flagged comment',
  'comment.unflagged': 'Unflagged comment',
  'comment.restored': 'Restored comment',
  'comment.removed': 'Removed comment',
}
const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' })

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}

function Changes({ entry }: { entry: ModerationLogEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])]
  if (keys.length === 0) return <span className="text-slate-500">—</span>
  // a removal keeps only what was there: shown as it was, not struck through
  if (entry.after === null)
    return (
      <dl className="space-y-1">
        {keys.map((key) => (
          <div key={key} className="flex gap-2 text-xs">
            <dt className="shrink-0 font-medium text-slate-600">{key}</dt>
            <dd className="break-words text-slate-800">{show(entry.before?.[key])}</dd>
          </div>
        ))}
      </dl>
    )
  return (
    <dl className="space-y-1">
      {keys.map((key) => (
        <div key={key} className="text-xs">
          <dt className="font-medium text-slate-600">{key}</dt>
          <dd className="break-words">
            <del className="text-red-700 decoration-red-300">{show(entry.before?.[key])}</del>
            {' → '}
            <ins className="text-emerald-800 no-underline">{show(entry.after?.[key])}</ins>
          </dd>
        </div>
      ))}
    </dl>
  )
}

export function ModerationLogTable() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const actionParam = params.get('action')
  const action = (MODERATION_ACTIONS as readonly string[]).includes(actionParam ?? '')
    ? (actionParam as ModerationAction)
    : null
  const { data, error, isPending } = useModerationLog({ page, action })
  const hrefFor = (next: number) => {
    const query = new URLSearchParams()
    if (action) query.set('action', action)
    if (next > 1) query.set('page', String(next))
    const text = query.toString()
    return text ? `/admin/log?${text}` : '/admin/log'
  }

  return (
    <section aria-labelledby="log-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="log-heading" className="text-lg font-semibold text-slate-900">
          Moderation log
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor="log-action" className="text-sm text-slate-600">
            Action
          </label>
          <select
            id="log-action"
            value={action ?? ''}
            onChange={(event) => setParams(event.target.value ? { action: event.target.value } : {})}
            className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm focus:outline-none focus:ring-2 focus:ring-brand-500"
          >
            <option value="">All actions</option>
            {MODERATION_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {ACTION_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {isPending ? (
        <LoadingRegion label="Loading the log" className="space-y-2">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-10" />
          ))}
        </LoadingRegion>
      ) : error ? (
        <Alert tone="error">The log could not be loaded: {error.message}</Alert>
      ) : data.entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
          No moderation actions yet.
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
          <table className="stacked-table min-w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  When
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  Who
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  What
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  Before → after
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  Reason
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 align-top">
              {data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                    <time dateTime={entry.created_at}>{when.format(new Date(entry.created_at))}</time>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">
                    {entry.actor ? `@${entry.actor.username}` : <span className="text-slate-500">deleted account</span>}
                  </td>
                  <td className="min-w-48 px-4 py-3">
                    <span className="font-medium text-slate-900">{ACTION_LABELS[entry.action]}</span>
                    <span className="block text-slate-600">
                      {entry.subject_label} <span className="text-xs text-slate-500">#{entry.subject_id}</span>
                    </span>
                  </td>
                  <td className="min-w-64 max-w-md px-4 py-3">
                    <Changes entry={entry} />
                  </td>
                  <td className="min-w-40 px-4 py-3 text-slate-700">{entry.reason ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager page={page} hasMore={page * data.per_page < data.total} hrefFor={hrefFor} />}
    </section>
  )
}
