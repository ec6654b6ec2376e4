// Moderation (BRIEF: "a moderator area for approving submitted tools and handling flagged comments"; issue 8): the
// queue of tools submitted for approval (approve, edit, reject with a reason), the queue of flagged comments
// (restore, remove), and the moderation log admins read. docs/decisions/019-soft-approval-and-moderation.md.
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { CommentableType } from './comments.ts'
import { SoftApprovalService, SoftApprovalTool } from './soft-approval.ts'
import { Id } from './stacks.ts'
import { Named, ToolWebsiteUrl } from './tools.ts'

export const MODERATION_PAGE_SIZE = 20
export const MODERATION_LOG_PAGE_SIZE = 50
export const REJECTION_REASON_MAX = 500
export const REMOVAL_REASON_MAX = 500

export const MODERATION_ACTIONS = [
  'tool.approved',
  'tool.rejected',
  'tool.edited',
  'comment.flagged',
  'comment.unflagged',
  'comment.restored',
  'comment.removed',
] as const
export const ModerationAction = z.enum(MODERATION_ACTIONS)
export type ModerationAction = z.infer<typeof ModerationAction>

/** Messages the moderation screens and the API share (decision 019). */
export const NOT_PENDING = 'This tool is not waiting for approval.'
export const ONLY_FLAGGED = 'Only flagged comments are handled here.'
export const NO_CHANGES = 'Nothing was changed.'
export const APPROVED_NOTICE = (name: string) => `${name} is approved and now public.`
export const REJECTED_NOTICE = (name: string) => `${name} was sent back to its submitter.`
export const RESTORED_NOTICE = 'The comment is restored and visible to everyone again.'
export const REMOVED_NOTICE = 'The comment is removed.'

const blank = "can't be blank"
const tooLong = (maximum: number) => `is too long (maximum is ${maximum} characters)`

const pageOf = (max: number) =>
  z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be greater than or equal to 1')
    .max(max, `must be less than or equal to ${max}`)
    .default(1)

export const ModerationPageQuery = z.object({ page: pageOf(10_000) })
export type ModerationPageQuery = z.input<typeof ModerationPageQuery>

export const ModerationIdParams = z.object({ id: Id })

export const ModerationPerson = z.object({
  id: z.number().int(),
  username: z.string(),
  image_url: z.string().nullable(),
})

export const ModerationTool = SoftApprovalTool.extend({
  is_approved: z.boolean(),
  submitter: ModerationPerson.nullable(),
  category: Named.nullable(),
  submitted_at: z.string().nullable(),
}).register(apiSchemas, { id: 'ModerationTool' })
export type ModerationTool = z.infer<typeof ModerationTool>

export const ModerationToolsResponse = z.object({
  tools: z.array(ModerationTool),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
})
export type ModerationToolsResponse = z.infer<typeof ModerationToolsResponse>

export const ModeratedToolResponse = z.object({ tool: ModerationTool })
export type ModeratedToolResponse = z.infer<typeof ModeratedToolResponse>

/** A moderator edits what the submitter sent, and may also fix the website and pick the category. */
export const EditToolBody = z.object({
  service: SoftApprovalService.extend({
    website_url: ToolWebsiteUrl,
    /** A category slug; null or '' leaves the tool without one. */
    category: z
      .string()
      .nullish()
      .transform((value) => value?.trim().toLowerCase() || null)
      .pipe(z.string().max(100, tooLong(100)).nullable()),
  }),
})
export type EditToolBody = z.input<typeof EditToolBody>

export const RejectToolBody = z.object({
  reason: z.string(blank).trim().min(1, blank).max(REJECTION_REASON_MAX, tooLong(REJECTION_REASON_MAX)),
})
export type RejectToolBody = z.input<typeof RejectToolBody>

export const RemoveCommentBody = z.object({
  reason: z
    .string()
    .nullish()
    .transform((value) => value?.trim() || null)
    .pipe(z.string().max(REMOVAL_REASON_MAX, tooLong(REMOVAL_REASON_MAX)).nullable()),
})
export type RemoveCommentBody = z.input<typeof RemoveCommentBody>

export const FlaggedComment = z
  .object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    body: z.string(),
    /** Rendered and sanitized on the server, like every comment. */
    body_html: z.string(),
    votes: z.number().int(),
    replies_count: z.number().int(),
    user: z.object({ userId: z.number().int(), userImage: z.string().nullable(), username: z.string() }),
    commentable: z.object({
      type: CommentableType,
      id: z.number().int(),
      name: z.string(),
      /** Where the comment is shown; null when its page is gone. */
      url: z.string().nullable(),
    }),
    created_at: z.string(),
    /** The latest flag in the moderation log. */
    flagged_by: ModerationPerson.nullable(),
    flagged_at: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'FlaggedComment' })
export type FlaggedComment = z.infer<typeof FlaggedComment>

export const FlaggedCommentsResponse = z.object({
  comments: z.array(FlaggedComment),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
})
export type FlaggedCommentsResponse = z.infer<typeof FlaggedCommentsResponse>

export const CommentModerationResponse = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  flagged: z.boolean(),
  removed: z.boolean(),
})
export type CommentModerationResponse = z.infer<typeof CommentModerationResponse>

export const ModerationCountsResponse = z.object({ tools: z.number().int(), comments: z.number().int() })
export type ModerationCountsResponse = z.infer<typeof ModerationCountsResponse>

export const ModerationLogQuery = z.object({
  page: pageOf(10_000),
  action: ModerationAction.optional(),
})
export type ModerationLogQuery = z.input<typeof ModerationLogQuery>

export const ModerationLogEntry = z
  .object({
    id: z.number().int(),
    action: ModerationAction,
    actor: ModerationPerson.nullable(),
    subject_type: z.enum(['tool', 'comment']),
    subject_id: z.number().int(),
    subject_label: z.string(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    reason: z.string().nullable(),
    created_at: z.string(),
  })
  .register(apiSchemas, { id: 'ModerationLogEntry' })
export type ModerationLogEntry = z.infer<typeof ModerationLogEntry>

export const ModerationLogResponse = z.object({
  entries: z.array(ModerationLogEntry),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
})
export type ModerationLogResponse = z.infer<typeof ModerationLogResponse>
