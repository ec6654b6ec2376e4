// /services/pending: 'Tools Pending Approval' (specs/stack-match-and-community.md §2 'Soft-approval screen', §4):
// the user's submitted tools, those not yet submitted (click one to open the form) and those already pending (a
// check mark). Only the submitter sees this page and these tools.
import { CheckCircle2, ChevronRight, EyeOff, Info, PackagePlus, Sparkles } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import {
  SOFT_APPROVAL_CLICK_NOTE,
  SOFT_APPROVAL_PRIVATE_NOTE,
  SOFT_APPROVAL_TITLE,
  type SoftApprovalTool,
  SUBMITTED_FOR_APPROVAL,
} from '#contracts/soft-approval.ts'
import { RequireSignIn } from '../../../components/require-sign-in.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { useSoftApprovalTools } from '../api/get-soft-approval-tools.ts'
import { useSubmitSoftApproval } from '../api/submit-soft-approval.ts'
import { SoftApprovalForm } from '../components/soft-approval-form.tsx'

export default function SoftApprovalPage() {
  useDocumentTitle(SOFT_APPROVAL_TITLE)
  return <RequireSignIn reason="Sign in to see the tools you submitted.">{() => <SoftApprovalScreen />}</RequireSignIn>
}

function SoftApprovalScreen() {
  const { data, error, isPending, refetch } = useSoftApprovalTools()
  const submit = useSubmitSoftApproval()
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const tools = data?.tools ?? []
  const unsubmitted = tools.filter((tool) => !tool.submitted_for_approval)
  const pending = tools.filter((tool) => tool.submitted_for_approval)
  const selected = unsubmitted.find((tool) => tool.id === selectedId) ?? null

  const select = (tool: SoftApprovalTool) => {
    setNotice(null)
    setSelectedId((current) => (current === tool.id ? null : tool.id))
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{SOFT_APPROVAL_TITLE}</h1>
          <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
            <EyeOff className="size-4 text-slate-400" aria-hidden="true" />
            {SOFT_APPROVAL_PRIVATE_NOTE}
          </p>
        </div>
        <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
          <Sparkles className="size-4" aria-hidden="true" />
          {SOFT_APPROVAL_CLICK_NOTE}
        </p>
      </header>

      {notice && (
        <Alert tone="success" className="mt-6">
          {notice}
        </Alert>
      )}

      {isPending ? (
        <LoadingRegion label="Loading your tools" className="mt-8 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-20 rounded-xl" />
          ))}
        </LoadingRegion>
      ) : error ? (
        <Alert tone="error" className="mt-8">
          Your tools could not be loaded.{' '}
          <button type="button" className="font-medium underline" onClick={() => refetch()}>
            Try again
          </button>
        </Alert>
      ) : tools.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <div className="space-y-8">
            <section aria-labelledby="unsubmitted-heading">
              <h2 id="unsubmitted-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
                Not submitted yet ({unsubmitted.length})
              </h2>
              {unsubmitted.length === 0 ? (
                <p className="mt-3 text-sm text-slate-600">Every tool you added is waiting for a moderator.</p>
              ) : (
                <ul className="mt-3 space-y-2">
                  {unsubmitted.map((tool) => (
                    <li key={tool.id}>
                      <button
                        type="button"
                        onClick={() => select(tool)}
                        aria-pressed={tool.id === selectedId}
                        className={cn(
                          'flex w-full items-center gap-3 rounded-xl bg-white p-3 text-left ring-1 transition hover:ring-brand-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                          tool.id === selectedId ? 'ring-2 ring-brand-500' : 'ring-slate-200',
                        )}
                      >
                        <ToolLogo src={tool.image_url} className="size-10 shrink-0" />
                        <span className="min-w-0 flex-1">
                          <span className="block truncate font-medium text-slate-900">{tool.name}</span>
                          <span className="block truncate text-xs text-slate-500">
                            {tool.rejection_reason ? 'Sent back by a moderator' : (tool.website_url ?? tool.slug)}
                          </span>
                        </span>
                        <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="pending-heading">
              <h2 id="pending-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
                Pending approval ({pending.length})
              </h2>
              {pending.length === 0 ? (
                <p className="mt-3 text-sm text-slate-600">Nothing submitted yet.</p>
              ) : (
                <ul className="mt-3 space-y-2">
                  {pending.map((tool) => (
                    <li
                      key={tool.id}
                      className="flex items-center gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
                    >
                      <ToolLogo src={tool.image_url} className="size-10 shrink-0" />
                      <span className="min-w-0 flex-1">
                        <Link
                          to={tool.canonical_url}
                          className="block truncate font-medium text-slate-900 hover:underline"
                        >
                          {tool.name}
                        </Link>
                        <span className="block truncate text-xs text-slate-500">{tool.title}</span>
                      </span>
                      <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-label="Pending approval" />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
          <div>
            {selected ? (
              <section
                aria-labelledby="form-heading"
                className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
              >
                <div className="mb-5 flex items-center gap-3">
                  <ToolLogo src={selected.image_url} className="size-12" />
                  <div>
                    <h2 id="form-heading" className="text-lg font-semibold text-slate-900">
                      {selected.name}
                    </h2>
                    <p className="text-sm text-slate-500">Complete the details, then submit it for approval.</p>
                  </div>
                </div>
                <SoftApprovalForm
                  key={selected.id}
                  tool={selected}
                  onCancel={() => setSelectedId(null)}
                  onSubmit={async (service) => {
                    await submit.mutateAsync({ id: selected.id, service })
                    // spec §4: the form closes and deselects
                    setSelectedId(null)
                    setNotice(`${service.name}: ${SUBMITTED_FOR_APPROVAL}`)
                  }}
                />
              </section>
            ) : (
              <div className="flex h-full min-h-48 flex-col items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
                <Info className="size-6 text-slate-400" aria-hidden="true" />
                <p className="mt-3 text-sm text-slate-600">
                  {unsubmitted.length > 0
                    ? 'Click a tool to complete its details and submit it for approval.'
                    : 'A moderator reviews what you submitted. Approved tools become public and leave this list.'}
                </p>
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  )
}

function EmptyState() {
  return (
    <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <PackagePlus className="mx-auto size-8 text-slate-400" aria-hidden="true" />
      <p className="mt-3 font-medium text-slate-800">No tools waiting for approval</p>
      <p className="mt-1 text-sm text-slate-600">
        Tools you add while building a stack appear here until a moderator approves them.
      </p>
      <Link
        to="/create-stack/scan"
        className="mt-6 inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
      >
        Create A Stack
      </Link>
    </div>
  )
}
