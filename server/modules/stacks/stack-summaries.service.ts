// Stack lists (company page, owner profile, tool page): the stacks with their owners and first tools.
import type { SQL } from 'drizzle-orm'
import type { StackSummary } from '#contracts/stacks.ts'
import type { Db } from '../../db/client.ts'
import { presentStackSummaries } from './stacks.presenter.ts'
import { listStacksWithOwner, listToolsOfStacks } from './stacks.queries.ts'

export async function listStackSummaries(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number } = { limit: 200, offset: 0 },
): Promise<StackSummary[]> {
  const rows = await listStacksWithOwner(db, where, page)
  const tools = await listToolsOfStacks(
    db,
    rows.map((row) => row.stack.id),
  )
  return presentStackSummaries(rows, tools)
}
