// GET /api/v1/services/reason_votes: the signed-in user's votes on these tools' pros and cons (the page answer is
// public and cached, so who voted for what comes apart, and only for signed-in users).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ReasonVotesResponse } from '#contracts/tool-page.ts'
import { apiFetch } from '../../../lib/api.ts'

export const reasonVotesQuery = (toolIds: number[]) =>
  queryOptions({
    queryKey: ['tools', 'reason-votes', ...toolIds],
    queryFn: ({ signal }) =>
      apiFetch<ReasonVotesResponse>('/api/v1/services/reason_votes', { query: { service_ids: toolIds }, signal }),
  })

/** Reason id -> the user's vote (1 or -1); empty for visitors. */
export function useReasonVotes(toolIds: number[], isSignedIn: boolean): Map<number, number> {
  const { data } = useQuery({ ...reasonVotesQuery(toolIds), enabled: isSignedIn && toolIds.length > 0 })
  return new Map((isSignedIn ? (data?.votes ?? []) : []).map((vote) => [vote.reason_id, vote.vote]))
}
