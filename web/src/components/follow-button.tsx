// The follow button (specs/stack-match-and-community.md §2 'Follow button', §4 Follow, §5, §7 Follows): 125 px
// wide, the follower count ('1.2K') and whether the viewer follows. A click calls the toggle and shows what the
// server answers (no guess first, so nothing to roll back). Signed-out users get the sign-up modal, and the follow
// happens once they are in. An impersonated session cannot toggle (§5): the button says so instead of calling. A
// refused or failed toggle shows why under the button and the status is fetched again (decision 023).
// The two calls live here, beside their only user, so pages need a single import.
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Check, Plus, X } from 'lucide-react'
import { useId, useState } from 'react'
import type { FolloweeType, FollowStatusResponse } from '#contracts/follows.ts'
import { IMPERSONATED_FOLLOW } from '#contracts/follows-messages.ts'
import { ApiError, apiFetch } from '../lib/api.ts'
import { useCurrentUser, useSignInModal } from '../lib/session.tsx'
import { cn } from './ui/cn.ts'

export interface FollowButtonProps {
  followeeType: FolloweeType
  followeeId: number
  /** Named in the sign-up prompt and the accessible label ("Follow React"). */
  followeeName: string
  className?: string
}

/** GET /api/v1/follows/following */
export const followStatusQuery = (followeeType: FolloweeType, followeeId: number) =>
  queryOptions({
    queryKey: ['follows', followeeType, followeeId],
    queryFn: ({ signal }) =>
      apiFetch<FollowStatusResponse>('/api/v1/follows/following', {
        query: { followee_type: followeeType, followee_id: followeeId },
        signal,
      }),
  })

/**
 * The button's status loaded with the page it is on (each page's prefetch): the server draws the real follower count
 * and whether the viewer follows, as the browser does, never a placeholder. Nothing for a followee not found.
 */
export async function prefetchFollowStatus(
  queryClient: QueryClient,
  followee: { type: FolloweeType; id: number } | undefined,
) {
  if (followee) await queryClient.prefetchQuery(followStatusQuery(followee.type, followee.id))
}

/** GET /api/v1/follows/toggle (a GET in the spec; the server checks its origin like a write) */
function toggleFollow(followeeType: FolloweeType, followeeId: number) {
  return apiFetch<FollowStatusResponse>('/api/v1/follows/toggle', {
    query: { followee_type: followeeType, followee_id: followeeId },
  })
}

const FOLLOW_FAILED = 'Could not update the follow. Try again.'

export function FollowButton({ followeeType, followeeId, followeeName, className }: FollowButtonProps) {
  const { user } = useCurrentUser()
  const modal = useSignInModal()
  const queryClient = useQueryClient()
  const status = useQuery(followStatusQuery(followeeType, followeeId))
  const [problem, setProblem] = useState<string | null>(null)
  const problemId = useId()
  const isImpersonated = Boolean(user?.impersonated)
  const toggle = useMutation({
    mutationFn: () => toggleFollow(followeeType, followeeId),
    onMutate: () => setProblem(null),
    onError: (error) => {
      setProblem(error instanceof ApiError && error.status < 500 ? error.message || FOLLOW_FAILED : FOLLOW_FAILED)
      // show what the server holds, whatever happened to the call
      void queryClient.invalidateQueries({ queryKey: followStatusQuery(followeeType, followeeId).queryKey })
    },
    // spec §4: the state flips from the server's answer
    onSuccess: (answer) => {
      queryClient.setQueryData(followStatusQuery(followeeType, followeeId).queryKey, answer)
      // profile pages list followers and following (web/src/features/profiles/api/get-followers.ts)
      void queryClient.invalidateQueries({ queryKey: ['follow-lists'] })
    },
  })
  const data = status.data?.data
  const isFollowing = data?.following ?? false

  const onClick = () => {
    if (!user) {
      modal.open({
        mode: 'sign-up',
        reason: `Sign up to follow ${followeeName}.`,
        onSignedIn: async () => {
          // refetch as the signed-in user first: they may follow it already
          const fresh = await queryClient.fetchQuery({ ...followStatusQuery(followeeType, followeeId), staleTime: 0 })
          if (!fresh.data.following) toggle.mutate()
        },
      })
      return
    }
    // spec §5: an impersonated user cannot toggle; the server would refuse with the same sentence
    if (isImpersonated) return setProblem(IMPERSONATED_FOLLOW)
    toggle.mutate()
  }

  return (
    <div className={cn('relative inline-flex shrink-0', className)}>
      <button
        type="button"
        onClick={onClick}
        disabled={toggle.isPending}
        aria-disabled={isImpersonated || undefined}
        aria-describedby={problem ? problemId : undefined}
        title={isImpersonated ? IMPERSONATED_FOLLOW : undefined}
        aria-pressed={isFollowing}
        aria-label={`${isFollowing ? 'Following' : 'Follow'} ${followeeName}, ${data?.follower_count_readable ?? 0} followers`}
        data-testid="follow-button"
        className={cn(
          'inline-flex h-10 w-[125px] shrink-0 items-center justify-between gap-1 overflow-hidden rounded-lg text-sm font-medium ring-1 transition-colors disabled:cursor-wait',
          isFollowing
            ? 'bg-brand-600 text-white ring-brand-600 hover:bg-brand-700'
            : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
          isImpersonated && 'cursor-not-allowed opacity-60',
        )}
      >
        <span className="flex items-center gap-1 pl-3">
          {isFollowing ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Plus className="size-4" aria-hidden="true" />
          )}
          {isFollowing ? 'Following' : 'Follow'}
        </span>
        <span
          aria-hidden="true"
          className={cn(
            'flex h-full items-center border-l px-2 tabular-nums',
            isFollowing ? 'border-white/30' : 'border-slate-300 text-slate-600',
          )}
        >
          {data?.follower_count_readable ?? '–'}
        </span>
      </button>
      {problem && (
        <div
          role="alert"
          data-testid="follow-problem"
          className="absolute top-full left-0 z-20 mt-1 flex w-56 items-start gap-2 rounded-lg bg-white p-2.5 text-xs text-red-800 shadow-lg ring-1 ring-red-200"
        >
          <p id={problemId} className="min-w-0 flex-1">
            {problem}
          </p>
          <button
            type="button"
            onClick={() => setProblem(null)}
            aria-label="Dismiss"
            className="-m-1 rounded p-1 text-red-700 hover:bg-red-50"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  )
}
