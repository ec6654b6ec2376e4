// The follow button (specs/stack-match-and-community.md §2 'Follow button', §4 Follow, §5, §7 Follows): 125 px
// wide, the follower count ('1.2K') and whether the viewer follows. A click calls the toggle and shows what the
// server answers (no guess first). Signed-out users get the sign-up modal, and the follow happens once they are in.
// The two calls live here, beside their only user, so pages need a single import.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Check, Plus } from 'lucide-react'
import type { FolloweeType, FollowStatusResponse } from '#contracts/follows.ts'
import { apiFetch } from '../lib/api.ts'
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

/** GET /api/v1/follows/toggle (a GET in the spec; the server checks its origin like a write) */
function toggleFollow(followeeType: FolloweeType, followeeId: number) {
  return apiFetch<FollowStatusResponse>('/api/v1/follows/toggle', {
    query: { followee_type: followeeType, followee_id: followeeId },
  })
}

export function FollowButton({ followeeType, followeeId, followeeName, className }: FollowButtonProps) {
  const { user } = useCurrentUser()
  const modal = useSignInModal()
  const queryClient = useQueryClient()
  const status = useQuery(followStatusQuery(followeeType, followeeId))
  const toggle = useMutation({
    mutationFn: () => toggleFollow(followeeType, followeeId),
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
    toggle.mutate()
  }

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={toggle.isPending}
      aria-pressed={isFollowing}
      aria-label={`${isFollowing ? 'Following' : 'Follow'} ${followeeName}, ${data?.follower_count_readable ?? 0} followers`}
      data-testid="follow-button"
      className={cn(
        'inline-flex h-10 w-[125px] shrink-0 items-center justify-between gap-1 overflow-hidden rounded-lg text-sm font-medium ring-1 transition-colors disabled:cursor-wait',
        isFollowing
          ? 'bg-brand-600 text-white ring-brand-600 hover:bg-brand-700'
          : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
        className,
      )}
    >
      <span className="flex items-center gap-1 pl-3">
        {isFollowing ? <Check className="size-4" aria-hidden="true" /> : <Plus className="size-4" aria-hidden="true" />}
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
  )
}
