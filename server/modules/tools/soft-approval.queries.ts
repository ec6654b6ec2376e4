// Submitted tools on their way to approval: the submitter's list, the moderators' queue and the writes both make.
// Every function takes the database first (a transaction passes straight through).
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { categories, tools, users } from '../../db/schema/index.ts'
import { refreshToolSearchVectors } from '../../db/tool-search.ts'
import { findFreeToolSlug } from './tools.queries.ts'

/** The columns a submitted tool is presented with (presentSubmission turns them into the records). */
const submissionColumns = {
  id: tools.id,
  name: tools.name,
  slug: tools.slug,
  title: tools.title,
  websiteUrl: tools.websiteUrl,
  imageUrl: tools.imageUrl,
  description: tools.description,
  twitterUsername: tools.twitterUsername,
  features: tools.features,
  isApproved: tools.isApproved,
  isHidden: tools.isHidden,
  submittedById: tools.submittedById,
  submittedForApprovalAt: tools.submittedForApprovalAt,
  rejectedAt: tools.rejectedAt,
  rejectionReason: tools.rejectionReason,
  createdAt: tools.createdAt,
  submitterUsername: users.username,
  submitterImage: users.image,
  categorySlug: categories.slug,
  categoryName: categories.name,
}

export type SubmissionRow = NonNullable<Awaited<ReturnType<typeof findSubmission>>>

function selectSubmissions(db: Db) {
  return db
    .select(submissionColumns)
    .from(tools)
    .leftJoin(users, eq(users.id, tools.submittedById))
    .leftJoin(categories, eq(categories.id, tools.categoryId))
}

export async function findSubmission(db: Db, id: number) {
  const [row] = await selectSubmissions(db).where(eq(tools.id, id))
  return row ?? null
}

/** The soft-approval screen: the user's tools that are not approved yet, newest first. */
export function listUserSubmissions(db: Db, userId: number) {
  return selectSubmissions(db)
    .where(and(eq(tools.submittedById, userId), eq(tools.isApproved, false)))
    .orderBy(desc(tools.createdAt), desc(tools.id))
}

/** Submitted for approval and not approved: what moderators review (tool_approval_queue_idx). */
const isInApprovalQueue = and(eq(tools.isApproved, false), isNotNull(tools.submittedForApprovalAt))

/** One page of the approval queue, oldest submission first (first come, first served). */
export function listApprovalQueue(db: Db, page: { limit: number; offset: number }) {
  return selectSubmissions(db)
    .where(isInApprovalQueue)
    .orderBy(asc(tools.submittedForApprovalAt), asc(tools.id))
    .limit(page.limit)
    .offset(page.offset)
}

export async function countApprovalQueue(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(tools).where(isInApprovalQueue)
  return row?.value ?? 0
}

export interface SubmissionFields {
  name: string
  title: string
  description: string
  imageUrl: string | null
  twitterUsername: string | null
  features: string
  websiteUrl?: string
  categoryId?: number | null
}

/**
 * Writes the form's fields. A renamed tool that is not public yet follows its name to a new slug (no public link
 * can break); the search document is rebuilt either way, since name and title are in it.
 */
export async function updateSubmissionFields(db: Db, tool: SubmissionRow, fields: SubmissionFields) {
  const renamed = fields.name !== tool.name
  const slug = renamed && !tool.isApproved ? await findFreeToolSlug(db, fields.name, tool.id) : tool.slug
  await db
    .update(tools)
    .set({
      name: fields.name,
      slug,
      title: fields.title,
      description: fields.description,
      imageUrl: fields.imageUrl,
      twitterUsername: fields.twitterUsername,
      features: fields.features || null,
      ...(fields.websiteUrl !== undefined ? { websiteUrl: fields.websiteUrl } : {}),
      ...(fields.categoryId !== undefined ? { categoryId: fields.categoryId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(tools.id, tool.id))
  await refreshToolSearchVectors(db, [tool.id])
}

/** spec §4: not submitted becomes pending approval; a rejection is answered by submitting again. */
export async function markSubmittedForApproval(db: Db, id: number) {
  await db
    .update(tools)
    .set({ submittedForApprovalAt: new Date(), rejectedAt: null, rejectionReason: null, updatedAt: new Date() })
    .where(eq(tools.id, id))
}

/**
 * The tool becomes public: approved, its use counts recounted from the rows themselves (stacks and follows made
 * while it waited count from now on in popularity) and its search document rebuilt.
 */
export async function markApproved(db: Db, id: number) {
  await db
    .update(tools)
    .set({
      isApproved: true,
      rejectedAt: null,
      rejectionReason: null,
      stacksCount: sql`(select count(*)::int from "stack_tool" where "stack_tool"."tool_id" = ${id})`,
      followersCount: sql`(select count(*)::int from "follow" where "follow"."followee_type" = 'tool' and "follow"."followee_id" = ${id})`,
      updatedAt: new Date(),
    })
    .where(eq(tools.id, id))
  await refreshToolSearchVectors(db, [id])
}

/** Back to the submitter with the reason: out of the queue until submitted again. */
export async function markRejected(db: Db, id: number, reason: string) {
  await db
    .update(tools)
    .set({ submittedForApprovalAt: null, rejectedAt: new Date(), rejectionReason: reason, updatedAt: new Date() })
    .where(eq(tools.id, id))
}

export async function findCategoryIdBySlug(db: Db, slug: string): Promise<number | null> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug))
  return row?.id ?? null
}
