// Comments on tools, stacks and companies (specs/stack-match-and-community.md §3 "Comment", §5, §7 Comments):
// threaded one level, markdown stored as typed and sent rendered (body_html, sanitized on the server).
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { Id } from './stacks.ts'

export const COMMENTABLE_TYPES = ['tool', 'stack', 'company'] as const
export const CommentableType = z.enum(COMMENTABLE_TYPES)
export type CommentableType = z.infer<typeof CommentableType>

/** spec §9: the first 5 comments are visible; 'Scroll to Bottom' shows above 5. */
export const COMMENTS_INITIALLY_VISIBLE = 5
export const COMMENT_BODY_MAX = 10_000
export const REPLY_TO_REPLY = 'You can only reply to a top-level comment.'
/** Comment writes are the user's own word: an admin acting as them is refused (decision 023). */
export const IMPERSONATED_COMMENT = 'Impersonated users are not allowed to comment'
export const IMPERSONATED_COMMENT_VOTE = 'Impersonated users are not allowed to vote'

/** The id of a comment's element on its page, the anchor notifications link to: '/tools/redis#comment-12'. */
export function commentAnchor(id: number): string {
  return `comment-${id}`
}

/** The comment id in a page's hash ('#comment-12'), or null. */
export function commentIdFromHash(hash: string): number | null {
  const match = /^#comment-(\d{1,12})$/.exec(hash)
  return match ? Number(match[1]) : null
}

export const CommentBody = z
  .string()
  .trim()
  .min(1, "can't be blank")
  .max(COMMENT_BODY_MAX, `is too long (maximum is ${COMMENT_BODY_MAX} characters)`)

export const CommentsQuery = z.object({ commentable_id: Id, commentable_type: CommentableType })
export const CommentParams = z.object({ id: Id })

/** user_id is accepted for the spec's payload and ignored: the author is the session's user. */
export const CreateCommentBody = z.object({
  comment: z.object({
    body: CommentBody,
    user_id: z.unknown().optional(),
    commentable_id: Id,
    commentable_type: CommentableType,
  }),
})
export type CreateCommentBody = z.infer<typeof CreateCommentBody>

export const ReplyCommentBody = z.object({
  comment: CreateCommentBody.shape.comment.extend({ parent_id: Id }),
})
export type ReplyCommentBody = z.infer<typeof ReplyCommentBody>

export const UpdateCommentBody = z.object({ comment: z.object({ body: CommentBody }) })

export const CommentAuthor = z.object({
  userId: z.number().int(),
  userImage: z.string().nullable(),
  username: z.string(),
})

const CommentFields = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  /** Markdown as typed (the editor starts from it). */
  body: z.string(),
  /** The markdown rendered and sanitized on the server: safe to put in the page. */
  body_html: z.string(),
  votes: z.number().int(),
  /** Whether the viewer has up-voted it (false for visitors). */
  user_voted: z.boolean(),
  flagged: z.boolean(),
  user: CommentAuthor,
  createdAt: z.string(),
  createdAtReadable: z.string(),
  commentable_id: z.number().int(),
  commentable_type: CommentableType,
})

export const Comment = CommentFields.extend({ children: z.array(CommentFields) }).register(apiSchemas, {
  id: 'Comment',
})
export type Comment = z.infer<typeof Comment>
export type CommentReply = z.infer<typeof CommentFields>

export const CommentsResponse = z.array(Comment)
export const CommentUpdateResponse = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  body: z.string(),
  body_html: z.string(),
})
export const CommentDeleteResponse = z.object({ id: z.number().int(), parentId: z.number().int().nullable() })
export const CommentVoteResponse = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  votes: z.number().int(),
  user_voted: z.boolean(),
})
export const CommentFlagResponse = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  flagged: z.boolean(),
})
export type CommentUpdateResponse = z.infer<typeof CommentUpdateResponse>
export type CommentDeleteResponse = z.infer<typeof CommentDeleteResponse>
export type CommentVoteResponse = z.infer<typeof CommentVoteResponse>
export type CommentFlagResponse = z.infer<typeof CommentFlagResponse>
