// The queue of tools submitted for approval (oldest first, 20 a page): each with what its submitter sent, and
// Approve (public at once), Edit and Reject (with a reason the submitter reads).
import { CheckCircle2, ExternalLink, Pencil, XCircle } from 'lucide-react'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { httpUrlOf } from '#contracts/http-links.ts'
import { APPROVED_NOTICE, type ModerationTool, REJECTED_NOTICE, REJECTION_REASON_MAX } from '#contracts/moderation.ts'
import { splitFeatures } from '#contracts/soft-approval.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Pager } from '../../../components/ui/pager.tsx'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { useApproveTool } from '../api/approve-tool.ts'
import { useModerationTools } from '../api/get-moderation-tools.ts'
import { useRejectTool } from '../api/reject-tool.ts'
import { QueueEmpty, QueueLoadError, QueueLoading, type QueueNotice, QueueNoticeAlert } from './queue-parts.tsx'
import { ReasonDialog } from './reason-dialog.tsx'
import { ToolEditDialog } from './tool-edit-dialog.tsx'

const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

export function ApprovalQueue() {
  const [params] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const { data, error, isPending, refetch } = useModerationTools(page)
  const approve = useApproveTool()
  const reject = useRejectTool()
  const [notice, setNotice] = useState<QueueNotice | null>(null)
  const [editing, setEditing] = useState<ModerationTool | null>(null)
  const [rejecting, setRejecting] = useState<ModerationTool | null>(null)

  const approveTool = (tool: ModerationTool) => {
    setNotice(null)
    approve.mutate(tool.id, {
      onSuccess: ({ tool: approved }) =>
        setNotice({
          tone: 'success',
          text: APPROVED_NOTICE(approved.name),
          link: { to: approved.canonical_url, label: 'View tool page' },
        }),
      onError: (failure) => setNotice({ tone: 'error', text: failure.message }),
    })
  }

  return (
    <section aria-labelledby="approval-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="approval-heading" className="text-lg font-semibold text-slate-900">
          Tools waiting for approval
        </h2>
        {data && <p className="text-sm text-slate-500">{data.total} in the queue, oldest first</p>}
      </div>
      <QueueNoticeAlert notice={notice} />
      {isPending ? (
        <QueueLoading itemClassName="h-40 rounded-xl" />
      ) : error ? (
        <QueueLoadError error={error} onRetry={() => refetch()} />
      ) : data.tools.length === 0 ? (
        <QueueEmpty
          title="No tools waiting for approval"
          hint="Tools appear here once their submitters send them for review."
        />
      ) : (
        <ul className="space-y-3">
          {data.tools.map((tool) => (
            <li key={tool.id}>
              <ToolReviewCard
                tool={tool}
                isApproving={approve.isPending && approve.variables === tool.id}
                onApprove={() => approveTool(tool)}
                onEdit={() => {
                  setNotice(null)
                  setEditing(tool)
                }}
                onReject={() => {
                  setNotice(null)
                  setRejecting(tool)
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {data && (
        <Pager
          page={page}
          hasMore={page * data.per_page < data.total}
          hrefFor={(next) => (next > 1 ? `/admin/tools?page=${next}` : '/admin/tools')}
        />
      )}
      {editing && (
        <ToolEditDialog
          tool={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null)
            setNotice({ tone: 'success', text: `${saved.name} is saved.` })
          }}
        />
      )}
      {rejecting && (
        <ReasonDialog
          title={`Reject ${rejecting.name}?`}
          description={`@${rejecting.submitter?.username ?? 'The submitter'} reads this reason and can fix the tool and submit it again.`}
          label="Reason"
          confirmLabel="Reject tool"
          isRequired
          maxLength={REJECTION_REASON_MAX}
          onClose={() => setRejecting(null)}
          onConfirm={async (reason) => {
            const answer = await reject.mutateAsync({ id: rejecting.id, reason })
            setRejecting(null)
            setNotice({ tone: 'success', text: REJECTED_NOTICE(answer.tool.name) })
          }}
        />
      )}
    </section>
  )
}

function ToolReviewCard({
  tool,
  isApproving,
  onApprove,
  onEdit,
  onReject,
}: {
  tool: ModerationTool
  isApproving: boolean
  onApprove: () => void
  onEdit: () => void
  onReject: () => void
}) {
  const features = splitFeatures(tool.features)
  const headingId = `review-${tool.id}`
  const websiteHref = httpUrlOf(tool.website_url)
  return (
    <article aria-labelledby={headingId} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-start gap-4">
        <ToolLogo src={tool.image_url} className="size-14 shrink-0 rounded-lg" />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            <Link to={tool.canonical_url} className="hover:underline">
              {tool.name}
            </Link>
          </h3>
          {tool.title && <p className="text-sm text-slate-700">{tool.title}</p>}
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
            {tool.submitter ? (
              <span>
                by{' '}
                <Link to={`/${tool.submitter.username}`} className="font-medium text-slate-700 hover:underline">
                  @{tool.submitter.username}
                </Link>
              </span>
            ) : (
              <span>by a deleted account</span>
            )}
            {tool.submitted_at && <span>submitted {when.format(new Date(tool.submitted_at))}</span>}
            {tool.category && <span>in {tool.category.name}</span>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={onApprove} isLoading={isApproving} aria-label={`Approve ${tool.name}`}>
            <CheckCircle2 className="size-4" aria-hidden="true" /> Approve
          </Button>
          <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${tool.name}`}>
            <Pencil className="size-4" aria-hidden="true" /> Edit
          </Button>
          <Button size="sm" variant="secondary" onClick={onReject} aria-label={`Reject ${tool.name}`}>
            <XCircle className="size-4 text-red-600" aria-hidden="true" /> Reject
          </Button>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="font-medium text-slate-500">Website</dt>
        <dd className="min-w-0">
          {websiteHref ? (
            <a
              href={websiteHref}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex max-w-full items-center gap-1 break-all text-brand-700 hover:underline"
            >
              {tool.website_url}
              <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
            </a>
          ) : tool.website_url ? (
            // not an http(s) address: the moderator sees what was sent, never as a link (decision 036)
            <span className="break-all text-slate-800">{tool.website_url}</span>
          ) : (
            <span className="text-slate-500">None</span>
          )}
        </dd>
        <dt className="font-medium text-slate-500">Description</dt>
        <dd className="text-slate-800">{tool.description || <span className="text-slate-500">None</span>}</dd>
        <dt className="font-medium text-slate-500">Twitter</dt>
        <dd className="text-slate-800">
          {tool.twitter_username ? `@${tool.twitter_username}` : <span className="text-slate-500">None</span>}
        </dd>
        <dt className="font-medium text-slate-500">Features</dt>
        <dd>
          {features.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5">
              {features.map((feature) => (
                <li key={feature} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700">
                  {feature}
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-slate-500">None</span>
          )}
        </dd>
      </dl>
    </article>
  )
}
