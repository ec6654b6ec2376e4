// A tool's search document (name A, aliases B, title C), shared by the catalog seed, tool creation and the
// search query's expectations (docs/decisions/006-tool-search.md). Writing it fires the trigger tool_search_sync
// (migration 0013_tool_search), which copies the name and alias words into tool_search and tool_search_prefix,
// the narrow tables search reads.
import { inArray, sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { toolAliases, toolSearch, toolSearchPrefixes, tools } from './schema/index.ts'

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
 * changes (the trigger then rewrites their search rows). A full refresh also refreshes the planner's statistics of
 * the search tables, which PGlite never does by itself (docs/decisions/006-tool-search.md).
 */
export async function refreshToolSearchVectors(db: Db, ids?: number[]) {
  if (ids && ids.length === 0) return
  await db
    .update(tools)
    .set({ searchVector: sql`${toolSearchDocument}` as unknown as string })
    .where(ids ? inArray(tools.id, ids) : undefined)
  // The trigger rewrites the rows whose words changed; an alias change can also change a rank tier alone
  if (ids) await db.execute(sql`select tool_search_refresh(${`{${ids.join(',')}}`}::integer[])`)
  else await prepareToolSearchIndex(db)
}

/** After a bulk write of search vectors (the catalog seed): ANALYZE, which runs inside a transaction, unlike
 * VACUUM. The search index has no pending list to merge (fastupdate off). */
export async function prepareToolSearchIndex(db: Db) {
  await db.execute(sql`analyze ${tools}, ${toolSearch}, ${toolSearchPrefixes}`)
}

/**
 * After the catalog's bulk write has committed (a fresh install's seed): VACUUM of the tables search reads, outside
 * any transaction as VACUUM must be. It marks their pages all-visible, so the index-only scans of
 * tool_search_prefix read no heap: ranking a prefix ran about 3.5 times as fast (pgbench on the bench's 10,000
 * tools, decision 070). No ANALYZE: the seed's refresh already ran it (prepareToolSearchIndex). PostgreSQL's
 * autovacuum would get there in its own time; PGlite has no autovacuum, so without this its tables never would.
 */
export async function vacuumToolSearch(db: Db) {
  await db.execute(sql`vacuum ${tools}, ${toolAliases}, ${toolSearch}, ${toolSearchPrefixes}`)
}
