// POST /api/v1/reasons/toggle_vote from a tool or comparison page: an up-vote, the same again takes it back. The
// answered total goes into every cached page showing the reason, and the user's vote into their cached votes.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ToggleVoteResponse } from '#contracts/reasons.ts'
import type { ReasonVotesResponse, StackupResponse, ToolPageReason, ToolPageResponse } from '#contracts/tool-page.ts'
import { apiFetch } from '../../../lib/api.ts'

function toggleReasonVote(id: number): Promise<ToggleVoteResponse> {
  return apiFetch<ToggleVoteResponse>('/api/v1/reasons/toggle_vote', { method: 'POST', body: { id, vote: 1 } })
}

const withVotes = (reasons: ToolPageReason[], id: number, votes: number) =>
  reasons.map((reason) => (reason.id === id ? { ...reason, votes } : reason))

export function useToggleReasonVote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (reason: ToolPageReason) => toggleReasonVote(reason.id),
    onSuccess: ({ reason }) => {
      const votes = reason.cached_votes_total
      queryClient.setQueriesData<ToolPageResponse>({ queryKey: ['tools', 'detail'] }, (page) =>
        page
          ? { ...page, pros: withVotes(page.pros, reason.id, votes), cons: withVotes(page.cons, reason.id, votes) }
          : page,
      )
      queryClient.setQueriesData<StackupResponse>({ queryKey: ['tools', 'stackup'] }, (stackup) =>
        stackup
          ? {
              ...stackup,
              tools: stackup.tools.map((side) => ({
                ...side,
                pros: withVotes(side.pros, reason.id, votes),
                cons: withVotes(side.cons, reason.id, votes),
              })) as StackupResponse['tools'],
            }
          : stackup,
      )
      queryClient.setQueriesData<ReasonVotesResponse>({ queryKey: ['tools', 'reason-votes'] }, (mine) => {
        if (!mine) return mine
        const others = mine.votes.filter((vote) => vote.reason_id !== reason.id)
        return {
          votes: reason.user_vote === 0 ? others : [...others, { reason_id: reason.id, vote: reason.user_vote }],
        }
      })
    },
  })
}
