// GET /api/v1/stacks/personal_github_installed: whether the user connected GitHub, which allows private personal stacks.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api.ts'

export const personalGithubInstalledQuery = queryOptions({
  queryKey: ['stacks', 'personal-github-installed'],
  queryFn: ({ signal }) => apiFetch<boolean>('/api/v1/stacks/personal_github_installed', { signal }),
})

export function usePersonalGithubInstalled(options: { enabled: boolean }) {
  return useQuery({ ...personalGithubInstalledQuery, enabled: options.enabled })
}
