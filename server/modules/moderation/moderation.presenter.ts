// Every field of the moderation area's answers: queued tools, flagged comments and log entries.
import type { FlaggedComment, ModerationAction, ModerationLogEntry, ModerationTool } from '#contracts/moderation.ts'
import { renderCommentMarkdown } from '../comments/comment-markdown.ts'
import { presentSoftApprovalTool } from '../tools/soft-approval.presenter.ts'
import type { SubmissionRow } from '../tools/soft-approval.queries.ts'
import type { Commentable, FlaggedCommentRow, ModerationLogRow } from './moderation.queries.ts'

type Person = { id: number; username: string | null; image: string | null }

function presentPerson(person: Person | null | undefined) {
  return person ? { id: person.id, username: person.username ?? '', image_url: person.image } : null
}

const isoOf = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString())

export function presentModerationTool(row: SubmissionRow): ModerationTool {
  return {
    ...presentSoftApprovalTool(row),
    is_approved: row.isApproved,
    submitter:
      row.submittedById === null
        ? null
        : presentPerson({ id: row.submittedById, username: row.submitterUsername, image: row.submitterImage }),
    category: row.categorySlug && row.categoryName ? { slug: row.categorySlug, name: row.categoryName } : null,
    submitted_at: isoOf(row.submittedForApprovalAt),
  }
}

export function presentFlaggedComment(
  row: FlaggedCommentRow,
  commentables: Map<string, Commentable>,
  people: Map<number, Person>,
): FlaggedComment {
  const { comment, author } = row
  const commentable = commentables.get(`${comment.commentableType}:${comment.commentableId}`)
  return {
    id: comment.id,
    parentId: comment.parentId,
    body: comment.body,
    body_html: renderCommentMarkdown(comment.body),
    votes: comment.votes,
    replies_count: Number(row.repliesCount),
    user: { userId: author.id, userImage: author.image, username: author.username ?? '' },
    commentable: {
      type: comment.commentableType as FlaggedComment['commentable']['type'],
      id: comment.commentableId,
      name: commentable?.name ?? `${comment.commentableType} #${comment.commentableId}`,
      url: commentable?.url ?? null,
    },
    created_at: comment.createdAt.toISOString(),
    flagged_by: row.flaggedById === null ? null : presentPerson(people.get(Number(row.flaggedById))),
    flagged_at: isoOf(row.flaggedAt),
  }
}

export function presentModerationLogEntry(row: ModerationLogRow): ModerationLogEntry {
  const { entry, actor } = row
  return {
    id: entry.id,
    action: entry.action as ModerationAction,
    actor: actor ? presentPerson(actor) : null,
    subject_type: entry.subjectType as ModerationLogEntry['subject_type'],
    subject_id: entry.subjectId,
    subject_label: entry.subjectLabel,
    before: entry.before,
    after: entry.after,
    reason: entry.reason,
    created_at: entry.createdAt.toISOString(),
  }
}
