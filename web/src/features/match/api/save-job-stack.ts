// POST /api/v1/match/save_job_stack: replaces the job stack (services and excluded_services, each {id, required}).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { JobStackResponse } from '#contracts/match.ts'
import { apiFetch } from '../../../lib/api.ts'
import { jobStackQuery } from './get-job-stack.ts'

type Entry = { id: number; required: boolean }

export function useSaveJobStack() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (stack: { services: Entry[]; excluded_services: Entry[] }) =>
      apiFetch<JobStackResponse>('/api/v1/match/save_job_stack', { method: 'POST', body: { job_stack: stack } }),
    onSuccess: (data) => queryClient.setQueryData(jobStackQuery.queryKey, data),
  })
}
