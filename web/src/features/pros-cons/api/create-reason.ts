// POST /api/v1/pros-and-cons: body reason {service_id, text, con}; answers service_id, reason and the points.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateReasonBody, CreateReasonResponse } from '#contracts/reasons.ts'
import { apiFetch } from '../../../lib/api.ts'
import { setCurrentUserPoints, updateProsConsCard } from '../hooks/pros-cons-cache.ts'

export const createReason = (reason: CreateReasonBody['reason']) =>
  apiFetch<CreateReasonResponse>('/api/v1/pros-and-cons', { method: 'POST', body: { reason } })

export function useCreateReason(userId: number | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createReason,
    onSuccess: (answer) => {
      setCurrentUserPoints(queryClient, answer.points)
      updateProsConsCard(queryClient, userId, answer.service_id, (card) =>
        answer.reason.type === 'con'
          ? { ...card, cons: [...card.cons, answer.reason] }
          : { ...card, pros: [...card.pros, answer.reason] },
      )
    },
  })
}
