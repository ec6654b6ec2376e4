// DELETE /api/v1/pros-and-cons/{id}: answers service_id, type, reason_id and the author's points.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DeleteReasonResponse } from '#contracts/reasons.ts'
import { apiFetch } from '../../../lib/api.ts'
import { setCurrentUserPoints, updateProsConsCard } from '../hooks/pros-cons-cache.ts'

export const deleteReason = (id: number) =>
  apiFetch<DeleteReasonResponse>(`/api/v1/pros-and-cons/${id}`, { method: 'DELETE' })

export function useDeleteReason(userId: number | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteReason,
    onSuccess: (answer) => {
      setCurrentUserPoints(queryClient, answer.points)
      updateProsConsCard(queryClient, userId, answer.service_id, (card) => ({
        ...card,
        pros: card.pros.filter((reason) => reason.id !== answer.reason_id),
        cons: card.cons.filter((reason) => reason.id !== answer.reason_id),
      }))
    },
    // spec §8: a failed delete is swallowed silently
    onError: () => {},
  })
}
