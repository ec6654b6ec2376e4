// GET /api/v1/pros-and-cons/{endpoint}?page&per_page: one page of tool cards. The page walks the lists in order
// (spec §4): a page shorter than the page size moves on to the next list at page 1; after the last, the end.
import { infiniteQueryOptions } from '@tanstack/react-query'
import {
  PROS_CONS_ENDPOINTS,
  PROS_CONS_PAGE_SIZE,
  PROS_CONS_VISITOR_START,
  type ProsConsTool,
} from '#contracts/reasons.ts'
import { apiFetch } from '../../../lib/api.ts'

export interface ProsConsPageParam {
  /** Index into PROS_CONS_ENDPOINTS. */
  index: number
  page: number
}
export interface ProsConsPage extends ProsConsPageParam {
  tools: ProsConsTool[]
}

export function getProsConsPage({ index, page }: ProsConsPageParam, signal?: AbortSignal): Promise<ProsConsPage> {
  return apiFetch<ProsConsTool[]>(`/api/v1/pros-and-cons/${PROS_CONS_ENDPOINTS[index]}`, {
    query: { page, per_page: PROS_CONS_PAGE_SIZE },
    signal,
  }).then((tools) => ({ index, page, tools }))
}

export function nextProsConsPageParam(last: ProsConsPage): ProsConsPageParam | undefined {
  if (last.tools.length >= PROS_CONS_PAGE_SIZE) return { index: last.index, page: last.page + 1 }
  if (last.index + 1 < PROS_CONS_ENDPOINTS.length) return { index: last.index + 1, page: 1 }
  return undefined
}

/** Keyed by the viewer: visitors start at the third list, signed-in users at the first. */
export const prosConsQueryKey = (userId: number | null) => ['pros-and-cons', userId ?? 'visitor'] as const

export const prosConsQuery = (userId: number | null) =>
  infiniteQueryOptions({
    queryKey: prosConsQueryKey(userId),
    queryFn: ({ pageParam, signal }) => getProsConsPage(pageParam, signal),
    initialPageParam: { index: userId === null ? PROS_CONS_VISITOR_START : 0, page: 1 } as ProsConsPageParam,
    getNextPageParam: nextProsConsPageParam,
    // The page edits its cards in place; a background refetch would reorder them under the reader.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  })

/** Every card once, in the order first met (the lists can overlap). */
export function flattenProsConsPages(pages: ProsConsPage[] | undefined): ProsConsTool[] {
  const seen = new Set<number>()
  const cards: ProsConsTool[] = []
  for (const page of pages ?? []) {
    for (const tool of page.tools) {
      if (seen.has(tool.id)) continue
      seen.add(tool.id)
      cards.push(tool)
    }
  }
  return cards
}
