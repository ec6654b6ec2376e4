// One pro or con: its text (hover or focus shows 'Submitted By' with the author), the up-vote toggle and, for the
// author while it has at most 1 vote, Delete after 'Are you sure you want to delete this?' (spec §2, §5).
import { ArrowUp, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { type ProsConsReason, REASON_DELETE_CONFIRM, REASON_DELETE_MAX_VOTES } from '#contracts/reasons.ts'
import { Avatar } from '../../../components/ui/avatar.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { InlineConfirm } from '../../../components/ui/inline-confirm.tsx'
import { Tooltip } from '../../../components/ui/tooltip.tsx'

export function ReasonItem({
  reason,
  viewerId,
  onVote,
  onDelete,
  isVoting,
  isDeleting,
}: {
  reason: ProsConsReason
  viewerId: number | null
  onVote: () => void
  onDelete: () => void
  isVoting: boolean
  isDeleting: boolean
}) {
  const [isConfirming, setIsConfirming] = useState(false)
  const canDelete = viewerId !== null && reason.user_id === viewerId && reason.votes <= REASON_DELETE_MAX_VOTES
  const text = <span className="min-w-0 flex-1 break-words text-slate-800">{reason.text}</span>
  return (
    <li className="py-2" data-testid="reason">
      <div className="flex items-start gap-3">
        <button
          type="button"
          onClick={onVote}
          disabled={isVoting}
          aria-pressed={reason.user_voted_for}
          aria-label={`Upvote “${reason.text}”, ${reason.votes} ${Math.abs(reason.votes) === 1 ? 'vote' : 'votes'}`}
          className={cn(
            'flex w-11 shrink-0 flex-col items-center rounded-md py-1 text-xs font-semibold ring-1 transition-colors disabled:cursor-wait',
            reason.user_voted_for
              ? 'bg-brand-600 text-white ring-brand-600 hover:bg-brand-700'
              : 'bg-white text-slate-600 ring-slate-300 hover:bg-slate-50 hover:text-brand-700',
          )}
        >
          <ArrowUp className="size-4" aria-hidden="true" />
          <span data-testid="reason-votes">{reason.votes}</span>
        </button>
        <div className="flex min-w-0 flex-1 items-start gap-2 pt-1">
          {reason.username ? (
            <Tooltip
              content={
                <span className="flex items-center gap-2">
                  <span className="text-xs uppercase tracking-wide text-slate-300">Submitted By</span>
                  <Avatar
                    user={{ name: reason.username, username: reason.username, image_url: reason.user_avatar }}
                    className="size-6 text-xs"
                  />
                  <span className="font-medium">{reason.username}</span>
                </span>
              }
            >
              <span className="min-w-0 flex-1 cursor-default" data-testid="reason-text">
                {text}
                {/* the tooltip is for pointers; screen readers hear the author here */}
                <span className="sr-only">{`, submitted by ${reason.username}`}</span>
              </span>
            </Tooltip>
          ) : (
            text
          )}
          {canDelete && !isConfirming && (
            <button
              type="button"
              onClick={() => setIsConfirming(true)}
              className="shrink-0 rounded p-1 text-slate-400 hover:bg-red-50 hover:text-red-600"
              aria-label={`Delete “${reason.text}”`}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
      </div>
      {isConfirming && (
        <InlineConfirm
          question={REASON_DELETE_CONFIRM}
          isPending={isDeleting}
          onYes={() => {
            setIsConfirming(false)
            onDelete()
          }}
          onNo={() => setIsConfirming(false)}
        />
      )}
    </li>
  )
}
