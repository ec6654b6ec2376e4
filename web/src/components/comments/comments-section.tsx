// The comments widget (specs/stack-match-and-community.md §2 'Comments widget', §4 Comment UI, §5, §6, §8):
// 'Comments (n)' toggles the list; the first 5 comments show, 'View More Comments' shows the rest, 'Scroll to Bottom'
// appears above 5, all counting replies as comments (comment-window.ts, decision 023). The author may Edit and
// Delete, moderators Flag; everyone may up-vote and Reply to top-level comments, visitors after the sign-in modal.
// An admin impersonating someone reads only. Failed calls are swallowed (spec §8) except refusals (403), whose
// sentence is shown; the list is refetched so it shows what the server holds. Bodies arrive as HTML the server
// rendered and sanitized. Pages load this file lazily (lazy-comments.tsx). Each comment carries its anchor
// (id 'comment-{id}'); a link to one opens, scrolls to and marks it (use-comment-anchor.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ChevronDown, ChevronUp, MessageSquare, ThumbsUp } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { type Comment, type CommentReply, commentAnchor } from '#contracts/comments.ts'
import type { CurrentUser } from '#contracts/users.ts'
import { ApiError } from '../../lib/api.ts'
import { useCurrentUser, useRequireSignIn } from '../../lib/session.tsx'
import { Alert } from '../ui/alert.tsx'
import { Avatar } from '../ui/avatar.tsx'
import { Button } from '../ui/button.tsx'
import { cn } from '../ui/cn.ts'
import { InlineConfirm } from '../ui/inline-confirm.tsx'
import { createComment } from './api/create-comment.ts'
import { deleteComment } from './api/delete-comment.ts'
import { type Commentable, commentsQuery } from './api/get-comments.ts'
import { replyToComment } from './api/reply-comment.ts'
import { toggleCommentFlagged } from './api/toggle-flagged.ts'
import { toggleCommentUpvote } from './api/toggle-upvote.ts'
import { updateComment } from './api/update-comment.ts'
import { countComments, firstComments, hasHiddenComments } from './comment-window.ts'
import { containsComment, useCommentAnchor } from './use-comment-anchor.ts'

export interface CommentsSectionProps {
  commentableType: Commentable['type']
  commentableId: number
  className?: string
}

/** A refusal's sentence (403: an impersonated session, a comment that is not yours); other failures say nothing. */
function refusalOf(error: unknown): string | null {
  return error instanceof ApiError && error.status === 403 ? error.message : null
}

export default function CommentsSection({ commentableType, commentableId, className }: CommentsSectionProps) {
  const commentable = { type: commentableType, id: commentableId }
  const { data = [] } = useQuery(commentsQuery(commentable))
  const { user } = useCurrentUser()
  const [isVisible, setIsVisible] = useState(true)
  const [isShowingAll, setIsShowingAll] = useState(false)
  const [isAdding, setIsAdding] = useState(false)
  const bottom = useRef<HTMLDivElement>(null)
  const requireSignIn = useRequireSignIn()
  const listId = useId()
  const total = countComments(data)
  const { targetId } = useCommentAnchor(data)
  const first = firstComments(data)
  // a link to a comment behind 'View More Comments' opens the rest
  const isShowingAllNow = isShowingAll || (targetId !== null && !containsComment(first, targetId))
  const hasHidden = hasHiddenComments(data)
  const shown = isShowingAllNow ? data : first

  return (
    <section aria-labelledby={`${listId}-heading`} className={cn('mt-10', className)}>
      <h2 id={`${listId}-heading`} className="text-xl font-semibold text-slate-900">
        <button
          type="button"
          aria-expanded={isVisible}
          aria-controls={listId}
          onClick={() => setIsVisible((visible) => !visible)}
          className="inline-flex items-center gap-2 rounded-md hover:text-brand-700"
        >
          <MessageSquare className="size-5 text-slate-400" aria-hidden="true" />
          Comments ({total})
          {isVisible ? (
            <ChevronUp className="size-4" aria-hidden="true" />
          ) : (
            <ChevronDown className="size-4" aria-hidden="true" />
          )}
        </button>
      </h2>
      <div id={listId} hidden={!isVisible} className="mt-4">
        {user?.impersonated && (
          <Alert tone="warning" className="mb-4">
            You are impersonating @{user.username}: comments are read-only.
          </Alert>
        )}
        {hasHidden && (
          <Button
            variant="link"
            className="mb-3 text-sm"
            onClick={() => {
              setIsShowingAll(true)
              // after the expanded list has rendered, or the bottom moves away while scrolling
              requestAnimationFrame(() => bottom.current?.scrollIntoView({ behavior: 'smooth', block: 'end' }))
            }}
          >
            Scroll to Bottom
          </Button>
        )}
        {data.length === 0 && <p className="text-sm text-slate-600">No comments yet. Start the conversation.</p>}
        <ol className="space-y-4">
          {shown.map((comment) => (
            <li key={comment.id}>
              <CommentItem comment={comment} commentable={commentable} targetId={targetId} />
            </li>
          ))}
        </ol>
        {!isShowingAllNow && hasHidden && (
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => setIsShowingAll(true)}>
            View More Comments
          </Button>
        )}
        <div ref={bottom} className="mt-6">
          {user?.impersonated ? null : isAdding ? (
            <CommentForm
              type="create"
              commentable={commentable}
              onDone={() => setIsAdding(false)}
              submitLabel="Post Comment"
            />
          ) : (
            <Button
              variant="secondary"
              onClick={() => requireSignIn(() => setIsAdding(true), { reason: 'Sign in to comment.', mode: 'sign-in' })}
            >
              Add New Comment
            </Button>
          )}
        </div>
      </div>
    </section>
  )
}

type Mode = 'idle' | 'editing' | 'replying' | 'confirm-delete' | 'confirm-flag'

function CommentItem({
  comment,
  commentable,
  isReply = false,
  targetId,
}: {
  comment: Comment | CommentReply
  commentable: Commentable
  isReply?: boolean
  /** The comment the address points at (its anchor), marked. */
  targetId: number | null
}) {
  const { user } = useCurrentUser()
  const requireSignIn = useRequireSignIn()
  const queryClient = useQueryClient()
  const [mode, setMode] = useState<Mode>('idle')
  const [refusal, setRefusal] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: commentsQuery(commentable).queryKey })
  const settle = {
    onMutate: () => setRefusal(null),
    onError: (error: unknown) => setRefusal(refusalOf(error)),
    onSettled: refresh,
  }
  const upvote = useMutation({ mutationFn: () => toggleCommentUpvote(comment.id), ...settle })
  const remove = useMutation({ mutationFn: () => deleteComment(comment.id), ...settle })
  const flag = useMutation({ mutationFn: () => toggleCommentFlagged(comment.id), ...settle })
  // an admin impersonating someone reads only (decision 023)
  const canWrite = !user?.impersonated
  const isAuthor = canWrite && user?.id === comment.user.userId
  const isModerator = canWrite && Boolean(user?.moderator || user?.is_admin)
  const children = 'children' in comment ? comment.children : []
  const isTarget = comment.id === targetId

  return (
    <article
      id={commentAnchor(comment.id)}
      aria-label={`Comment by ${comment.user.username}`}
      aria-current={isTarget ? 'location' : undefined}
      tabIndex={isTarget ? -1 : undefined}
      data-testid="comment"
      className={cn(
        'scroll-mt-20 rounded-xl p-4 focus:outline-none',
        isTarget
          ? 'bg-brand-50 ring-2 ring-brand-500'
          : cn('bg-white ring-1', comment.flagged ? 'ring-amber-300' : 'ring-slate-200'),
      )}
    >
      <header className="flex items-center gap-2 text-sm">
        <Avatar
          user={{ name: comment.user.username, username: comment.user.username, image_url: comment.user.userImage }}
          className="size-7 text-xs"
        />
        <a href={`/${comment.user.username}`} className="font-semibold text-slate-900 hover:underline">
          {comment.user.username}
        </a>
        <time dateTime={comment.createdAt} className="text-slate-500">
          {comment.createdAtReadable}
        </time>
        {comment.flagged && <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-900">Flagged</span>}
      </header>
      {mode === 'editing' ? (
        <CommentForm
          type="edit"
          commentable={commentable}
          commentId={comment.id}
          initialBody={comment.body}
          onDone={() => setMode('idle')}
          submitLabel="Save"
        />
      ) : (
        <div
          className="comment-body mt-2 text-sm leading-relaxed text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-2 [&_pre]:overflow-x-auto [&_ul]:list-disc [&_ul]:pl-5"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and allow-list sanitized on the server (server/modules/comments/comment-markdown.ts)
          dangerouslySetInnerHTML={{ __html: comment.body_html }}
        />
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <button
          type="button"
          aria-pressed={comment.user_voted}
          aria-label={`Upvote (${comment.votes})`}
          disabled={!canWrite}
          onClick={() => requireSignIn(() => upvote.mutate(), { reason: 'Sign in to vote.' })}
          className={cn(
            'inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 hover:bg-slate-100 disabled:cursor-not-allowed disabled:hover:bg-transparent',
            comment.user_voted ? 'text-brand-700' : 'text-slate-600',
          )}
        >
          <ThumbsUp className="size-4" aria-hidden="true" />
          <span>{comment.votes}</span>
        </button>
        {!isReply && canWrite && (
          <LinkButton
            onClick={() =>
              // spec §5: replies are for signed-in users; a visitor signs in first, then the form opens here
              requireSignIn(() => setMode(mode === 'replying' ? 'idle' : 'replying'), {
                reason: 'Sign in to reply.',
                mode: 'sign-in',
              })
            }
          >
            Reply
          </LinkButton>
        )}
        {isAuthor && <LinkButton onClick={() => setMode('editing')}>Edit</LinkButton>}
        {isAuthor && <LinkButton onClick={() => setMode('confirm-delete')}>Delete</LinkButton>}
        {isModerator && (
          <LinkButton onClick={() => setMode('confirm-flag')}>{comment.flagged ? 'Unflag' : 'Flag'}</LinkButton>
        )}
      </div>
      {refusal && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {refusal}
        </p>
      )}
      {mode === 'confirm-delete' && (
        <InlineConfirm
          question="Are you sure you want to delete your comment?"
          onYes={() => {
            setMode('idle')
            remove.mutate()
          }}
          onNo={() => setMode('idle')}
        />
      )}
      {mode === 'confirm-flag' && (
        <InlineConfirm
          question={comment.flagged ? 'Clear the flag on this comment?' : 'Are you sure you want to flag this comment?'}
          onYes={() => {
            setMode('idle')
            flag.mutate()
          }}
          onNo={() => setMode('idle')}
        />
      )}
      {mode === 'replying' && user && (
        <CommentForm
          type="reply"
          commentable={commentable}
          commentId={comment.id}
          onDone={() => setMode('idle')}
          submitLabel="Reply"
        />
      )}
      {children.length > 0 && (
        <ol className="mt-4 space-y-3 border-l-2 border-slate-100 pl-4">
          {children.map((child) => (
            <li key={child.id}>
              <CommentItem comment={child} commentable={commentable} isReply targetId={targetId} />
            </li>
          ))}
        </ol>
      )}
    </article>
  )
}

function LinkButton({ onClick, children }: { onClick: () => void; children: React.ReactNode }) {
  return (
    <button type="button" onClick={onClick} className="font-medium text-slate-600 hover:text-brand-700 hover:underline">
      {children}
    </button>
  )
}

/** The markdown editor: create, edit and reply forms (spec §4 comment form types). */
function CommentForm({
  type,
  commentable,
  commentId,
  initialBody = '',
  onDone,
  submitLabel,
}: {
  type: 'create' | 'edit' | 'reply'
  commentable: Commentable
  commentId?: number
  initialBody?: string
  onDone: () => void
  submitLabel: string
}) {
  const { user } = useCurrentUser()
  const queryClient = useQueryClient()
  const [body, setBody] = useState(initialBody)
  const [refusal, setRefusal] = useState<string | null>(null)
  const fieldId = useId()
  const save = useMutation({
    mutationFn: (signedIn: CurrentUser) => {
      if (type === 'edit') return updateComment(commentId!, body)
      if (type === 'reply') return replyToComment(commentable, commentId!, body, signedIn.id)
      return createComment(commentable, body, signedIn.id)
    },
    onMutate: () => setRefusal(null),
    onSuccess: () => {
      setBody('')
      onDone()
    },
    // spec §8: failures are swallowed and the form stays open with the text; a refusal says why (decision 023)
    onError: (error) => setRefusal(refusalOf(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentsQuery(commentable).queryKey }),
  })

  return (
    <form
      className="mt-3"
      onSubmit={(event) => {
        event.preventDefault()
        if (user && body.trim()) save.mutate(user)
      }}
    >
      <label htmlFor={fieldId} className="block text-xs font-medium text-slate-600">
        Parsed as Markdown
      </label>
      <textarea
        id={fieldId}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        rows={type === 'create' ? 4 : 3}
        maxLength={10_000}
        // biome-ignore lint/a11y/noAutofocus: the user just asked for this form
        autoFocus
        className="mt-1 block w-full rounded-lg border-0 px-3 py-2 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-600"
      />
      {refusal && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {refusal}
        </p>
      )}
      <div className="mt-2 flex gap-2">
        <Button type="submit" size="sm" isLoading={save.isPending} disabled={!body.trim()}>
          {submitLabel}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
