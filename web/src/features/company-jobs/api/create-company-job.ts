// POST /api/v1/companies/{slug}/jobs {job}: posts a job; field errors come back in the envelope.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CompanyJobResponse, JobBody } from '#contracts/jobs.ts'
import { apiFetch } from '../../../lib/api.ts'
import { afterJobChange } from './after-job-change.ts'

export function createCompanyJob(slug: string, job: JobBody['job']) {
  return apiFetch<CompanyJobResponse>(`/api/v1/companies/${encodeURIComponent(slug)}/jobs`, {
    method: 'POST',
    body: { job },
  })
}

export function useCreateCompanyJob(slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (job: JobBody['job']) => createCompanyJob(slug, job),
    onSuccess: () => afterJobChange(queryClient, slug),
  })
}
