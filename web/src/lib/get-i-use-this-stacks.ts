// GET /stacks/i_use_this/{serviceId}: the signed-in user's company and personal stacks, each marked whether it
// holds the tool (specs/onboarding-customers-teams-notifications.md §2 'I Use This', §7).
import { queryOptions } from '@tanstack/react-query'
import type { IUseThisResponse } from '#contracts/stacks.ts'
import { apiFetch } from './api.ts'

export const iUseThisStacksQuery = (serviceId: number) =>
  queryOptions({
    queryKey: ['i-use-this', serviceId],
    queryFn: ({ signal }) => apiFetch<IUseThisResponse>(`/stacks/i_use_this/${serviceId}`, { signal }),
    // The user's stacks change elsewhere (the wizard, the editor): check again whenever the menu opens.
    staleTime: 0,
  })
