// The Pros & Cons page (specs/stack-match-and-community.md §7 Pros & Cons, §4, §5, §8; decision 018): the lists
// of tool cards, adding and deleting pros and cons, and up-voting them. Writes earn or take back points.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CreateReasonBody,
  CreateReasonResponse,
  DeleteReasonResponse,
  IMPERSONATED_REASON,
  IMPERSONATED_VOTE,
  PROS_CONS_REASONS_PER_TYPE,
  ProsConsEndpointParams,
  ProsConsQuery,
  ProsConsResponse,
  REASON_DUPLICATE,
  REASONS_WANTED_PER_TYPE,
  ReasonParams,
  reasonDuplicateMessage,
  ToggleReasonVoteBody,
  ToggleReasonVoteResponse,
} from '#contracts/reasons.ts'
import { requireRealUser } from '../../http/auth-guard.ts'
import { conflict, notFound } from '../../http/errors.ts'
import { presentProsConsReason, presentProsConsTools, reasonType } from './reasons.presenter.ts'
import {
  findListedTool,
  findUserVotes,
  listProsConsTools,
  listToolReasons,
  listToolsLackingReasons,
  listUserCreatedProsNotCons,
  listUserUpvotedProsNotCons,
} from './reasons.queries.ts'
import { createReason, deleteReason, setReasonUpvote } from './reasons.service.ts'

const tags = ['pros-and-cons']

export const prosAndConsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/pros-and-cons/:endpoint',
    {
      schema: {
        tags,
        summary:
          'One page of tool cards from a list: user_created_pros_not_cons, user_upvoted_pros_not_cons (empty for ' +
          'visitors), then tools_lacking_reasons',
        params: ProsConsEndpointParams,
        querystring: ProsConsQuery,
        response: { 200: ProsConsResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store').header('vary', 'cookie')
      const { page, per_page: perPage } = request.query
      const window = { limit: perPage, offset: (page - 1) * perPage }
      const viewer = await request.sessionUser()
      let ids: number[]
      switch (request.params.endpoint) {
        case 'user_created_pros_not_cons':
          ids = viewer ? await listUserCreatedProsNotCons(app.db, viewer.id, window) : []
          break
        case 'user_upvoted_pros_not_cons':
          ids = viewer ? await listUserUpvotedProsNotCons(app.db, viewer.id, window) : []
          break
        case 'tools_lacking_reasons':
          ids = await listToolsLackingReasons(app.db, viewer?.id ?? null, REASONS_WANTED_PER_TYPE, window)
          break
      }
      const [tools, reasons] = await Promise.all([
        listProsConsTools(app.db, ids),
        listToolReasons(app.db, ids, PROS_CONS_REASONS_PER_TYPE),
      ])
      const votes = viewer
        ? await findUserVotes(
            app.db,
            viewer.id,
            reasons.map((reason) => reason.id),
          )
        : new Map<number, number>()
      return presentProsConsTools(ids, tools, reasons, votes)
    },
  )

  app.post(
    '/api/v1/pros-and-cons',
    {
      schema: {
        tags,
        summary: 'Add a pro (con false) or a con to a tool; earns its author a point',
        body: CreateReasonBody,
        response: { 200: CreateReasonResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_REASON)
      const { service_id: toolId, text, con } = request.body.reason
      if (!(await findListedTool(app.db, toolId))) throw notFound()
      const result = await createReason(app.db, { toolId, userId: user.id, text, isCon: con })
      if (result.status === 'duplicate') throw conflict(reasonDuplicateMessage(con ? 'con' : 'pro'), REASON_DUPLICATE)
      return {
        service_id: toolId,
        reason: presentProsConsReason(result.reason, { username: user.username, userImage: user.image }, false),
        points: result.points,
      }
    },
  )

  app.delete(
    '/api/v1/pros-and-cons/:id',
    {
      schema: {
        tags,
        summary: 'Delete your pro or con while it has at most 1 vote; takes back the points it earned',
        params: ReasonParams,
        response: { 200: DeleteReasonResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_REASON)
      const { reason, points } = await deleteReason(app.db, { reasonId: request.params.id, userId: user.id })
      return { service_id: reason.toolId, type: reasonType(reason.isCon), reason_id: reason.id, points }
    },
  )

  app.post(
    '/api/v1/pros-and-cons/:id/toggle_vote',
    {
      schema: {
        tags,
        summary: "Up-vote a pro or con (vote true) or take the up-vote back (vote false); the author's points follow",
        params: ReasonParams,
        body: ToggleReasonVoteBody,
        response: { 200: ToggleReasonVoteResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_VOTE)
      const { reason, userVote } = await setReasonUpvote(app.db, {
        reasonId: request.params.id,
        userId: user.id,
        vote: request.body.vote,
      })
      return {
        id: reason.id,
        serviceId: reason.toolId,
        type: reasonType(reason.isCon),
        votes: reason.votesTotal,
        user_voted_for: userVote === 1,
      }
    },
  )
}
