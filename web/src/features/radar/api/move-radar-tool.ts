// PUT /api/v1/companies/{slug}/radar/{toolSlug}: an admin moves a tool to another ring, with a reason.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CompanyRadar, MoveRadarToolBody } from '#contracts/radar.ts'
import { apiFetch } from '../../../lib/api.ts'
import { companyRadarQuery } from './get-company-radar.ts'

export const moveRadarTool = ({ companySlug, toolSlug, ...body }: MoveRadarToolBody & MoveTarget) =>
  apiFetch<CompanyRadar>(`/api/v1/companies/${encodeURIComponent(companySlug)}/radar/${encodeURIComponent(toolSlug)}`, {
    method: 'PUT',
    body,
  })

interface MoveTarget {
  companySlug: string
  toolSlug: string
}

export function useMoveRadarTool(companySlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: moveRadarTool,
    // the answer is the whole radar after the move
    onSuccess: (radar) => queryClient.setQueryData(companyRadarQuery(companySlug).queryKey, radar),
  })
}
