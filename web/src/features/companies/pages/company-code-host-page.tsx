// /companies/{slug}/code-host: the company's code host for its admins (issue 18 "Connect", decision 063 "Screen"):
// connect one, or see its settings, sync it and follow each repository's progress (polled while a sync runs).
// Other signed-in people get the 403 page with the server's reason; an unknown company the not-found page.

import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, Webhook } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import type { CodeHost, PutCodeHostResponse } from '#contracts/code-hosts.ts'
import { Forbidden } from '../../../components/forbidden.tsx'
import NotFoundPage from '../../../components/not-found-page.tsx'
import { RequireSignIn } from '../../../components/require-sign-in.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { useCodeHost } from '../api/get-code-host.ts'
import { useCompanyPage } from '../api/get-company-page.ts'
import { useSyncedRepositories } from '../api/get-synced-repositories.ts'
import { useSyncCodeHost } from '../api/sync-code-host.ts'
import { CodeHostForm } from '../components/code-host/code-host-form.tsx'
import { CodeHostStatus } from '../components/code-host/code-host-status.tsx'
import { SyncedRepositories } from '../components/code-host/synced-repositories.tsx'

/** How often the screen asks while a sync runs. */
const POLL_MS = 2_500
/** After Sync now, how long to wait for the listing job to start before giving up polling. */
const START_WAIT_MS = 120_000

export default function CompanyCodeHostPage() {
  return <RequireSignIn reason="Sign in to manage your company's code host.">{() => <CodeHostScreen />}</RequireSignIn>
}

/** Sync now was pressed: polling lasts until the listing has finished again (or START_WAIT_MS passed). */
interface PendingSync {
  finishedBefore: string | null
  requestedAt: number
}

function isSyncRunning(codeHost: CodeHost | null | undefined, pending: PendingSync | null): boolean {
  if (!codeHost) return false
  if ((codeHost.counts.queued ?? 0) + (codeHost.counts.scanning ?? 0) > 0) return true
  if (codeHost.last_sync_started_at && !codeHost.last_sync_finished_at) return true
  return Boolean(
    pending &&
      codeHost.last_sync_finished_at === pending.finishedBefore &&
      Date.now() - pending.requestedAt < START_WAIT_MS,
  )
}

function CodeHostScreen() {
  const { slug = '' } = useParams()
  const [searchParams] = useSearchParams()
  const page = Math.max(1, Number(searchParams.get('page')) || 1)
  const companyPage = useCompanyPage(slug)
  const [pending, setPending] = useState<PendingSync | null>(null)
  const [webhookSecret, setWebhookSecret] = useState<string | null>(null)
  const [isEditing, setIsEditing] = useState(false)
  const codeHostQuery = useCodeHost(slug, (current) => (isSyncRunning(current, pending) ? POLL_MS : false))
  const codeHost = codeHostQuery.data?.code_host
  const isSyncing = isSyncRunning(codeHost, pending)
  const repositories = useSyncedRepositories(slug, page, {
    enabled: Boolean(codeHost),
    pollMs: isSyncing ? POLL_MS : undefined,
  })
  const sync = useSyncCodeHost(slug)
  // the last poll of the connection may see the sync end after the list's last poll: ask for the list once more
  const queryClient = useQueryClient()
  const wasSyncing = useRef(isSyncing)
  useEffect(() => {
    if (wasSyncing.current && !isSyncing)
      void queryClient.invalidateQueries({ queryKey: ['code-host', slug.toLowerCase()] })
    wasSyncing.current = isSyncing
  }, [isSyncing, queryClient, slug])
  const company = companyPage.data?.company
  useDocumentTitle(company ? `${company.name} code host` : 'Code host')

  const error = codeHostQuery.error ?? companyPage.error
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />
  if (error instanceof ApiError && error.status === 403) return <Forbidden message={error.message} />
  if (codeHostQuery.isPending || companyPage.isPending) return <PageSpinner label="Loading code host" />
  if (!codeHostQuery.data || !company)
    return (
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <Alert tone="error">We couldn't load the code host. Please reload the page.</Alert>
      </div>
    )

  const saved = (answer: PutCodeHostResponse) => {
    setIsEditing(false)
    // git URLs send no webhooks: their secret is of no use to show
    if (answer.webhook_secret && answer.code_host.kind !== 'git') setWebhookSecret(answer.webhook_secret)
  }
  const startSync = () => {
    if (!codeHost) return
    setPending({ finishedBefore: codeHost.last_sync_finished_at, requestedAt: Date.now() })
    sync.mutate()
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
      <Link
        to={`/companies/${company.slug}/edit`}
        className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Edit {company.name}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{company.name}'s code host</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Connect GitHub, GitLab or a list of git repositories: each repository becomes one of {company.name}'s stacks,
        kept current from its code. Tools people add by hand stay.
      </p>

      {webhookSecret && (
        <Alert tone="success" className="mt-6">
          <span className="flex items-start gap-2">
            <Webhook className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0">
              The push webhooks' secret, shown this once: copy it to your host's webhook settings, with the push
              webhook's address below.
              <code className="mt-1 block break-all rounded bg-white/70 px-2 py-1 font-mono text-xs text-slate-900">
                {webhookSecret}
              </code>
            </span>
          </span>
        </Alert>
      )}

      <div className="mt-6">
        {!codeHost || isEditing ? (
          <section
            aria-labelledby="code-host-form-heading"
            className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
          >
            <h2 id="code-host-form-heading" className="mb-4 text-lg font-semibold text-slate-900">
              {codeHost ? 'Edit settings' : 'Connect a code host'}
            </h2>
            <CodeHostForm
              slug={slug}
              codeHost={codeHost ?? null}
              onSaved={saved}
              onCancel={codeHost ? () => setIsEditing(false) : undefined}
            />
          </section>
        ) : (
          <CodeHostStatus
            slug={slug}
            codeHost={codeHost}
            isSyncing={isSyncing}
            onSync={startSync}
            syncError={sync.error}
            isSyncPending={sync.isPending}
            onEdit={() => setIsEditing(true)}
          />
        )}
      </div>

      {codeHost && repositories.data && (
        <SyncedRepositories
          data={repositories.data}
          hrefFor={(next) => `/companies/${company.slug}/code-host${next > 1 ? `?page=${next}` : ''}`}
        />
      )}
    </div>
  )
}
