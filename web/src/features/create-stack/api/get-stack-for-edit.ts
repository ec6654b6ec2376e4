// GET /api/v1/stacks/edit?stack[slug]=&stack[owner][slug]=: the stack with its services and owner, for its editor.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { StackEdit } from '#contracts/stacks.ts'
import { apiFetch } from '../../../lib/api.ts'

export const stackForEditQuery = (ownerSlug: string, stackSlug: string) =>
  queryOptions({
    queryKey: ['stacks', 'edit', ownerSlug, stackSlug],
    queryFn: ({ signal }) =>
      apiFetch<StackEdit>('/api/v1/stacks/edit', {
        query: { 'stack[slug]': stackSlug, 'stack[owner][slug]': ownerSlug },
        signal,
      }),
    staleTime: 0,
  })

export function useStackForEdit(ownerSlug: string, stackSlug: string, options: { enabled: boolean }) {
  return useQuery({ ...stackForEditQuery(ownerSlug, stackSlug), enabled: options.enabled })
}
