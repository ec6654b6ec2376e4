// Reads and writes of code-host connections and their synced repositories (decision 063). Queries take the
// database first, so the sync's transactions pass straight through.
import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm'
import type { SyncedRepositoryState } from '#contracts/code-hosts.ts'
import type { Db } from '../../db/client.ts'
import {
  codeHostConnections,
  codeHostDeliveries,
  companies,
  stacks,
  syncedRepositories,
} from '../../db/schema/index.ts'

export type CodeHostConnectionRow = typeof codeHostConnections.$inferSelect
export type SyncedRepositoryRow = typeof syncedRepositories.$inferSelect

export async function findConnectionOfCompany(db: Db, companyId: number): Promise<CodeHostConnectionRow | null> {
  const [row] = await db.select().from(codeHostConnections).where(eq(codeHostConnections.companyId, companyId))
  return row ?? null
}

export async function findConnection(db: Db, id: number): Promise<CodeHostConnectionRow | null> {
  const [row] = await db.select().from(codeHostConnections).where(eq(codeHostConnections.id, id))
  return row ?? null
}

export async function countRepositoriesByState(
  db: Db,
  connectionId: number,
): Promise<Record<SyncedRepositoryState, number>> {
  const rows = await db
    .select({ state: syncedRepositories.state, count: count() })
    .from(syncedRepositories)
    .where(eq(syncedRepositories.connectionId, connectionId))
    .groupBy(syncedRepositories.state)
  const counts = { queued: 0, scanning: 0, synced: 0, failed: 0, skipped: 0 }
  for (const row of rows) counts[row.state] = Number(row.count)
  return counts
}

/** A page of a connection's repositories by name, each with the stack it feeds and that stack's owner slug. */
export async function listSyncedRepositories(db: Db, connectionId: number, page: { limit: number; offset: number }) {
  return db
    .select({
      repository: syncedRepositories,
      stackName: stacks.name,
      stackSlug: stacks.slug,
      ownerSlug: companies.slug,
    })
    .from(syncedRepositories)
    .leftJoin(stacks, eq(stacks.syncedRepositoryId, syncedRepositories.id))
    .leftJoin(companies, eq(companies.id, stacks.ownerCompanyId))
    .where(eq(syncedRepositories.connectionId, connectionId))
    .orderBy(asc(syncedRepositories.fullName), asc(syncedRepositories.id))
    .limit(page.limit)
    .offset(page.offset)
}

export async function findSyncedRepository(db: Db, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(syncedRepositories).where(eq(syncedRepositories.id, id))
  const [row] = options.lock ? await query.for('update') : await query
  return row ?? null
}

export async function updateSyncedRepository(
  db: Db,
  id: number,
  patch: Partial<typeof syncedRepositories.$inferInsert>,
): Promise<void> {
  await db
    .update(syncedRepositories)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(syncedRepositories.id, id))
}

/**
 * Records a repository the host listed (found again by its host id, so a rename keeps its row and stack) and
 * answers it with its state before this listing.
 */
export async function upsertListedRepository(
  db: Db,
  values: Pick<
    typeof syncedRepositories.$inferInsert,
    'connectionId' | 'hostId' | 'fullName' | 'cloneUrl' | 'webUrl' | 'defaultBranch'
  >,
  seenAt: Date,
): Promise<SyncedRepositoryRow> {
  const [row] = await db
    .insert(syncedRepositories)
    .values({ ...values, state: 'skipped', seenAt })
    .onConflictDoUpdate({
      target: [syncedRepositories.connectionId, syncedRepositories.hostId],
      set: {
        fullName: values.fullName,
        cloneUrl: values.cloneUrl,
        webUrl: values.webUrl,
        defaultBranch: values.defaultBranch,
        seenAt,
      },
    })
    .returning()
  return row!
}

/** Repositories the last listing did not name any more: skipped, their stacks kept. */
export async function markUnlistedRepositories(db: Db, connectionId: number, listedAt: Date): Promise<void> {
  await db
    .update(syncedRepositories)
    .set({ state: 'skipped', lastResult: 'No longer listed by the code host.', updatedAt: new Date() })
    .where(
      and(
        eq(syncedRepositories.connectionId, connectionId),
        lt(syncedRepositories.seenAt, listedAt),
        sql`${syncedRepositories.state} <> 'skipped'`,
      ),
    )
}

/** Whether any repository of the connection still waits or runs (the sync is over when none does). */
export async function hasPendingRepositories(db: Db, connectionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: syncedRepositories.id })
    .from(syncedRepositories)
    .where(
      and(eq(syncedRepositories.connectionId, connectionId), inArray(syncedRepositories.state, ['queued', 'scanning'])),
    )
    .limit(1)
  return Boolean(row)
}

/** A connection's repository by the host's id, as a push names it. */
export async function findSyncedRepositoryByHostId(
  db: Db,
  connectionId: number,
  hostId: string,
): Promise<SyncedRepositoryRow | null> {
  const [row] = await db
    .select()
    .from(syncedRepositories)
    .where(and(eq(syncedRepositories.connectionId, connectionId), eq(syncedRepositories.hostId, hostId)))
  return row ?? null
}

/**
 * Records a push delivery's id; false when it was already recorded (a replay). Ids older than `keepSince` are pruned
 * first: the hosts redeliver within days, never weeks.
 */
export async function recordDelivery(
  db: Db,
  connectionId: number,
  deliveryId: string,
  keepSince: Date,
): Promise<boolean> {
  await db
    .delete(codeHostDeliveries)
    .where(and(eq(codeHostDeliveries.connectionId, connectionId), lt(codeHostDeliveries.receivedAt, keepSince)))
  const inserted = await db
    .insert(codeHostDeliveries)
    .values({ connectionId, deliveryId })
    .onConflictDoNothing()
    .returning({ deliveryId: codeHostDeliveries.deliveryId })
  return inserted.length > 0
}
