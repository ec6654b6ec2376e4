// What Stack Match and the job pages read of the catalog on every request, kept per instance (DbMemo): tool
// references resolved to ids (the defaults react and nodejs and the popular tools come with most searches) and the
// tools of result cards. Forgotten on every instance when the listed catalog changes (NOTIFY catalog_changed, heard
// in tools.routes.ts): the tool_search trigger sends it when a tool is approved, hidden or renamed. A change it does
// not announce (a new slug or logo) shows within CATALOG_MEMO_TTL_MS.

import type { Db } from '../../db/client.ts'
import { DbMemo } from '../../db/db-memo.ts'

/** The channel migration 0013_tool_search's trigger NOTIFYs when the listed catalog changes. */
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
