// The audit log (site admins, decision 050): who did what to which subject, when and from where, newest first, 50 at
// a time behind "Load more". The filters live in the address (?actor=&action=&subject_type=&from=&to=), and Export
// downloads the JSON lines of the same filters.
import { Download } from 'lucide-react'
import type { FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import {
  AUDIT_ACTIONS,
  AUDIT_SUBJECT_TYPES,
  type AuditAction,
  type AuditEvent,
  type AuditSubjectType,
} from '#contracts/audit.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { auditExportUrl } from '../api/export-audit-events.ts'
import { type AuditFilters, useAuditEvents } from '../api/get-audit-events.ts'

const ACTION_LABELS: Record<AuditAction, string> = {
  'user.role_changed': 'Changed a role',
  'user.banned': 'Banned a user',
  'user.unbanned': 'Lifted a ban',
  'user.created': 'Created a user',
  'user.updated': 'Edited a user',
  'user.password_set': "Set a user's password",
  'user.sessions_revoked': "Signed a user's sessions out",
  'user.removed': 'Removed a user',
  'user.deleted': 'Deleted an account',
  'company.verified': 'Verified a company',
  'company.verification_declined': 'Dismissed a verification',
  'company.member_role_changed': "Changed a member's role",
  'company.member_removed': 'Removed a member',
  'company.member_left': 'Left a team',
  'company.deleted': 'Deleted a company',
  'company.radar_tool_moved': 'Moved a tool on a radar',
  'company.code_host_connected': 'Connected a code host',
  'company.code_host_replaced': 'Changed a code host',
  'company.code_host_removed': 'Removed a code host',
  'company.code_host_sync_started': 'Started a code-host sync',
  'tool.approved': 'Approved a tool',
  'tool.rejected': 'Rejected a tool',
  'tool.edited': 'Edited a tool',
  'comment.restored': 'Restored a comment',
  'comment.removed': 'Removed a comment',
  'impersonation.started': 'Started impersonating',
  'impersonation.stopped': 'Stopped impersonating',
  'token.created': 'Created an API token',
  'token.revoked': 'Revoked an API token',
  'invitation.sent': 'Invited someone to sign up',
  'invitation.revoked': 'Revoked an invitation',
  'site.mode_changed': 'Changed the site mode',
}
const SUBJECT_LABELS: Record<AuditSubjectType, string> = {
  user: 'User',
  company: 'Company',
  company_member: 'Team member',
  tool: 'Tool',
  comment: 'Comment',
  token: 'API token',
  invitation: 'Invitation',
  site: 'Site',
}
const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' })
const FILTER_NAMES = ['actor', 'action', 'subject_type', 'from', 'to'] as const
const DAY = /^\d{4}-\d{2}-\d{2}$/

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value)

/** The filters the address holds; values the server would refuse are left out. */
function filtersOf(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {}
  const actor = params.get('actor')?.trim()
  if (actor) filters.actor = actor
  const action = params.get('action')
  if (isOneOf(AUDIT_ACTIONS, action)) filters.action = action
  const subject = params.get('subject_type')
  if (isOneOf(AUDIT_SUBJECT_TYPES, subject)) filters.subject_type = subject
  for (const name of ['from', 'to'] as const) {
    const day = params.get(name)
    if (day && DAY.test(day)) filters[name] = day
  }
  return filters
}

const actionLabel = (action: string) => (isOneOf(AUDIT_ACTIONS, action) ? ACTION_LABELS[action] : action)
const subjectLabel = (type: string) => (isOneOf(AUDIT_SUBJECT_TYPES, type) ? SUBJECT_LABELS[type] : type)

function Who({ event }: { event: AuditEvent }) {
  if (!event.actor) return <span className="text-slate-600">System (settings)</span>
  const name = event.actor.username ? `@${event.actor.username}` : (event.actor.email ?? `#${event.actor.id}`)
  return (
    <span className="block min-w-0">
      <span className="font-medium text-slate-900">{name}</span>
      {event.actor.email && <span className="block break-all text-xs text-slate-500">{event.actor.email}</span>}
      {event.impersonator && (
        <span className="block text-xs text-amber-800">
          impersonated by @{event.impersonator.username ?? event.impersonator.id}
        </span>
      )}
    </span>
  )
}

function Details({ event }: { event: AuditEvent }) {
  const text = JSON.stringify(event.details, null, 2)
  const hasDetails = text !== '{}'
  if (!hasDetails && !event.user_agent) return <span className="text-slate-500">—</span>
  return (
    <details className="group min-w-0">
      <summary className="cursor-pointer rounded text-sm font-medium text-brand-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
        Details<span className="sr-only"> of event {event.id}</span>
      </summary>
      {hasDetails && (
        <pre className="mt-2 max-w-full overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-slate-50 p-2 text-xs text-slate-800 sm:max-w-md">
          {text}
        </pre>
      )}
      {event.user_agent && (
        <p className="mt-2 max-w-full break-all text-xs text-slate-600 sm:max-w-md">
          <span className="font-medium">User agent:</span> {event.user_agent}
        </p>
      )}
    </details>
  )
}

function Filters({ filters, onApply }: { filters: AuditFilters; onApply: (next: URLSearchParams) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const next = new URLSearchParams()
    for (const name of FILTER_NAMES) {
      const value = String(form.get(name) ?? '').trim()
      if (value) next.set(name, value)
    }
    onApply(next)
  }
  const field =
    'h-9 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm focus:outline-none focus:ring-2 focus:ring-brand-500'
  const label = 'mb-1 block text-xs font-medium text-slate-600'
  return (
    // keyed by the filters so the fields show what the address says after Clear or the back button
    <search aria-label="Filter the audit log">
      <form
        key={JSON.stringify(filters)}
        onSubmit={submit}
        className="grid grid-cols-1 gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-6"
      >
        <div>
          <label htmlFor="audit-actor" className={label}>
            Who (username)
          </label>
          <input
            id="audit-actor"
            name="actor"
            defaultValue={filters.actor ?? ''}
            className={field}
            autoComplete="off"
          />
        </div>
        <div>
          <label htmlFor="audit-action" className={label}>
            Action
          </label>
          <select id="audit-action" name="action" defaultValue={filters.action ?? ''} className={field}>
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {ACTION_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-subject" className={label}>
            Subject
          </label>
          <select id="audit-subject" name="subject_type" defaultValue={filters.subject_type ?? ''} className={field}>
            <option value="">All subjects</option>
            {AUDIT_SUBJECT_TYPES.map((value) => (
              <option key={value} value={value}>
                {SUBJECT_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-from" className={label}>
            From
          </label>
          <input id="audit-from" name="from" type="date" defaultValue={filters.from ?? ''} className={field} />
        </div>
        <div>
          <label htmlFor="audit-to" className={label}>
            To
          </label>
          <input id="audit-to" name="to" type="date" defaultValue={filters.to ?? ''} className={field} />
        </div>
        <div className="flex items-end gap-2">
          <Button type="submit" size="sm" className="h-9">
            Apply
          </Button>
          <Button size="sm" variant="secondary" className="h-9" onClick={() => onApply(new URLSearchParams())}>
            Clear
          </Button>
        </div>
      </form>
    </search>
  )
}

export function AuditLogTable() {
  const [params, setParams] = useSearchParams()
  const filters = filtersOf(params)
  const filtered = Object.keys(filters).length > 0
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useAuditEvents(filters)
  const events = data?.pages.flatMap((page) => page.events) ?? []

  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="audit-heading" className="text-lg font-semibold text-slate-900">
            Audit log
          </h2>
          <p className="text-sm text-slate-600">
            Every admin and company-admin action, newest first. Records cannot be changed or deleted.
          </p>
        </div>
        <a
          href={auditExportUrl(filters)}
          download
          className="inline-flex h-9 items-center gap-2 rounded-lg bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <Download className="size-4" aria-hidden="true" />
          Export JSON lines
        </a>
      </div>
      <Filters filters={filters} onApply={setParams} />
      {isPending ? (
        <LoadingRegion label="Loading the audit log" className="space-y-2">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-10" />
          ))}
        </LoadingRegion>
      ) : error ? (
        <Alert tone="error">The audit log could not be loaded: {error.message}</Alert>
      ) : events.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
          {filtered ? 'No events match these filters.' : 'Nothing has been recorded yet.'}
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
          <table className="stacked-table min-w-full text-left text-sm">
            <caption className="sr-only">Audit events, newest first</caption>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  When
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  Who
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  Action
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  Subject
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  Address
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  Details
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 align-top">
              {events.map((event) => (
                <tr key={event.id}>
                  <td className="px-4 py-3 text-slate-600 sm:whitespace-nowrap">
                    <time dateTime={event.at}>{when.format(new Date(event.at))}</time>
                  </td>
                  <td className="px-4 py-3 sm:min-w-40">
                    <Who event={event} />
                  </td>
                  <td className="px-4 py-3 sm:min-w-40">
                    <span className="font-medium text-slate-900">{actionLabel(event.action)}</span>
                    <span className="block text-xs text-slate-500">{event.action}</span>
                  </td>
                  <td className="px-4 py-3 sm:min-w-40">
                    <span className="break-words text-slate-800">{event.subject_label}</span>
                    <span className="block text-xs text-slate-500">
                      {subjectLabel(event.subject_type)}
                      {event.subject_id !== null && ` #${event.subject_id}`}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-slate-600">
                    {event.ip_address ? (
                      <span className="break-all" title={event.user_agent ?? undefined}>
                        {event.ip_address}
                      </span>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="px-4 py-3">
                    <Details event={event} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" isLoading={isFetchingNextPage} onClick={() => fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
    </section>
  )
}
