// Package tools that scans and stack imports create (decision 076) start unapproved: no public page, no sitemap, no
// listing. One becomes public when a moderator approves it (soft-approval.queries.ts markApproved), or by itself once
// public stacks of PACKAGE_APPROVAL_PEOPLE different people hold it: real use, which one account cannot fake alone.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { tools } from '../../db/schema/index.ts'
import { refreshToolSearchVectors } from '../../db/tool-search.ts'

/** People whose public stacks must hold an unapproved package tool before it is listed (decision 076). */
export const PACKAGE_APPROVAL_PEOPLE = 3

/**
 * Approves, among `toolIds` (tools just put into a public stack), the package tools no one submitted and no
 * moderator sent back that public stacks of PACKAGE_APPROVAL_PEOPLE people now hold. A person is the owner of a
 * personal stack, or whoever created a company's stack. One statement; answers the approved ids.
 */
export async function approvePackagesInWideUse(db: Db, toolIds: number[]): Promise<number[]> {
  if (toolIds.length === 0) return []
  const people = sql<number>`(
    select count(distinct coalesce(s.owner_user_id, s.created_by_id))::int
    from stack_tool st join stack s on s.id = st.stack_id
    where st.tool_id = ${tools.id} and not s.is_private)`
  const approved = await db
    .update(tools)
    .set({ isApproved: true, updatedAt: new Date() })
    .where(
      and(
        inArray(tools.id, toolIds),
        eq(tools.isApproved, false),
        eq(tools.isPackage, true),
        eq(tools.isHidden, false),
        isNull(tools.submittedById),
        isNull(tools.rejectedAt),
        sql`${people} >= ${PACKAGE_APPROVAL_PEOPLE}`,
      ),
    )
    .returning({ id: tools.id })
  const ids = approved.map((row) => row.id)
  await refreshToolSearchVectors(db, ids)
  return ids
}
