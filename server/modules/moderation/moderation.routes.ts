// The moderation area's API (decision 019): the queue of tools submitted for approval (approve, edit, reject), the
// queue of flagged comments (restore, remove), counts for the tabs, and the moderation log (admins only). Every
// call checks the role: moderators and admins acting as themselves.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorEnvelope } from '#contracts/errors.ts'
import {
  CommentModerationResponse,
  EditToolBody,
  FlaggedCommentsResponse,
  MODERATION_LOG_PAGE_SIZE,
  MODERATION_PAGE_SIZE,
  ModeratedToolResponse,
  ModerationCountsResponse,
  ModerationIdParams,
  ModerationLogQuery,
  ModerationLogResponse,
  ModerationPageQuery,
  ModerationToolsResponse,
  RejectToolBody,
  RemoveCommentBody,
} from '#contracts/moderation.ts'
import { auditContextOf } from '../audit/audit.service.ts'
import { countApprovalQueue, listApprovalQueue } from '../tools/soft-approval.queries.ts'
import { requireActingModerator, requireLogReader } from './moderation.policy.ts'
import { presentFlaggedComment, presentModerationLogEntry, presentModerationTool } from './moderation.presenter.ts'
import {
  countFlaggedComments,
  describeCommentables,
  findPeople,
  listFlaggedComments,
  listModerationLog,
} from './moderation.queries.ts'
import { approveTool, editTool, rejectTool, removeComment, restoreComment } from './moderation.service.ts'

const tags = ['moderation']
const refusals = { 401: ErrorEnvelope, 403: ErrorEnvelope }
const writeErrors = { 400: ErrorEnvelope, ...refusals, 404: ErrorEnvelope, 409: ErrorEnvelope }

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  app.get(
    '/api/v1/moderation/counts',
    {
      schema: {
        tags,
        summary: 'How many tools wait for approval and how many comments are flagged',
        response: { 200: ModerationCountsResponse, ...refusals },
      },
    },
    async (request) => {
      await requireActingModerator(request)
      const [toolsCount, commentsCount] = await Promise.all([countApprovalQueue(app.db), countFlaggedComments(app.db)])
      return { tools: toolsCount, comments: commentsCount }
    },
  )

  app.get(
    '/api/v1/moderation/tools',
    {
      schema: {
        tags,
        summary: `Tools submitted for approval, oldest first, ${MODERATION_PAGE_SIZE} a page`,
        querystring: ModerationPageQuery,
        response: { 200: ModerationToolsResponse, 400: ErrorEnvelope, ...refusals },
      },
    },
    async (request) => {
      await requireActingModerator(request)
      const { page } = request.query
      const [rows, total] = await Promise.all([
        listApprovalQueue(app.db, { limit: MODERATION_PAGE_SIZE, offset: (page - 1) * MODERATION_PAGE_SIZE }),
        countApprovalQueue(app.db),
      ])
      return { tools: rows.map(presentModerationTool), page, per_page: MODERATION_PAGE_SIZE, total }
    },
  )

  app.post(
    '/api/v1/moderation/tools/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a tool: it becomes public (is_approved), its counts and search document refreshed',
        params: ModerationIdParams,
        response: { 200: ModeratedToolResponse, ...writeErrors },
      },
    },
    async (request) => {
      const actor = await requireActingModerator(request)
      return {
        tool: presentModerationTool(
          await approveTool(app.db, actor, await auditContextOf(request, actor), request.params.id),
        ),
      }
    },
  )

  app.put(
    '/api/v1/moderation/tools/:id',
    {
      schema: {
        tags,
        summary: "Edit a tool's name, title, description, image, Twitter handle, features, website and category",
        params: ModerationIdParams,
        body: EditToolBody,
        response: { 200: ModeratedToolResponse, ...writeErrors },
      },
    },
    async (request) => {
      const actor = await requireActingModerator(request)
      return {
        tool: presentModerationTool(
          await editTool(app.db, actor, await auditContextOf(request, actor), request.params.id, request.body.service),
        ),
      }
    },
  )

  app.post(
    '/api/v1/moderation/tools/:id/reject',
    {
      schema: {
        tags,
        summary: 'Send a submitted tool back to its submitter with a reason',
        params: ModerationIdParams,
        body: RejectToolBody,
        response: { 200: ModeratedToolResponse, ...writeErrors },
      },
    },
    async (request) => {
      const actor = await requireActingModerator(request)
      const tool = await rejectTool(
        app.db,
        actor,
        await auditContextOf(request, actor),
        request.params.id,
        request.body.reason,
      )
      return { tool: presentModerationTool(tool) }
    },
  )

  app.get(
    '/api/v1/moderation/comments',
    {
      schema: {
        tags,
        summary: `Flagged comments, longest flagged first, ${MODERATION_PAGE_SIZE} a page`,
        querystring: ModerationPageQuery,
        response: { 200: FlaggedCommentsResponse, 400: ErrorEnvelope, ...refusals },
      },
    },
    async (request) => {
      await requireActingModerator(request)
      const { page } = request.query
      const { rows, total } = await listFlaggedComments(app.db, {
        limit: MODERATION_PAGE_SIZE,
        offset: (page - 1) * MODERATION_PAGE_SIZE,
      })
      const [commentables, people] = await Promise.all([
        describeCommentables(
          app.db,
          rows.map((row) => ({ type: row.comment.commentableType, id: row.comment.commentableId })),
        ),
        findPeople(app.db, [
          ...new Set(rows.flatMap((row) => (row.flaggedById === null ? [] : [Number(row.flaggedById)]))),
        ]),
      ])
      return {
        comments: rows.map((row) => presentFlaggedComment(row, commentables, people)),
        page,
        per_page: MODERATION_PAGE_SIZE,
        total,
      }
    },
  )

  app.post(
    '/api/v1/moderation/comments/:id/restore',
    {
      schema: {
        tags,
        summary: 'Clear the flag of a flagged comment: visible to everyone again',
        params: ModerationIdParams,
        response: { 200: CommentModerationResponse, ...writeErrors },
      },
    },
    async (request) => {
      const actor = await requireActingModerator(request)
      const comment = await restoreComment(app.db, actor, await auditContextOf(request, actor), request.params.id)
      return { id: comment.id, parentId: comment.parentId, flagged: comment.flagged, removed: false }
    },
  )

  app.post(
    '/api/v1/moderation/comments/:id/remove',
    {
      schema: {
        tags,
        summary: 'Remove a flagged comment (its replies go with it); the log keeps its text',
        params: ModerationIdParams,
        body: RemoveCommentBody,
        response: { 200: CommentModerationResponse, ...writeErrors },
      },
    },
    async (request) => {
      const actor = await requireActingModerator(request)
      const comment = await removeComment(
        app.db,
        actor,
        await auditContextOf(request, actor),
        request.params.id,
        request.body.reason,
      )
      return { id: comment.id, parentId: comment.parentId, flagged: comment.flagged, removed: true }
    },
  )

  app.get(
    '/api/v1/moderation/log',
    {
      schema: {
        tags,
        summary: `The moderation log, newest first, ${MODERATION_LOG_PAGE_SIZE} a page (admins)`,
        querystring: ModerationLogQuery,
        response: { 200: ModerationLogResponse, 400: ErrorEnvelope, ...refusals },
      },
    },
    async (request) => {
      await requireLogReader(request)
      const { page, action } = request.query
      const { rows, total } = await listModerationLog(
        app.db,
        { action },
        { limit: MODERATION_LOG_PAGE_SIZE, offset: (page - 1) * MODERATION_LOG_PAGE_SIZE },
      )
      return { entries: rows.map(presentModerationLogEntry), page, per_page: MODERATION_LOG_PAGE_SIZE, total }
    },
  )
}
