// Deleting comments, the one way for every caller (the author, a moderator, an account or a page going): the
// replies under them go too, and so does what notifications said about them (decision 038).
import { and, inArray, not, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { comments } from '../../db/schema/index.ts'
import { forgetComments } from './comments.notifications.ts'

/** Deletes the comments matching `condition` with their replies. Call it inside the caller's transaction. */
export async function removeComments(tx: Db, condition: SQL): Promise<void> {
  const doomed = await tx.select().from(comments).where(condition)
  if (doomed.length === 0) return
  const ids = doomed.map((comment) => comment.id)
  const replies = await tx
    .select()
    .from(comments)
    .where(and(inArray(comments.parentId, ids), not(inArray(comments.id, ids))))
  await forgetComments(tx, [...doomed, ...replies])
  // replies go by their key (parent_id on delete cascade)
  await tx.delete(comments).where(inArray(comments.id, ids))
}
