// What every page's frame shows, loaded on the server before it renders: the site's name and who is signed in.
import type { QueryClient } from '@tanstack/react-query'
import { currentUserQuery } from '../lib/session.tsx'
import { siteQuery } from '../lib/site.ts'

export async function prefetchLayout(queryClient: QueryClient) {
  await Promise.all([queryClient.prefetchQuery(siteQuery), queryClient.prefetchQuery(currentUserQuery)])
  return null
}
