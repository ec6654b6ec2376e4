// POST /api/v1/reasons/toggle_vote: vote 1 or -1 on a reason; the same vote again takes it back.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ServiceWithReasons, ToggleVoteResponse } from '#contracts/reasons.ts'
import { apiFetch } from '../../../lib/api.ts'

export function toggleVote(id: number, vote: 1 | -1): Promise<ToggleVoteResponse> {
  return apiFetch<ToggleVoteResponse>('/api/v1/reasons/toggle_vote', { method: 'POST', body: { id, vote } })
}

/** Votes and puts the answered reason (new total, the user's vote) into every cached reasons list. */
export function useToggleVote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, vote }: { id: number; vote: 1 | -1 }) => toggleVote(id, vote),
    onSuccess: ({ reason }) => {
      queryClient.setQueriesData<ServiceWithReasons[]>({ queryKey: ['stack-builder', 'reasons'] }, (services) =>
        services?.map((service) => ({
          ...service,
          reasons: service.reasons.map((existing) => (existing.id === reason.id ? reason : existing)),
        })),
      )
    },
  })
}
