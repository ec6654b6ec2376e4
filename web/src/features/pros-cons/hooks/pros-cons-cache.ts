// Cache edits after a write the server confirmed: one card in every cached page, and the header's points.
import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { ProsConsTool } from '#contracts/reasons.ts'
import type { CurrentUserResponse } from '#contracts/users.ts'
import { currentUserQuery } from '../../../lib/session.tsx'
import { type ProsConsPage, prosConsQueryKey } from '../api/get-pros-cons-page.ts'

export function updateProsConsCard(
  queryClient: QueryClient,
  userId: number | null,
  toolId: number,
  change: (card: ProsConsTool) => ProsConsTool,
) {
  queryClient.setQueryData<InfiniteData<ProsConsPage>>(prosConsQueryKey(userId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            tools: page.tools.map((tool) => (tool.id === toolId ? change(tool) : tool)),
          })),
        }
      : data,
  )
}

/** The server answers the author's points after adding or deleting a reason: the header counts to them. */
export function setCurrentUserPoints(queryClient: QueryClient, points: number) {
  queryClient.setQueryData<CurrentUserResponse>(currentUserQuery.queryKey, (data) =>
    data?.user ? { ...data, user: { ...data.user, popularity: points } } : data,
  )
}
