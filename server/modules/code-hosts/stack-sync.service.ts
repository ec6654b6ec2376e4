// What one repository's scan does to its stack (issue 18 "Sync", "Keep current"; decision 063), in the caller's
// transaction: the first scan creates the company's stack for the repository (one per repository: a unique index on
// stack.synced_repository_id), later ones add the tools found, keep every tool a person added, and flag (or, when
// the company chose automatic removal, remove) the tools an earlier sync added and this scan no longer finds. Each
// change is kept as a row of the stack's history, and the company's admins and the stack's followers are told.
import { and, eq, inArray, isNull, max } from 'drizzle-orm'
import { STACK_NAME_MAX } from '#contracts/stacks.ts'
import type { Db } from '../../db/client.ts'
import {
  companies,
  follows,
  type StackChangeTool,
  stackSyncChanges,
  stacks,
  stackTools,
  syncedRepositories,
  tools,
} from '../../db/schema/index.ts'
import { listCompanyAdminIds } from '../notifications/notification-targets.ts'
import { notifyEach } from '../notifications/notify.ts'
import { stackPath } from '../stacks/stacks.presenter.ts'
import { findStackIdByName } from '../stacks/stacks.queries.ts'
import { applyPublicToolChange, findFreeStackSlug } from '../stacks/stacks.service.ts'
import type { CodeHostConnectionRow, SyncedRepositoryRow } from './code-hosts.queries.ts'
import { describeSummary, mergeSummaries, parseSummary, type StackChange, summaryOf } from './sync-change-summary.ts'

export interface FoundTool {
  slug: string
  version: string | null
  sources: string[]
}

interface Company {
  id: number
  slug: string
  privateMode: boolean
}

export async function applyScanToStack(
  tx: Db,
  input: {
    repository: SyncedRepositoryRow
    connection: Pick<CodeHostConnectionRow, 'removalPolicy'>
    company: Company
    commit: string
    found: FoundTool[]
  },
): Promise<StackChange> {
  const { repository, company, commit } = input
  const now = new Date()
  const foundBySlug = new Map(input.found.map((tool) => [tool.slug, tool]))
  const catalog =
    foundBySlug.size === 0
      ? []
      : await tx
          .select({ id: tools.id, name: tools.name, slug: tools.slug })
          .from(tools)
          .where(inArray(tools.slug, [...foundBySlug.keys()]))
  // by name: the history and the notifications read the same whatever order the mapper and the database answer in
  catalog.sort((a, b) => a.name.localeCompare(b.name))
  const foundById = new Map(catalog.map((tool) => [tool.id, { ...tool, version: foundBySlug.get(tool.slug)!.version }]))
  const sourceOf = (slug: string) => foundBySlug.get(slug)?.sources[0] ?? null

  const [existing] = await tx.select().from(stacks).where(eq(stacks.syncedRepositoryId, repository.id)).for('update')
  if (!existing) {
    // nothing found: no stack yet (a stack holds at least one tool)
    if (foundById.size === 0) return { stackId: null, added: [], removed: [], flagged: false, versionChanges: [] }
    const stackId = await createSyncedStack(tx, { repository, company, commit, now })
    const added = [...foundById.values()]
    await tx.insert(stackTools).values(
      added.map((tool, position) => ({
        stackId,
        toolId: tool.id,
        position,
        source: sourceOf(tool.slug),
        isFromSync: true,
        version: tool.version,
      })),
    )
    if (!company.privateMode)
      await applyPublicToolChange(
        tx,
        [],
        added.map((tool) => tool.id),
      )
    const change = { stackId, added: added.map(changeTool), removed: [], flagged: false, versionChanges: [] }
    await recordChange(tx, stackId, commit, change)
    return change
  }

  const held = await tx
    .select({
      toolId: stackTools.toolId,
      name: tools.name,
      slug: tools.slug,
      isFromSync: stackTools.isFromSync,
      version: stackTools.version,
      flaggedForRemovalAt: stackTools.flaggedForRemovalAt,
    })
    .from(stackTools)
    .innerJoin(tools, eq(tools.id, stackTools.toolId))
    .where(eq(stackTools.stackId, existing.id))
  const heldIds = new Set(held.map((row) => row.toolId))
  const added = [...foundById.values()].filter((tool) => !heldIds.has(tool.id))
  const versionChanges = held.flatMap((row) => {
    const now = foundById.get(row.toolId)
    return now && row.version !== now.version && (row.version !== null || row.isFromSync)
      ? [
          {
            ...changeTool({ id: row.toolId, name: row.name, slug: row.slug, version: now.version }),
            before: row.version,
          },
        ]
      : []
  })
  // tools a person added stay whatever the scan says; only those a sync put there can be lost
  const lost = held.filter((row) => row.isFromSync && !foundById.has(row.toolId) && row.flaggedForRemovalAt === null)
  const found = held.filter((row) => foundById.has(row.toolId))
  // automatic removal never empties a stack: what would be the last tools are flagged instead
  const isAutomatic = input.connection.removalPolicy === 'automatic' && held.length - lost.length + added.length > 0
  const removed = lost.map((row) =>
    changeTool({ id: row.toolId, name: row.name, slug: row.slug, version: row.version }),
  )

  if (added.length > 0) {
    const [last] = await tx
      .select({ position: max(stackTools.position) })
      .from(stackTools)
      .where(eq(stackTools.stackId, existing.id))
    const start = (last?.position ?? -1) + 1
    await tx.insert(stackTools).values(
      added.map((tool, index) => ({
        stackId: existing.id,
        toolId: tool.id,
        position: start + index,
        source: sourceOf(tool.slug),
        isFromSync: true,
        version: tool.version,
      })),
    )
  }
  for (const row of found) {
    const tool = foundById.get(row.toolId)!
    if (row.version === tool.version && row.flaggedForRemovalAt === null) continue
    // found again: its version follows the code, and a flag for removal is withdrawn
    await tx
      .update(stackTools)
      .set({ version: tool.version, flaggedForRemovalAt: null })
      .where(and(eq(stackTools.stackId, existing.id), eq(stackTools.toolId, row.toolId)))
  }
  const lostIds = lost.map((row) => row.toolId)
  if (lostIds.length > 0) {
    const lostRows = and(eq(stackTools.stackId, existing.id), inArray(stackTools.toolId, lostIds))
    if (isAutomatic) await tx.delete(stackTools).where(lostRows)
    else
      await tx
        .update(stackTools)
        .set({ flaggedForRemovalAt: now })
        .where(and(lostRows, isNull(stackTools.flaggedForRemovalAt)))
  }
  if (!existing.isPrivate) {
    const before = [...heldIds]
    const after = [...before.filter((id) => !(isAutomatic && lostIds.includes(id))), ...added.map((tool) => tool.id)]
    await applyPublicToolChange(tx, before, after)
  }
  const change = {
    stackId: existing.id,
    added: added.map(changeTool),
    removed,
    flagged: !isAutomatic,
    versionChanges,
  }
  const hasChanges = added.length > 0 || removed.length > 0 || versionChanges.length > 0
  await tx
    .update(stacks)
    .set({ syncedCommit: commit, syncedAt: now, ...(hasChanges ? { updatedAt: now } : {}) })
    .where(eq(stacks.id, existing.id))
  if (hasChanges) await recordChange(tx, existing.id, commit, change)
  return change
}

async function createSyncedStack(
  tx: Db,
  input: { repository: SyncedRepositoryRow; company: Company; commit: string; now: Date },
): Promise<number> {
  const { repository, company } = input
  const owner = { type: 'Company' as const, id: company.id }
  const base = repository.fullName.slice(0, STACK_NAME_MAX)
  // a stack a person already gave the repository's name keeps it; the synced one tells itself apart
  const name = (await findStackIdByName(tx, owner, base))
    ? `${repository.fullName.slice(0, STACK_NAME_MAX - 12)} (synced ${repository.id})`.slice(0, STACK_NAME_MAX)
    : base
  const [stack] = await tx
    .insert(stacks)
    .values({
      slug: await findFreeStackSlug(tx, owner, repository.fullName.replaceAll('/', '-')),
      name,
      description: syncedStackDescription(repository.fullName),
      websiteUrl: repository.webUrl,
      // a company whose stacks may be private keeps its repositories' stacks private
      isPrivate: company.privateMode,
      ownerCompanyId: company.id,
      syncedRepositoryId: repository.id,
      syncedCommit: input.commit,
      syncedAt: input.now,
    })
    .returning({ id: stacks.id })
  return stack!.id
}

function changeTool(tool: { id: number; name: string; slug: string; version: string | null }): StackChangeTool {
  return { id: tool.id, name: tool.name, slug: tool.slug, version: tool.version }
}

async function recordChange(tx: Db, stackId: number, commit: string, change: StackChange) {
  await tx.insert(stackSyncChanges).values({
    stackId,
    commit,
    added: change.added,
    removed: change.removed,
    flagged: change.flagged,
    versionChanges: change.versionChanges,
  })
  await notifyStackChange(tx, stackId, change)
}

/**
 * "Redis was added to acme/api": the company's admins and the stack's followers (issue 18 "Keep current"), merged into
 * their unread notice of an earlier sync of the stack (decision 080).
 */
async function notifyStackChange(tx: Db, stackId: number, change: StackChange) {
  const [stack] = await tx
    .select({ name: stacks.name, slug: stacks.slug, isPrivate: stacks.isPrivate, companyId: stacks.ownerCompanyId })
    .from(stacks)
    .where(eq(stacks.id, stackId))
  if (!stack?.companyId) return
  const [owner] = await tx.select({ slug: companies.slug }).from(companies).where(eq(companies.id, stack.companyId))
  const admins = await listCompanyAdminIds(tx, stack.companyId)
  // a private stack's followers are its company's members: the admins are told, other followers only of public ones
  const followers = stack.isPrivate
    ? []
    : (
        await tx
          .select({ userId: follows.userId })
          .from(follows)
          .where(and(eq(follows.followeeType, 'stack'), eq(follows.followeeId, stackId)))
      ).map((row) => row.userId)
  const summary = summaryOf(change)
  const subject = describeSummary(summary, stack.name)
  if (!subject) return
  await notifyEach(tx, [...admins, ...followers], {
    type: 'stack_synced',
    actorId: null,
    target: { type: 'stack', id: stackId },
    path: `${stackPath({ slug: owner!.slug }, stack.slug)}#history`,
    subject,
    // while the recipient has not read the earlier sync's notice, this one is merged into it (decision 080)
    accumulate: {
      payload: summary,
      mergeInto: (earlier) => {
        const merged = mergeSummaries(parseSummary(earlier), summary)
        return { payload: merged, subject: describeSummary(merged, stack.name) ?? subject }
      },
    },
  })
}

/** 'Redis was added to acme/api', 'Redis and Kafka were added to acme/api; Memcached was removed'. */
export function describeChange(
  change: Pick<StackChange, 'added' | 'removed' | 'flagged' | 'versionChanges'>,
  stackName: string,
): string | null {
  return describeSummary(summaryOf(change), stackName)
}

/** The description a synced stack is made with; it goes when the sync does, unless someone has rewritten it. */
const syncedStackDescription = (fullName: string) => `Kept current from the repository ${fullName}.`

/**
 * Before a connection goes (decision 079): its stacks stay as ordinary stacks. The sync's wording and its "Not in the
 * code" flags go with it, since nothing will resolve them; the tools stay, and so does the History (the stack's
 * record: syncedAt and syncedCommit keep when it last ran). The connection's deletion unlinks the repositories.
 */
export async function releaseSyncedStacks(tx: Db, connectionId: number): Promise<void> {
  const kept = await tx
    .select({ id: stacks.id, description: stacks.description, fullName: syncedRepositories.fullName })
    .from(stacks)
    .innerJoin(syncedRepositories, eq(syncedRepositories.id, stacks.syncedRepositoryId))
    .where(eq(syncedRepositories.connectionId, connectionId))
  if (kept.length === 0) return
  const ids = kept.map((stack) => stack.id)
  await tx
    .update(stackTools)
    .set({ isFromSync: false, flaggedForRemovalAt: null })
    .where(inArray(stackTools.stackId, ids))
  const worded = kept.filter((stack) => stack.description === syncedStackDescription(stack.fullName))
  if (worded.length > 0) {
    await tx
      .update(stacks)
      .set({ description: null, updatedAt: new Date() })
      .where(
        inArray(
          stacks.id,
          worded.map((stack) => stack.id),
        ),
      )
  }
}
