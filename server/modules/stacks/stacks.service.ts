// Writing stacks: create, update (info, owner, tools) and I Use This, each in one transaction that also keeps
// tool.stacks_count right. stacks_count counts the public stacks that hold a tool (docs/decisions/008-stacks-and-owners.md):
// it feeds tool.popularity and matches the stacks a visitor can list on the tool page.
import { and, count, eq, inArray, max, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { slugify } from '#contracts/owners.ts'
import {
  type CreateStackBody,
  PRIVATE_STACK_MOVE_REFUSED,
  REQUIRED_NOT_IN_SERVICES,
  STACK_NAME_TAKEN,
  STACK_NEEDS_TOOLS,
  type UpdateStackBody,
} from '#contracts/stacks.ts'
import type { Db } from '../../db/client.ts'
import { stacks, stackTools, tools } from '../../db/schema/index.ts'
import { conflict, fieldError, HttpError } from '../../http/errors.ts'
import { approvePackagesInWideUse } from '../tools/package-approval.queries.ts'
import { notifyToolsAdded } from './stacks.notifications.ts'
import { ownerAllowsPrivate, PRIVATE_NOT_ALLOWED } from './stacks.policy.ts'
import {
  findExistingToolIds,
  findStackIdByName,
  listStackSlugsLike,
  type OwnerRecord,
  type StackWithOwner,
} from './stacks.queries.ts'
import { uniqueViolation } from './unique-violation.ts'

type CreateFields = z.output<typeof CreateStackBody>['stack']
type UpdateFields = Omit<z.output<typeof UpdateStackBody>['stack'], 'id' | 'owner'>

const NAME_INDEXES = new Set(['stack_user_name_idx', 'stack_company_name_idx'])
const SLUG_INDEXES = new Set(['stack_user_slug_idx', 'stack_company_slug_idx'])

const PRIVATE_MOVE_FIELD_MESSAGE = 'must be false to move a private stack to an owner without private stacks'

export const stackNameTaken = () =>
  new HttpError(400, 'validation_failed', STACK_NAME_TAKEN, { fields: { name: ['is already taken'] } })

export async function createStack(
  db: Db,
  input: { creatorId: number; owner: OwnerRecord; fields: CreateFields },
): Promise<number> {
  const { owner, fields } = input
  const serviceIds = unique(fields.services)
  await assertToolsExist(db, serviceIds)
  const required = requiredSet(serviceIds, fields.required_services ?? [])
  if (fields.private && !(await ownerAllowsPrivate(db, owner))) throw fieldError('private', PRIVATE_NOT_ALLOWED)
  if (await findStackIdByName(db, owner, fields.name)) throw stackNameTaken()

  return withStackRetries(() =>
    db.transaction(async (tx) => {
      const slug = await findFreeStackSlug(tx, owner, fields.name)
      const [stack] = await tx
        .insert(stacks)
        .values({
          slug,
          name: fields.name,
          description: fields.description,
          websiteUrl: fields.website_url,
          imageUrl: fields.image_url,
          isPrivate: fields.private,
          ownerUserId: owner.type === 'User' ? owner.id : null,
          ownerCompanyId: owner.type === 'Company' ? owner.id : null,
          createdById: input.creatorId,
        })
        .returning({ id: stacks.id })
      await insertStackTools(
        tx,
        stack!.id,
        serviceIds.map((toolId) => ({ toolId, isRequired: required.has(toolId) })),
      )
      if (!fields.private) await adjustToolStacksCount(tx, serviceIds, 1)
      return stack!.id
    }),
  )
}

export async function updateStack(
  db: Db,
  input: { current: StackWithOwner; owner: OwnerRecord; fields: UpdateFields; actorId?: number },
): Promise<void> {
  const { current, owner, fields } = input
  const ownerChanged = owner.type !== current.owner.type || owner.id !== current.owner.id
  const name = fields.name ?? current.stack.name
  const serviceIds = fields.services ? unique(fields.services) : undefined
  if (serviceIds) await assertToolsExist(db, serviceIds)

  // A stack that is already private and keeps its owner stays private until its owner says otherwise (disconnecting
  // GitHub must not publish anything). Moving it to an owner without private stacks publishes it only when the
  // request says `private: false` (decision 040): a move alone never makes a private stack public.
  const allowsPrivate = await ownerAllowsPrivate(db, owner)
  const keepsPrivacy = current.stack.isPrivate && !ownerChanged
  const isPrivate = fields.private ?? current.stack.isPrivate
  if (isPrivate && !allowsPrivate && !keepsPrivacy) {
    if (fields.private === true) throw fieldError('private', PRIVATE_NOT_ALLOWED)
    throw new HttpError(400, 'validation_failed', PRIVATE_STACK_MOVE_REFUSED, {
      fields: { private: [PRIVATE_MOVE_FIELD_MESSAGE] },
    })
  }
  if (
    (ownerChanged || name.toLowerCase() !== current.stack.name.toLowerCase()) &&
    (await findStackIdByName(db, owner, name, current.stack.id))
  ) {
    throw stackNameTaken()
  }

  await withStackRetries(() =>
    db.transaction(async (tx) => {
      // The row lock orders concurrent writers of one stack, so each reads the tools and privacy it changes.
      const [locked] = await tx.select().from(stacks).where(eq(stacks.id, current.stack.id)).for('update')
      if (!locked) return
      const previousRows = await tx
        .select()
        .from(stackTools)
        .where(eq(stackTools.stackId, locked.id))
        .orderBy(stackTools.position)
      const previousIds = previousRows.map((row) => row.toolId)
      // Slugs are stable: a rename keeps the slug; a move keeps it unless the new owner already uses it.
      const slug = ownerChanged ? await findFreeStackSlug(tx, owner, locked.slug, { keepBase: true }) : locked.slug
      await tx
        .update(stacks)
        .set({
          slug,
          name,
          ...(fields.description !== undefined ? { description: fields.description } : {}),
          ...(fields.website_url !== undefined ? { websiteUrl: fields.website_url } : {}),
          ...(fields.image_url !== undefined ? { imageUrl: fields.image_url } : {}),
          isPrivate,
          ownerUserId: owner.type === 'User' ? owner.id : null,
          ownerCompanyId: owner.type === 'Company' ? owner.id : null,
          updatedAt: new Date(),
        })
        .where(eq(stacks.id, locked.id))

      const nextIds = serviceIds ?? previousIds
      // Without required_services, the tools that stay keep their flag (clients that send only ids lose nothing).
      const required = requiredSet(
        nextIds,
        fields.required_services ?? previousRows.filter((row) => row.isRequired).map((row) => row.toolId),
        { ignoreOthers: fields.required_services === undefined },
      )
      if (serviceIds || fields.required_services) {
        const previousById = new Map(previousRows.map((row) => [row.toolId, row]))
        await tx.delete(stackTools).where(eq(stackTools.stackId, locked.id))
        await insertStackTools(
          tx,
          locked.id,
          nextIds.map((toolId) => ({
            toolId,
            isRequired: required.has(toolId),
            source: previousById.get(toolId)?.source ?? null,
            version: previousById.get(toolId)?.version ?? null,
            // a code-host sync's tools stay its own, flagged ones flagged, until the code or a removal says otherwise
            isFromSync: previousById.get(toolId)?.isFromSync ?? false,
            flaggedForRemovalAt: previousById.get(toolId)?.flaggedForRemovalAt ?? null,
            createdAt: previousById.get(toolId)?.createdAt,
          })),
        )
      }
      await applyPublicToolChange(tx, locked.isPrivate ? [] : previousIds, isPrivate ? [] : nextIds)
      if (!isPrivate && input.actorId !== undefined) {
        const previous = new Set(previousIds)
        await notifyToolsAdded(
          tx,
          input.actorId,
          locked.id,
          nextIds.filter((id) => !previous.has(id)),
        )
      }
    }),
  )
}

/**
 * I Use This: puts the tool into the stack or takes it out; answers whether the stack holds it afterwards. With an
 * `actorId`, followers of the stack who follow the tool are told it was added.
 */
export async function setToolInStack(
  db: Db,
  stackId: number,
  toolId: number,
  added: boolean,
  actorId?: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(stacks).where(eq(stacks.id, stackId)).for('update')
    if (!locked) return false
    const [existing] = await tx
      .select({ toolId: stackTools.toolId })
      .from(stackTools)
      .where(and(eq(stackTools.stackId, stackId), eq(stackTools.toolId, toolId)))
    if (added && !existing) {
      const [last] = await tx
        .select({ position: max(stackTools.position) })
        .from(stackTools)
        .where(eq(stackTools.stackId, stackId))
      await tx.insert(stackTools).values({ stackId, toolId, position: (last?.position ?? -1) + 1 })
      if (!locked.isPrivate) await adjustToolStacksCount(tx, [toolId], 1)
      if (!locked.isPrivate && actorId !== undefined) await notifyToolsAdded(tx, actorId, stackId, [toolId])
    } else if (!added && existing) {
      // A stack keeps at least one tool, as the wizard and the editor require (decision 040).
      const [held] = await tx.select({ value: count() }).from(stackTools).where(eq(stackTools.stackId, stackId))
      if ((held?.value ?? 0) <= 1) throw conflict(STACK_NEEDS_TOOLS)
      await tx.delete(stackTools).where(and(eq(stackTools.stackId, stackId), eq(stackTools.toolId, toolId)))
      if (!locked.isPrivate) await adjustToolStacksCount(tx, [toolId], -1)
    } else {
      return added
    }
    await tx.update(stacks).set({ updatedAt: new Date() }).where(eq(stacks.id, stackId))
    return added
  })
}

/**
 * Moves tool.stacks_count by the difference between the public tools before and after a change. Anything that
 * deletes a stack or changes its tools elsewhere must call this in the same transaction.
 */
export async function applyPublicToolChange(db: Db, publicBefore: number[], publicAfter: number[]) {
  const before = new Set(publicBefore)
  const after = new Set(publicAfter)
  await adjustToolStacksCount(
    db,
    [...after].filter((id) => !before.has(id)),
    1,
  )
  await adjustToolStacksCount(
    db,
    [...before].filter((id) => !after.has(id)),
    -1,
  )
}

// Increments, not recounts: concurrent transactions on different stacks then add up instead of overwriting. A tool
// that joins a public stack may be an imported package now in wide enough use to be listed (decision 076).
async function adjustToolStacksCount(db: Db, toolIds: number[], delta: 1 | -1) {
  if (toolIds.length === 0) return
  await db
    .update(tools)
    .set({ stacksCount: sql`greatest(${tools.stacksCount} + ${delta}, 0)` })
    .where(inArray(tools.id, toolIds))
  if (delta === 1) await approvePackagesInWideUse(db, toolIds)
}

async function insertStackTools(
  db: Db,
  stackId: number,
  rows: {
    toolId: number
    isRequired: boolean
    source?: string | null
    version?: string | null
    isFromSync?: boolean
    flaggedForRemovalAt?: Date | null
    createdAt?: Date
  }[],
) {
  if (rows.length === 0) return
  await db.insert(stackTools).values(
    rows.map((row, position) => ({
      stackId,
      toolId: row.toolId,
      position,
      isRequired: row.isRequired,
      source: row.source ?? null,
      version: row.version ?? null,
      isFromSync: row.isFromSync ?? false,
      flaggedForRemovalAt: row.flaggedForRemovalAt ?? null,
      ...(row.createdAt ? { createdAt: row.createdAt } : {}),
    })),
  )
}

async function assertToolsExist(db: Db, ids: number[]) {
  const existing = await findExistingToolIds(db, ids)
  const missing = ids.filter((id) => !existing.has(id))
  if (missing.length > 0) throw fieldError('services', `contain tools that do not exist (${missing.join(', ')})`)
}

/** The name's slug, or with -2, -3... when the owner already has it. */
export async function findFreeStackSlug(
  db: Db,
  owner: Pick<OwnerRecord, 'type' | 'id'>,
  source: string,
  options: { keepBase?: boolean } = {},
): Promise<string> {
  const base = options.keepBase ? source : slugify(source) || 'stack'
  const taken = await listStackSlugsLike(db, owner, base)
  if (!taken.has(base)) return base
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}

/** A lost race on a slug is retried with the next free slug; on a name it is the spec's 'already taken'. */
async function withStackRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      const violation = uniqueViolation(error)
      if (violation && NAME_INDEXES.has(violation.constraint)) throw stackNameTaken()
      if (violation && SLUG_INDEXES.has(violation.constraint) && attempt < 3) continue
      throw error
    }
  }
}

/** The required tools among the stack's; a required id that is not one of them is a field error, or dropped. */
function requiredSet(serviceIds: number[], requiredIds: number[], options: { ignoreOthers?: boolean } = {}) {
  const services = new Set(serviceIds)
  if (!options.ignoreOthers && requiredIds.some((id) => !services.has(id))) {
    throw fieldError('required_services', REQUIRED_NOT_IN_SERVICES)
  }
  return new Set(requiredIds.filter((id) => services.has(id)))
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)]
}
