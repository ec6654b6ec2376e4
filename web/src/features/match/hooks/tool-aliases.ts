// A URL's tool slug may be an alias or name the server's search resolves (/match/nodejs finds Node.js jobs) but the
// exact lookup does not; once resolved loosely (api/find-tools-by-alias.ts) the page lists the tool's own slug.

export interface ToolLists {
  included: string[]
  excluded: string[]
  /** Required flags by slug; an included slug without one is required (spec §4). */
  required: Record<string, boolean>
}

/**
 * Only a slug the loose lookup can answer for alone: a ',' would split it into two inputs there, and a part of only
 * digits is a tool id to the server's search (match.queries.ts resolveToolRefMap), not a name.
 */
export const isAliasCandidate = (slug: string) => !slug.includes(',') && !/^\d+$/.test(slug)

/**
 * Puts each alias's slug in its place (`renames`: alias -> slug), each tool listed once: an alias whose slug is
 * already listed is dropped. A tool in both lists stays excluded only, as the server reads such a search
 * (match.service.ts buildMatchFilters), and an included tool stays required when any of its spellings was; so the
 * search means what it did and its results stay.
 */
export function renameAliases({ included, excluded, required }: ToolLists, renames: Record<string, string>): ToolLists {
  const slugOf = (slug: string) => renames[slug] ?? slug
  const nextExcluded = [...new Set(excluded.map(slugOf))]
  const nextIncluded = [...new Set(included.map(slugOf))].filter((slug) => !nextExcluded.includes(slug))
  const nextRequired = Object.fromEntries(Object.entries(required).filter(([slug]) => renames[slug] === undefined))
  for (const slug of nextIncluded) {
    nextRequired[slug] = included.some((spelling) => slugOf(spelling) === slug && (required[spelling] ?? true))
  }
  return { included: nextIncluded, excluded: nextExcluded, required: nextRequired }
}
