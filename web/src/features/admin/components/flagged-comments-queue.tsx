// The queue of flagged comments (longest flagged first, 20 a page): each shown as readers would see it, where it
// is, who flagged it, with Restore (visible to everyone again) and Remove (gone, with its replies; the log keeps
// its text).
import { Flag, MessageSquareOff, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { type FlaggedComment, REMOVAL_REASON_MAX, REMOVED_NOTICE, RESTORED_NOTICE } from '#contracts/moderation.ts'
import { Avatar } from '../../../components/ui/avatar.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Pager } from '../../../components/ui/pager.tsx'
import { useFlaggedComments } from '../api/get-flagged-comments.ts'
import { useRemoveComment } from '../api/remove-comment.ts'
import { useRestoreComment } from '../api/restore-comment.ts'
import { QueueEmpty, QueueLoadError, QueueLoading, type QueueNotice, QueueNoticeAlert } from './queue-parts.tsx'
import { ReasonDialog } from './reason-dialog.tsx'

const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })
const KIND = { tool: 'tool', stack: 'stack', company: 'company' } as const

export function FlaggedCommentsQueue() {
  const [params] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const { data, error, isPending, refetch } = useFlaggedComments(page)
  const restore = useRestoreComment()
  const remove = useRemoveComment()
  const [notice, setNotice] = useState<QueueNotice | null>(null)
  const [removing, setRemoving] = useState<FlaggedComment | null>(null)

  const restoreComment = (comment: FlaggedComment) => {
    setNotice(null)
    restore.mutate(comment.id, {
      onSuccess: () => setNotice({ tone: 'success', text: RESTORED_NOTICE }),
      onError: (failure) => setNotice({ tone: 'error', text: failure.message }),
    })
  }

  return (
    <section aria-labelledby="flagged-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="flagged-heading" className="text-lg font-semibold text-slate-900">
          Flagged comments
        </h2>
        {data && (
          <p className="text-sm text-slate-500">{data.total} flagged, hidden from signed-out visitors until handled</p>
        )}
      </div>
      <QueueNoticeAlert notice={notice} />
      {isPending ? (
        <QueueLoading itemClassName="h-32 rounded-xl" />
      ) : error ? (
        <QueueLoadError error={error} onRetry={() => refetch()} />
      ) : data.comments.length === 0 ? (
        <QueueEmpty
          title="No flagged comments"
          hint="Comments a moderator flags wait here to be restored or removed."
        />
      ) : (
        <ul className="space-y-3">
          {data.comments.map((comment) => (
            <li key={comment.id}>
              <article
                aria-label={`Comment by @${comment.user.username}`}
                className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
              >
                <div className="flex flex-wrap items-start gap-3">
                  <Avatar
                    user={{
                      name: comment.user.username,
                      username: comment.user.username,
                      image_url: comment.user.userImage,
                    }}
                    className="size-9"
                  />
                  <div className="min-w-0 flex-1 text-sm">
                    <p>
                      <Link to={`/${comment.user.username}`} className="font-semibold text-slate-900 hover:underline">
                        @{comment.user.username}
                      </Link>{' '}
                      <span className="text-slate-500">
                        {comment.parentId ? 'replied' : 'commented'} on the {KIND[comment.commentable.type]}{' '}
                      </span>
                      {comment.commentable.url ? (
                        <Link to={comment.commentable.url} className="font-medium text-brand-700 hover:underline">
                          {comment.commentable.name}
                        </Link>
                      ) : (
                        <span className="font-medium text-slate-700">{comment.commentable.name}</span>
                      )}
                    </p>
                    <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-500">
                      <span>written {when.format(new Date(comment.created_at))}</span>
                      <span className="inline-flex items-center gap-1 text-amber-700">
                        <Flag className="size-3" aria-hidden="true" />
                        flagged
                        {comment.flagged_by ? ` by @${comment.flagged_by.username}` : ''}
                        {comment.flagged_at ? ` ${when.format(new Date(comment.flagged_at))}` : ''}
                      </span>
                      {comment.replies_count > 0 && (
                        <span>
                          {comment.replies_count} {comment.replies_count === 1 ? 'reply' : 'replies'}
                        </span>
                      )}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => restoreComment(comment)}
                      isLoading={restore.isPending && restore.variables === comment.id}
                    >
                      <RotateCcw className="size-4" aria-hidden="true" /> Restore
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => {
                        setNotice(null)
                        setRemoving(comment)
                      }}
                    >
                      <MessageSquareOff className="size-4" aria-hidden="true" /> Remove
                    </Button>
                  </div>
                </div>
                <div
                  className="mt-3 rounded-lg bg-slate-50 p-3 text-sm leading-relaxed text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-2 [&_pre]:overflow-x-auto [&_ul]:list-disc [&_ul]:pl-5"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and allow-list sanitized on the server (server/modules/comments/comment-markdown.ts)
                  dangerouslySetInnerHTML={{ __html: comment.body_html }}
                />
              </article>
            </li>
          ))}
        </ul>
      )}
      {data && (
        <Pager
          page={page}
          hasMore={page * data.per_page < data.total}
          hrefFor={(next) => (next > 1 ? `/admin/comments?page=${next}` : '/admin/comments')}
        />
      )}
      {removing && (
        <ReasonDialog
          title="Remove this comment?"
          description={
            removing.replies_count > 0
              ? `Its ${removing.replies_count} ${removing.replies_count === 1 ? 'reply goes' : 'replies go'} with it. The moderation log keeps the text.`
              : 'The moderation log keeps the text.'
          }
          label="Reason"
          confirmLabel="Remove comment"
          isRequired={false}
          maxLength={REMOVAL_REASON_MAX}
          onClose={() => setRemoving(null)}
          onConfirm={async (reason) => {
            await remove.mutateAsync({ id: removing.id, reason })
            setRemoving(null)
            setNotice({ tone: 'success', text: REMOVED_NOTICE })
          }}
        />
      )}
    </section>
  )
}
