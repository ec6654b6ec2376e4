// The query cache a server-rendered page was drawn from, handed to the browser so it hydrates from the same answers
// instead of asking for them again. It travels as a JSON data block (never run, so the CSP's script-src 'self' holds)
// with '<' escaped, so no string in it can close the block. Failed answers travel too (a 404 renders the not-found
// page on both sides), their ApiError rebuilt on arrival so `instanceof ApiError` checks keep working, and not retried
// on mount (which would draw a loading state where the server drew the failure). Queries that are checked again on
// every mount keep the server's answer while its page is shown (staleUnlessServerAnswer).
import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query'
import type { ErrorEnvelope } from '#contracts/errors.ts'
import { ApiError } from './api.ts'

export const PAGE_STATE_ID = 'page-state'

interface SentError {
  status: number
  envelope: ErrorEnvelope['error']
}

const sentQueries = (queryClient: QueryClient) =>
  dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.status === 'error',
  })

/**
 * What the page is drawn from, as one string: each sent query's key, status, answer and error, without the times
 * the state carries (when each answer arrived), in the order of their keys, so two loads of the same data give the
 * same text whichever query was made first (server side).
 */
export function pageDataText(queryClient: QueryClient): string {
  const queries = sentQueries(queryClient).queries.sort((a, b) => (a.queryHash < b.queryHash ? -1 : 1))
  return JSON.stringify(
    queries.map(({ queryHash, state }) => [
      queryHash,
      state.status,
      state.data,
      state.error ? sentError(state.error) : null,
    ]),
  )
}

/** The page's queries as the text of its data block (server side). */
export function pageStateText(queryClient: QueryClient): string {
  const state = sentQueries(queryClient)
  for (const query of state.queries) {
    const error = query.state.error
    if (error) query.state.error = sentError(error) as unknown as Error
  }
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

function sentError(error: unknown): SentError {
  if (error instanceof ApiError)
    return { status: error.status, envelope: { code: error.code, message: error.message, fields: error.fields } }
  return { status: 500, envelope: { code: 'render_error', message: 'Something went wrong on our side.' } }
}

/** The answers the server-rendered page was drawn from (hydratePageState). */
const serverAnswers = new WeakSet<object>()
let isServerPageShown = false

/** Puts the server's answers into the browser's cache; false when the page was not rendered on the server. */
export function hydratePageState(queryClient: QueryClient): boolean {
  const block = document.getElementById(PAGE_STATE_ID)
  if (!block?.textContent) return false
  const state = JSON.parse(block.textContent) as DehydratedState
  for (const query of state.queries) {
    const sent = query.state.error as unknown as SentError | null
    if (!sent) continue
    query.state.error = new ApiError(sent.status, sent.envelope)
    // drawn as the server drew it (its not-found page), not as a retry's loading state
    queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false })
  }
  hydrate(queryClient, state)
  for (const query of state.queries) {
    const data = queryClient.getQueryData(query.queryKey)
    if (typeof data === 'object' && data !== null) serverAnswers.add(data)
  }
  isServerPageShown = true
  return true
}

/**
 * The staleTime of a query checked again on every mount (staleTime 0: data other pages change, such as a stack's
 * tools): the answer the server-rendered page was drawn from is not asked for again as that page hydrates, only when
 * a page showing it mounts after the user has moved on (leaveServerPage).
 */
export function staleUnlessServerAnswer(query: { state: { data: unknown } }): number {
  const data = query.state.data
  const isServerAnswer = typeof data === 'object' && data !== null && serverAnswers.has(data)
  return isServerPageShown && isServerAnswer ? Number.POSITIVE_INFINITY : 0
}

/** The first navigation away from the server-rendered page (main.tsx): its answers age as usual from then on. */
export function leaveServerPage() {
  isServerPageShown = false
}
