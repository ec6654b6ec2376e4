// What Stack Match and the job pages read of the catalog on every request, kept per instance (DbMemo): tool
// references resolved to ids (the defaults react and nodejs and the popular tools come with most searches) and the
// tools of result cards. Forgotten on every instance when the catalog changes (NOTIFY catalog_changed, heard in
// tools.routes.ts): triggers send it for every write to a field these carry, a tool's listing, name, slug, logo or
// package flag, the tools and aliases a reference resolves to (migrations 0013 and 0027, decision 059).
// CATALOG_MEMO_TTL_MS bounds only what a lost LISTEN connection misses before it reconnects and catches up.

import type { Db } from '../../db/client.ts'
import { DbMemo } from '../../db/db-memo.ts'

/** The channel the catalog's triggers NOTIFY when a field a kept answer carries changes (migrations 0013, 0027). */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed'

export const CATALOG_MEMO_TTL_MS = 60_000

/** A tool reference (slug, alias or id as written) to its listed tool's id; unknown references are not kept. */
export const toolRefIds = new DbMemo<string, number>({
  name: 'tool_refs',
  ttlMs: CATALOG_MEMO_TTL_MS,
  maxEntries: 5000,
})

/** What a result card shows of a tool. */
export type ToolCardRow = { id: number; name: string; slug: string; imageUrl: string | null; isPackage: boolean }

/** A listed tool's result card by id; hidden tools are not kept. */
export const toolCards = new DbMemo<number, ToolCardRow>({
  name: 'tool_cards',
  ttlMs: CATALOG_MEMO_TTL_MS,
  maxEntries: 20_000,
})

export function forgetCatalogMemos(db: Db) {
  toolRefIds.clear(db)
  toolCards.clear(db)
}
