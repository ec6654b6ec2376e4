// The 'Vote For Tools' step (specs/stack-creation-and-editing.md §7): tools with their best reasons, and voting.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  IMPERSONATED_VOTE,
  REASONS_PER_TOOL,
  ReasonsQuery,
  ReasonsResponse,
  ToggleVoteBody,
  ToggleVoteResponse,
} from '#contracts/reasons.ts'
import { requireRealUser } from '../../http/auth-guard.ts'
import { presentReason, presentServicesWithReasons } from './reasons.presenter.ts'
import { findUserVotes, listToolsByIds, listTopReasons } from './reasons.queries.ts'
import { toggleReasonVote } from './reasons.service.ts'

const tags = ['reasons']

export const reasonsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/services/reasons',
    {
      schema: {
        tags,
        summary: `Tools with their reasons (at most ${REASONS_PER_TOOL} each, most votes first)`,
        querystring: ReasonsQuery,
        response: { 200: ReasonsResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const ids = [...new Set(request.query.service_ids)]
      const viewer = await request.sessionUser()
      const [tools, reasons] = await Promise.all([
        listToolsByIds(app.db, ids),
        listTopReasons(app.db, ids, REASONS_PER_TOOL),
      ])
      const userVotes = viewer
        ? await findUserVotes(
            app.db,
            viewer.id,
            reasons.map((reason) => reason.id),
          )
        : new Map<number, number>()
      return { services: presentServicesWithReasons(ids, tools, reasons, userVotes) }
    },
  )

  app.post(
    '/api/v1/reasons/toggle_vote',
    {
      schema: {
        tags,
        summary: 'Vote 1 or -1 on a reason; the same vote again takes it back',
        body: ToggleVoteBody,
        response: { 200: ToggleVoteResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_VOTE)
      const { reason, userVote } = await toggleReasonVote(app.db, {
        reasonId: request.body.id,
        userId: user.id,
        vote: request.body.vote as 1 | -1,
      })
      return { reason: presentReason(reason, userVote) }
    },
  )
}
