// Pros and cons of a tool in two columns, most votes first, each with an up-vote toggle (spec §5: voting signed out
// opens the sign-in modal; §8: a failed vote is swallowed silently). Used by the tool page and the comparison page.
import { ThumbsDown, ThumbsUp } from 'lucide-react'
import type { ToolPageReason } from '#contracts/tool-page.ts'
import { cn } from '../../../components/ui/cn.ts'
import { useCurrentUser, useSignInModal } from '../../../lib/session.tsx'
import { useToggleReasonVote } from '../api/toggle-reason-vote.ts'

export interface ReasonColumnsProps {
  toolName: string
  pros: ToolPageReason[]
  cons: ToolPageReason[]
  prosCount: number
  consCount: number
  /** Reason id -> the signed-in user's vote. */
  myVotes: Map<number, number>
  /** Heading level of the two column titles. */
  headingLevel?: 'h3' | 'h4'
  /** Cons below pros at every width (a comparison's half-width column). */
  isStacked?: boolean
}

export function ReasonColumns({
  toolName,
  pros,
  cons,
  prosCount,
  consCount,
  myVotes,
  headingLevel = 'h3',
  isStacked = false,
}: ReasonColumnsProps) {
  return (
    <div className={cn('grid grid-cols-1 gap-4', !isStacked && 'sm:grid-cols-2')}>
      <ReasonColumn
        kind="pro"
        toolName={toolName}
        reasons={pros}
        total={prosCount}
        myVotes={myVotes}
        headingLevel={headingLevel}
      />
      <ReasonColumn
        kind="con"
        toolName={toolName}
        reasons={cons}
        total={consCount}
        myVotes={myVotes}
        headingLevel={headingLevel}
      />
    </div>
  )
}

function ReasonColumn({
  kind,
  toolName,
  reasons,
  total,
  myVotes,
  headingLevel: Heading,
}: {
  kind: 'pro' | 'con'
  toolName: string
  reasons: ToolPageReason[]
  total: number
  myVotes: Map<number, number>
  headingLevel: 'h3' | 'h4'
}) {
  const Icon = kind === 'pro' ? ThumbsUp : ThumbsDown
  const label = kind === 'pro' ? 'Pros' : 'Cons'
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200" data-testid={`${kind}s`}>
      <Heading className="flex items-center gap-2 font-semibold text-slate-900">
        <Icon className={cn('size-4', kind === 'pro' ? 'text-emerald-600' : 'text-rose-600')} aria-hidden="true" />
        {label} of {toolName}
        <span className="text-sm font-normal text-slate-500">({total})</span>
      </Heading>
      {reasons.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No {label.toLowerCase()} yet.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {reasons.map((reason) => (
            <ReasonRow key={reason.id} reason={reason} myVote={myVotes.get(reason.id) ?? 0} />
          ))}
        </ul>
      )}
      {total > reasons.length && (
        <p className="mt-3 text-xs text-slate-500">
          Showing the top {reasons.length} of {total}.
        </p>
      )}
    </div>
  )
}

function ReasonRow({ reason, myVote }: { reason: ToolPageReason; myVote: number }) {
  const { user } = useCurrentUser()
  const modal = useSignInModal()
  const vote = useToggleReasonVote()
  const hasUpvoted = myVote === 1
  const onVote = () => {
    if (!user) {
      modal.open({ reason: 'Sign in to vote on pros and cons.', onSignedIn: () => vote.mutate(reason) })
      return
    }
    vote.mutate(reason)
  }
  return (
    <li className="flex items-start gap-3">
      <button
        type="button"
        onClick={onVote}
        disabled={vote.isPending}
        aria-pressed={hasUpvoted}
        aria-label={`Upvote "${reason.text}", ${reason.votes} ${Math.abs(reason.votes) === 1 ? 'vote' : 'votes'}`}
        data-testid="reason-vote"
        className={cn(
          'flex h-9 w-12 shrink-0 flex-col items-center justify-center rounded-md text-xs font-semibold ring-1 transition-colors disabled:cursor-wait',
          hasUpvoted
            ? 'bg-brand-600 text-white ring-brand-600 hover:bg-brand-700'
            : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 hover:ring-brand-500',
        )}
      >
        <ThumbsUp className="size-3.5" aria-hidden="true" />
        <span>{reason.votes}</span>
      </button>
      <span className="min-w-0 pt-1">
        <span className="block break-words text-sm text-slate-800">{reason.text}</span>
        {reason.username && <span className="block text-xs text-slate-500">Submitted by @{reason.username}</span>}
      </span>
    </li>
  )
}
