// A page's prefetch (app/routes.tsx): what runs on the server before the page renders.
import type { QueryClient } from '@tanstack/react-query'
import { type LoaderFunctionArgs, redirect } from 'react-router'

/** Loads what a page shows into the query cache on the server; may answer a redirect (a moved slug). */
export type Prefetch = (queryClient: QueryClient, args: LoaderFunctionArgs) => Promise<Response | undefined>

/**
 * A 301 to the page's canonical address when the request asked for it by another (an alias such as /tools/nodejs,
 * a comparison in the other order, a slug in capitals), with the query string kept; nothing when it is the same or
 * unknown (the answer failed: the page shows why).
 */
export function redirectToCanonical(request: Request, canonicalPath: string | undefined): Response | undefined {
  if (canonicalPath === undefined) return undefined
  const url = new URL(request.url)
  return safeDecode(url.pathname) === canonicalPath ? undefined : redirect(`${canonicalPath}${url.search}`, 301)
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}
