// PUT /api/v1/companies/{slug}/jobs/{id} {job}: changes a job and its tools.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CompanyJobResponse, JobBody } from '#contracts/jobs.ts'
import { apiFetch } from '../../../lib/api.ts'
import { afterJobChange } from './after-job-change.ts'

export function updateCompanyJob(slug: string, id: number, job: JobBody['job']) {
  return apiFetch<CompanyJobResponse>(`/api/v1/companies/${encodeURIComponent(slug)}/jobs/${id}`, {
    method: 'PUT',
    body: { job },
  })
}

export function useUpdateCompanyJob(slug: string, id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (job: JobBody['job']) => updateCompanyJob(slug, id, job),
    onSuccess: () => afterJobChange(queryClient, slug),
  })
}
