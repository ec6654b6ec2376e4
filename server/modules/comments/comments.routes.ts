// Comments (specs/stack-match-and-community.md §7 Comments, §5, §6): list, create, reply (top-level parents only),
// edit and delete by the author, up-vote toggle, and flag toggle for moderators and admins. The user_id a body
// carries is ignored: the author is always the session's user, and never an admin acting as them (decision 023).
import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  type CommentableType,
  CommentDeleteResponse,
  CommentFlagResponse,
  CommentParams,
  Comment as CommentSchema,
  CommentsQuery,
  CommentsResponse,
  CommentUpdateResponse,
  CommentVoteResponse,
  CreateCommentBody,
  IMPERSONATED_COMMENT,
  IMPERSONATED_COMMENT_VOTE,
  REPLY_TO_REPLY,
  ReplyCommentBody,
  UpdateCommentBody,
} from '#contracts/comments.ts'
import { comments } from '../../db/schema/index.ts'
import { requireRealUser } from '../../http/auth-guard.ts'
import { badRequest, forbidden, notFound } from '../../http/errors.ts'
import { requireActingModerator } from '../moderation/moderation.policy.ts'
import { toggleCommentFlag } from '../moderation/moderation.service.ts'
import {
  notifyCommented,
  notifyReplied,
  notifyUpvoted,
  refreshCommentExcerpt,
  withdrawUpvote,
} from './comments.notifications.ts'
import { presentComment, presentCommentThreads, presentCommentUpdate } from './comments.presenter.ts'
import {
  commentableExists,
  findComment,
  findCommentRow,
  findVotedCommentIds,
  insertComment,
  listComments,
  toggleCommentVote,
  updateCommentBody,
} from './comments.queries.ts'
import { removeComments } from './comments.service.ts'

const tags = ['comments']
const NOT_AUTHOR = 'You can only change your own comments.'

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/comments',
    {
      schema: {
        tags,
        summary: 'The comments on a tool, stack or company with their replies (flagged ones hidden from visitors)',
        querystring: CommentsQuery,
        response: { 200: CommentsResponse },
      },
    },
    async (request, reply) => {
      const { commentable_type: type, commentable_id: id } = request.query
      if (!(await commentableExists(app.db, type, id))) throw notFound()
      const viewer = await request.sessionUser()
      const rows = await listComments(app.db, { type, id }, { includeFlagged: viewer !== null })
      const voted = viewer
        ? await findVotedCommentIds(
            app.db,
            viewer.id,
            rows.map((row) => row.comment.id),
          )
        : new Set<number>()
      reply.header('cache-control', 'private, no-cache').header('vary', 'cookie')
      return presentCommentThreads(rows, voted)
    },
  )

  app.post(
    '/api/v1/comments',
    {
      schema: {
        tags,
        summary: 'Comment on a tool, stack or company (signed in)',
        body: CreateCommentBody,
        response: { 200: CommentSchema },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_COMMENT)
      const { body, commentable_type: type, commentable_id: id } = request.body.comment
      if (!(await commentableExists(app.db, type, id))) throw notFound()
      const comment = await app.db.transaction(async (tx) => {
        const inserted = await insertComment(tx, { body, commentableType: type, commentableId: id, userId: user.id })
        await notifyCommented(tx, user.id, inserted)
        return inserted
      })
      return presentNew(comment.id)
    },
  )

  app.post(
    '/api/v1/comments/reply',
    {
      schema: {
        tags,
        summary: 'Reply to a top-level comment (signed in)',
        body: ReplyCommentBody,
        response: { 200: CommentSchema },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_COMMENT)
      const { body, parent_id: parentId } = request.body.comment
      const parent = await findVisibleComment(parentId)
      if (parent.parentId !== null) throw badRequest(REPLY_TO_REPLY)
      // the reply lives where its parent lives, whatever the body says
      const comment = await app.db.transaction(async (tx) => {
        const inserted = await insertComment(tx, {
          body,
          parentId: parent.id,
          commentableType: parent.commentableType,
          commentableId: parent.commentableId,
          userId: user.id,
        })
        await notifyReplied(tx, user.id, parent, inserted)
        return inserted
      })
      return presentNew(comment.id)
    },
  )

  app.put(
    '/api/v1/comments/:id',
    {
      schema: {
        tags,
        summary: 'Edit your comment',
        params: CommentParams,
        body: UpdateCommentBody,
        response: { 200: CommentUpdateResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_COMMENT)
      const comment = await findComment(app.db, request.params.id)
      if (!comment) throw notFound()
      if (comment.userId !== user.id) throw forbidden(NOT_AUTHOR)
      const updated = await app.db.transaction(async (tx) => {
        const row = await updateCommentBody(tx, comment.id, request.body.comment.body)
        await refreshCommentExcerpt(tx, row)
        return row
      })
      return presentCommentUpdate(updated)
    },
  )

  app.delete(
    '/api/v1/comments/:id',
    {
      schema: {
        tags,
        summary: 'Delete your comment (its replies go with it)',
        params: CommentParams,
        response: { 200: CommentDeleteResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_COMMENT)
      const comment = await findComment(app.db, request.params.id)
      if (!comment) throw notFound()
      if (comment.userId !== user.id) throw forbidden(NOT_AUTHOR)
      await app.db.transaction((tx) => removeComments(tx, eq(comments.id, comment.id)))
      return { id: comment.id, parentId: comment.parentId }
    },
  )

  app.post(
    '/api/v1/comments/:id/toggle_upvote',
    {
      schema: {
        tags,
        summary: 'Up-vote a comment, or take the up-vote back',
        params: CommentParams,
        response: { 200: CommentVoteResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_COMMENT_VOTE)
      const comment = await findVisibleComment(request.params.id)
      const { votes, voted } = await toggleCommentVote(app.db, comment.id, user.id, (tx, upvoted) =>
        upvoted ? notifyUpvoted(tx, user.id, comment) : withdrawUpvote(tx, user.id, comment),
      )
      return { id: comment.id, parentId: comment.parentId, votes, user_voted: voted }
    },
  )

  app.post(
    '/api/v1/comments/:id/toggle_flagged',
    {
      schema: {
        tags,
        summary: 'Flag a comment, or clear the flag (moderators and admins)',
        params: CommentParams,
        response: { 200: CommentFlagResponse },
      },
    },
    async (request) => {
      // a moderator acting as themselves: the flip is written to the moderation log (decision 019)
      const actor = await requireActingModerator(request)
      const updated = await toggleCommentFlag(app.db, actor, request.params.id)
      return { id: updated.id, parentId: updated.parentId, flagged: updated.flagged }
    },
  )

  /** A comment others may answer or vote on: on a stack that went private since, it is not found (nor notified). */
  async function findVisibleComment(id: number) {
    const comment = await findComment(app.db, id)
    if (
      !comment ||
      !(await commentableExists(app.db, comment.commentableType as CommentableType, comment.commentableId))
    ) {
      throw notFound()
    }
    return comment
  }

  async function presentNew(id: number) {
    const row = (await findCommentRow(app.db, id))!
    return { ...presentComment(row, new Set()), children: [] }
  }
}
