// POST /api/v1/companies/{slug}/jobs/{id}/expire: closes a job now (it leaves Stack Match; its page stays).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CompanyJobResponse } from '#contracts/jobs.ts'
import { apiFetch } from '../../../lib/api.ts'
import { afterJobChange } from './after-job-change.ts'

export function expireCompanyJob(slug: string, id: number) {
  return apiFetch<CompanyJobResponse>(`/api/v1/companies/${encodeURIComponent(slug)}/jobs/${id}/expire`, {
    method: 'POST',
  })
}

export function useExpireCompanyJob(slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => expireCompanyJob(slug, id),
    onSuccess: () => afterJobChange(queryClient, slug),
  })
}
