// The moderation actions (decision 019): approve, edit or reject a submitted tool; flag, restore or remove a
// comment. Each runs in one transaction with its moderation-log entry (who, what, when, before and after), so an
// action is never taken without its record.

import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { AuditAction } from '#contracts/audit.ts'
import type { EditToolBody } from '#contracts/moderation.ts'
import { NOT_PENDING, ONLY_FLAGGED } from '#contracts/moderation.ts'
import { ALREADY_APPROVED, SOFT_APPROVAL_PATH } from '#contracts/soft-approval.ts'
import type { Db } from '../../db/client.ts'
import { comments } from '../../db/schema/index.ts'
import type { SessionUser } from '../../http/auth-guard.ts'
import { conflict, fieldError, notFound } from '../../http/errors.ts'
import { type AuditContext, recordAudit } from '../audit/audit.service.ts'
import { type CommentRecord, findComment, setCommentFlagged } from '../comments/comments.queries.ts'
import { removeComments } from '../comments/comments.service.ts'
import { notify } from '../notifications/notify.ts'
import {
  findCategoryIdBySlug,
  findSubmission,
  markApproved,
  markRejected,
  type SubmissionRow,
  updateSubmissionFields,
} from '../tools/soft-approval.queries.ts'
import { assertNameIsFree } from '../tools/soft-approval.service.ts'
import { toolCanonicalUrl, toolLogoUrl } from '../tools/tools.presenter.ts'
import { countReplies, insertModerationEntry, type ModerationEntry } from './moderation.queries.ts'

type EditValues = z.output<typeof EditToolBody>['service']

/** What the log keeps of a tool: the fields moderation reads or changes. */
export function toolSnapshot(tool: SubmissionRow): Record<string, unknown> {
  return {
    name: tool.name,
    slug: tool.slug,
    title: tool.title,
    description: tool.description,
    website_url: tool.websiteUrl,
    image_url: tool.imageUrl,
    twitter_username: tool.twitterUsername,
    features: tool.features,
    category: tool.categorySlug,
    is_approved: tool.isApproved,
    submitted_for_approval: tool.submittedForApprovalAt !== null,
    rejection_reason: tool.rejectionReason,
  }
}

function commentLabel(comment: CommentRecord): string {
  const text = comment.body.replace(/\s+/g, ' ').trim()
  return text.length > 80 ? `${text.slice(0, 80)}…` : text
}

function commentSnapshot(comment: CommentRecord, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    body: comment.body,
    flagged: comment.flagged,
    user_id: comment.userId,
    parent_id: comment.parentId,
    commentable_type: comment.commentableType,
    commentable_id: comment.commentableId,
    votes: comment.votes,
    ...extra,
  }
}

/** Only the fields that differ, so an edit's entry says what changed. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  }
}

/** A moderator's action goes to the moderation log (the moderators' record) and to the audit log (decision 050). */
async function logModeration(tx: Db, audit: AuditContext, entry: ModerationEntry & { action: AuditAction }) {
  await insertModerationEntry(tx, entry)
  await recordAudit(tx, audit, {
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    subjectLabel: entry.subjectLabel,
    details: {
      before: entry.before ?? null,
      after: entry.after ?? null,
      ...(entry.reason ? { reason: entry.reason } : {}),
    },
  })
}

async function loadTool(db: Db, id: number): Promise<SubmissionRow> {
  const tool = await findSubmission(db, id)
  if (!tool) throw notFound()
  return tool
}

/** Any tool not yet approved may be approved (a moderator need not wait for the form); it becomes public. */
export async function approveTool(db: Db, actor: SessionUser, audit: AuditContext, id: number): Promise<SubmissionRow> {
  return db.transaction(async (tx) => {
    const tool = await loadTool(tx, id)
    if (tool.isApproved) throw conflict(ALREADY_APPROVED)
    await markApproved(tx, tool.id)
    const approved = (await findSubmission(tx, tool.id))!
    await logModeration(tx, audit, {
      actorId: actor.id,
      action: 'tool.approved',
      subjectType: 'tool',
      subjectId: tool.id,
      subjectLabel: approved.name,
      ...changedFields(toolSnapshot(tool), toolSnapshot(approved)),
    })
    await notifySubmitter(tx, actor, approved, 'tool_approved')
    return approved
  })
}

/** The submitter hears of the outcome (decision 010's notify, in the action's transaction). */
async function notifySubmitter(
  db: Db,
  actor: SessionUser,
  tool: SubmissionRow,
  type: 'tool_approved' | 'tool_rejected',
) {
  if (tool.submittedById === null) return
  await notify(db, {
    recipientId: tool.submittedById,
    type,
    actorId: actor.id,
    target: { type: 'tool', id: tool.id },
    // approved: the public page; sent back: the screen that shows the reason
    path: type === 'tool_approved' ? toolCanonicalUrl(tool.slug) : SOFT_APPROVAL_PATH,
    subject: tool.name,
    imageUrl: tool.imageUrl ?? toolLogoUrl(tool.slug),
  })
}

/** Only a tool waiting in the queue is sent back, with the reason its submitter reads. */
export async function rejectTool(
  db: Db,
  actor: SessionUser,
  audit: AuditContext,
  id: number,
  reason: string,
): Promise<SubmissionRow> {
  return db.transaction(async (tx) => {
    const tool = await loadTool(tx, id)
    if (tool.isApproved) throw conflict(ALREADY_APPROVED)
    if (!tool.submittedForApprovalAt) throw conflict(NOT_PENDING)
    await markRejected(tx, tool.id, reason)
    const rejected = (await findSubmission(tx, tool.id))!
    await logModeration(tx, audit, {
      actorId: actor.id,
      action: 'tool.rejected',
      subjectType: 'tool',
      subjectId: tool.id,
      subjectLabel: tool.name,
      ...changedFields(toolSnapshot(tool), toolSnapshot(rejected)),
      reason,
    })
    await notifySubmitter(tx, actor, rejected, 'tool_rejected')
    return rejected
  })
}

/** A moderator's edit of any tool's fields; logged only when something changed. */
export async function editTool(
  db: Db,
  actor: SessionUser,
  audit: AuditContext,
  id: number,
  values: EditValues,
): Promise<SubmissionRow> {
  return db.transaction(async (tx) => {
    const tool = await loadTool(tx, id)
    await assertNameIsFree(tx, tool.id, values.name)
    let categoryId: number | null = null
    if (values.category) {
      categoryId = await findCategoryIdBySlug(tx, values.category)
      if (categoryId === null) throw fieldError('category', 'is not a category')
    }
    await updateSubmissionFields(tx, tool, {
      name: values.name,
      title: values.title,
      description: values.description,
      imageUrl: values.image_url,
      twitterUsername: values.twitter_username,
      features: values.features,
      websiteUrl: values.website_url,
      categoryId,
    })
    const edited = (await findSubmission(tx, tool.id))!
    const changes = changedFields(toolSnapshot(tool), toolSnapshot(edited))
    if (Object.keys(changes.after).length > 0) {
      await logModeration(tx, audit, {
        actorId: actor.id,
        action: 'tool.edited',
        subjectType: 'tool',
        subjectId: tool.id,
        subjectLabel: edited.name,
        ...changes,
      })
    }
    return edited
  })
}

/** The comments widget's Flag link (toggle_flagged): the flip and its entry together. */
export async function toggleCommentFlag(db: Db, actor: SessionUser, id: number): Promise<CommentRecord> {
  return db.transaction(async (tx) => {
    const comment = await findComment(tx, id)
    if (!comment) throw notFound()
    const updated = await setCommentFlagged(tx, comment.id, !comment.flagged)
    await insertModerationEntry(tx, {
      actorId: actor.id,
      action: updated.flagged ? 'comment.flagged' : 'comment.unflagged',
      subjectType: 'comment',
      subjectId: comment.id,
      subjectLabel: commentLabel(comment),
      before: { flagged: comment.flagged },
      after: { flagged: updated.flagged },
    })
    return updated
  })
}

async function loadFlaggedComment(db: Db, id: number): Promise<CommentRecord> {
  const comment = await findComment(db, id)
  if (!comment) throw notFound()
  if (!comment.flagged) throw conflict(ONLY_FLAGGED)
  return comment
}

/** The flag was wrong: the comment is visible to everyone again. */
export async function restoreComment(
  db: Db,
  actor: SessionUser,
  audit: AuditContext,
  id: number,
): Promise<CommentRecord> {
  return db.transaction(async (tx) => {
    const comment = await loadFlaggedComment(tx, id)
    const updated = await setCommentFlagged(tx, comment.id, false)
    await logModeration(tx, audit, {
      actorId: actor.id,
      action: 'comment.restored',
      subjectType: 'comment',
      subjectId: comment.id,
      subjectLabel: commentLabel(comment),
      before: { flagged: true },
      after: { flagged: false },
    })
    return updated
  })
}

/** The comment goes (its replies with it); the log keeps what it said. */
export async function removeComment(
  db: Db,
  actor: SessionUser,
  audit: AuditContext,
  id: number,
  reason: string | null,
): Promise<CommentRecord> {
  return db.transaction(async (tx) => {
    const comment = await loadFlaggedComment(tx, id)
    const replies = await countReplies(tx, comment.id)
    await removeComments(tx, eq(comments.id, comment.id))
    await logModeration(tx, audit, {
      actorId: actor.id,
      action: 'comment.removed',
      subjectType: 'comment',
      subjectId: comment.id,
      subjectLabel: commentLabel(comment),
      before: commentSnapshot(comment, { replies_count: replies }),
      after: null,
      reason,
    })
    return comment
  })
}
