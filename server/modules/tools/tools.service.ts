// Tool submission and name resolution: the rules that sit between the routes and the queries.
import type { Db } from '../../db/client.ts'
import {
  findToolIdByName,
  findToolsByExactSlugs,
  findToolsByIds,
  insertSubmittedTool,
  listToolsWithWebsiteLike,
  resolveToolSlugs,
  type ToolListRow,
} from './tools.queries.ts'

type Viewer = { id: number; isModerator: boolean } | null

/**
 * The site a URL names: host without 'www.', and the path without a trailing slash, lower-cased. Two tools on
 * one host with different paths (github.com/a/x, github.com/b/y) are different sites; 'react.dev' and
 * 'https://www.react.dev/' are the same.
 */
export function siteKey(url: string): string | null {
  try {
    const parsed = new URL(url)
    const host = parsed.hostname.toLowerCase().replace(/^www\./, '')
    const path = parsed.pathname.toLowerCase().replace(/\/+$/, '')
    return `${host}${path}`
  } catch {
    return null
  }
}

/**
 * spec (POST /api/v1/services/create): a tool that already exists by name or website is answered instead of a
 * duplicate; otherwise a new, unapproved tool submitted by the user.
 */
export async function submitTool(
  db: Db,
  input: { name: string; websiteUrl: string },
  userId: number,
): Promise<{ toolId: number; isNew: boolean }> {
  const byName = await findToolIdByName(db, input.name)
  if (byName !== null) return { toolId: byName, isNew: false }
  const key = siteKey(input.websiteUrl)
  if (key) {
    const host = key.split('/')[0]!
    const candidates = await listToolsWithWebsiteLike(db, host)
    const match = candidates.find((candidate) => candidate.websiteUrl && siteKey(candidate.websiteUrl) === key)
    if (match) return { toolId: match.id, isNew: false }
  }
  const toolId = await insertSubmittedTool(db, { ...input, submittedById: userId })
  return { toolId, isNew: true }
}

/** find_all_by_slug: each input resolved loosely (slug, name, alias), in input order, unknown ones skipped. */
export async function findToolsByLooseSlugs(db: Db, inputs: string[], viewer: Viewer): Promise<ToolListRow[]> {
  const resolved = await resolveToolSlugs(db, inputs)
  const ids = [...new Set(resolved.values())]
  return inInputOrder(await findToolsByIds(db, ids, viewer), ids, (row) => row.id)
}

/** find_all_by_actual_slug: exact slugs only, in input order, unknown ones skipped. */
export async function findToolsByActualSlugs(db: Db, slugs: string[], viewer: Viewer): Promise<ToolListRow[]> {
  const lowered = slugs.map((slug) => slug.toLowerCase())
  return inInputOrder(await findToolsByExactSlugs(db, lowered, viewer), lowered, (row) => row.slug)
}

function inInputOrder<T, K>(rows: T[], order: K[], keyOf: (row: T) => K): T[] {
  const byKey = new Map(rows.map((row) => [keyOf(row), row]))
  return order.flatMap((key) => {
    const row = byKey.get(key)
    return row ? [row] : []
  })
}
