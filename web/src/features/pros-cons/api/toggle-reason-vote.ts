// POST /api/v1/pros-and-cons/{id}/toggle_vote: body vote (true gives the up-vote, false takes it back); answers
// id, serviceId, type, votes, user_voted_for.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ToggleReasonVoteResponse } from '#contracts/reasons.ts'
import { apiFetch } from '../../../lib/api.ts'
import { updateProsConsCard } from '../hooks/pros-cons-cache.ts'

export const toggleReasonVote = ({ id, vote }: { id: number; vote: boolean }) =>
  apiFetch<ToggleReasonVoteResponse>(`/api/v1/pros-and-cons/${id}/toggle_vote`, { method: 'POST', body: { vote } })

export function useToggleReasonVote(userId: number | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: toggleReasonVote,
    onSuccess: (answer) => {
      const apply = (reason: { id: number }) =>
        reason.id === answer.id ? { ...reason, votes: answer.votes, user_voted_for: answer.user_voted_for } : reason
      updateProsConsCard(queryClient, userId, answer.serviceId, (card) => ({
        ...card,
        pros: card.pros.map(apply) as typeof card.pros,
        cons: card.cons.map(apply) as typeof card.cons,
      }))
    },
    // spec §8: a failed vote is swallowed silently
    onError: () => {},
  })
}
