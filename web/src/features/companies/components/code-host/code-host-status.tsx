// A connected code host: its settings (never its credentials), the last sync, and the admins' actions: Sync now,
// Edit settings, Replace credentials, Remove connection (confirmed; the stacks stay).
import { KeyRound, Pencil, RefreshCw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { CodeHost } from '#contracts/code-hosts.ts'
import { Alert } from '../../../../components/ui/alert.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { Dialog } from '../../../../components/ui/dialog.tsx'
import { ApiError } from '../../../../lib/api.ts'
import { useRemoveCodeHost } from '../../api/remove-code-host.ts'
import { ReplaceCredentialsDialog } from './replace-credentials-dialog.tsx'

// UTC and a fixed locale: the server's and the browser's drawing agree (no hydration mismatch)
const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' })
const at = (iso: string) => `${dateTime.format(new Date(iso))} UTC`

function sourceOf(codeHost: CodeHost): string {
  if (codeHost.kind === 'github') return `GitHub organisation ${codeHost.owner} at ${codeHost.api_url}`
  if (codeHost.kind === 'gitlab') return `GitLab group ${codeHost.group} at ${codeHost.api_url}`
  return `${codeHost.urls.length} git ${codeHost.urls.length === 1 ? 'URL' : 'URLs'}`
}

function credentialsOf(codeHost: CodeHost): string {
  if (codeHost.kind === 'git') return 'None (cloned anonymously)'
  if (!codeHost.has_credentials) return 'None stored'
  if (codeHost.auth_type === 'app')
    return `GitHub App ${codeHost.app_id}, installation ${codeHost.installation_id}: key stored`
  return 'Token stored'
}

export function CodeHostStatus({
  slug,
  codeHost,
  isSyncing,
  onSync,
  syncError,
  isSyncPending,
  onEdit,
}: {
  slug: string
  codeHost: CodeHost
  isSyncing: boolean
  onSync: () => void
  syncError: Error | null
  isSyncPending: boolean
  onEdit: () => void
}) {
  const [isReplacing, setIsReplacing] = useState(false)
  const [isRemoving, setIsRemoving] = useState(false)
  const remove = useRemoveCodeHost(slug)
  const patterns = (list: string[]) => (list.length ? list.join(', ') : 'all')
  const rows: Array<[string, string]> = [
    ['Source', sourceOf(codeHost)],
    ['Credentials', credentialsOf(codeHost)],
    ['Include', patterns(codeHost.include)],
    ['Exclude', codeHost.exclude.length ? codeHost.exclude.join(', ') : 'none'],
    [
      'Skipped',
      [codeHost.skip_archived && 'archived', codeHost.skip_forks && 'forks'].filter(Boolean).join(' and ') || 'nothing',
    ],
    [
      'Lost tools',
      codeHost.removal_policy === 'review' ? 'Flagged for review' : 'Removed automatically (never the last one)',
    ],
    ['Schedule', codeHost.schedule === 'daily' ? 'Daily, 04:00 UTC' : 'Only when Sync now is pressed'],
    ...(codeHost.webhook_url
      ? [['Push webhook', `${codeHost.webhook_url} (JSON, push events, with the webhook secret)`] as [string, string]]
      : []),
  ]

  return (
    <section aria-labelledby="connection-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="connection-heading" className="text-lg font-semibold text-slate-900">
          Connection
        </h2>
        <Button onClick={onSync} isLoading={isSyncPending} disabled={isSyncing}>
          <RefreshCw className="size-4" aria-hidden="true" /> {isSyncing ? 'Syncing' : 'Sync now'}
        </Button>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([term, detail]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-600">{term}</dt>
            <dd className="break-words text-slate-900">{detail}</dd>
          </div>
        ))}
        <dt className="font-medium text-slate-600">Last sync</dt>
        <dd className="text-slate-900" data-testid="last-sync">
          {codeHost.last_sync_started_at
            ? codeHost.last_sync_finished_at
              ? `Listed ${at(codeHost.last_sync_finished_at)}`
              : `Listing since ${at(codeHost.last_sync_started_at)}`
            : 'Never'}
        </dd>
      </dl>
      {codeHost.last_sync_error && (
        <Alert tone="error" className="mt-4">
          The last sync failed: {codeHost.last_sync_error}
        </Alert>
      )}
      {syncError && (
        <Alert tone="error" className="mt-4">
          {syncError instanceof ApiError ? syncError.message : "We couldn't start the sync. Please try again."}
        </Alert>
      )}
      <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        <Button variant="secondary" size="sm" onClick={onEdit}>
          <Pencil className="size-4" aria-hidden="true" /> Edit settings
        </Button>
        {codeHost.kind !== 'git' && (
          <Button variant="secondary" size="sm" onClick={() => setIsReplacing(true)}>
            <KeyRound className="size-4" aria-hidden="true" /> Replace credentials
          </Button>
        )}
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setIsRemoving(true)}>
          <Trash2 className="size-4" aria-hidden="true" /> Remove connection
        </Button>
      </div>
      {codeHost.kind !== 'git' && (
        <ReplaceCredentialsDialog
          slug={slug}
          codeHost={{ ...codeHost, kind: codeHost.kind }}
          open={isReplacing}
          onOpenChange={setIsReplacing}
        />
      )}
      <Dialog
        open={isRemoving}
        onOpenChange={(open) => {
          setIsRemoving(open)
          if (!open) remove.reset()
        }}
        title="Remove the connection?"
        description="Its credentials are deleted and its repositories are no longer synced. The stacks stay, as they are."
      >
        {remove.error && (
          <Alert tone="error" className="mb-4">
            {remove.error instanceof ApiError ? remove.error.message : "We couldn't remove it. Please try again."}
          </Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setIsRemoving(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            isLoading={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: () => setIsRemoving(false) })}
          >
            Remove connection
          </Button>
        </div>
      </Dialog>
    </section>
  )
}
