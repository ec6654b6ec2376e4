// DELETE /api/v1/companies/{slug}/jobs/{id}: deletes a job and its tools.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DeleteCompanyJobResponse } from '#contracts/jobs.ts'
import { apiFetch } from '../../../lib/api.ts'
import { afterJobChange } from './after-job-change.ts'

export function deleteCompanyJob(slug: string, id: number) {
  return apiFetch<DeleteCompanyJobResponse>(`/api/v1/companies/${encodeURIComponent(slug)}/jobs/${id}`, {
    method: 'DELETE',
  })
}

export function useDeleteCompanyJob(slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteCompanyJob(slug, id),
    onSuccess: () => afterJobChange(queryClient, slug),
  })
}
