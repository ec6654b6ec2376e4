// A tool's search document (name A, aliases B, title C), shared by the catalog seed, tool creation and the
// search query's expectations (docs/decisions/006-tool-search.md).
import { inArray, sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { tools } from './schema/index.ts'

export const toolSearchDocument = sql`
  setweight(to_tsvector('simple',
    "tool"."name" || ' ' || regexp_replace("tool"."name", '[^[:alnum:]]+', ' ', 'g') || ' ' ||
    regexp_replace(lower("tool"."name"), '[[:space:]._-]+', '', 'g')), 'A') ||
  setweight(to_tsvector('simple', coalesce((
    select string_agg("tool_alias"."alias" || ' ' || regexp_replace("tool_alias"."alias", '[^[:alnum:]]+', ' ', 'g'), ' ')
    from "tool_alias" where "tool_alias"."tool_id" = "tool"."id"), '')), 'B') ||
  setweight(to_tsvector('simple', coalesce("tool"."title", '')), 'C')`

/**
 * Recomputes search_vector for the given tools (all tools when ids is omitted): after inserts, renames and alias
 * changes. A full refresh also merges the GIN index's pending list and refreshes the planner's statistics: freshly
 * written entries wait in that list, which every search scans in full until (auto)vacuum merges it, and PGlite
 * never autovacuums (docs/decisions/006-tool-search.md).
 */
export async function refreshToolSearchVectors(db: Db, ids?: number[]) {
  if (ids && ids.length === 0) return
  await db
    .update(tools)
    .set({ searchVector: sql`${toolSearchDocument}` as unknown as string })
    .where(ids ? inArray(tools.id, ids) : undefined)
  if (!ids) await prepareToolSearchIndex(db)
}

/** After a bulk write of search vectors (the catalog seed): merge the GIN pending list, then ANALYZE. Both run
 * inside a transaction, unlike VACUUM. */
export async function prepareToolSearchIndex(db: Db) {
  await db.execute(sql`select gin_clean_pending_list('tool_search_vector_idx')`)
  await db.execute(sql`analyze ${tools}`)
}
