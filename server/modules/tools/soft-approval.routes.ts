// Soft approval (specs/stack-match-and-community.md §2 'Soft-approval screen', §7 'Soft approval'): the signed-in
// user's submitted tools, and POST /api/v1/services/submit_soft_approval, which sends one to the moderators.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorEnvelope } from '#contracts/errors.ts'
import {
  IMPERSONATED_SUBMIT,
  SoftApprovalToolsResponse,
  SubmitSoftApprovalBody,
  SubmitSoftApprovalResponse,
} from '#contracts/soft-approval.ts'
import { requireRealUser, requireUser } from '../../http/auth-guard.ts'
import { presentSoftApprovalTool } from './soft-approval.presenter.ts'
import { listUserSubmissions } from './soft-approval.queries.ts'
import { submitForApproval } from './soft-approval.service.ts'

const tags = ['tools']

export const softApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/services/soft_approval',
    {
      schema: {
        tags,
        summary: "The signed-in user's submitted tools that are not approved yet (not submitted, pending, rejected)",
        response: { 200: SoftApprovalToolsResponse, 401: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      reply.header('cache-control', 'no-store')
      return { tools: (await listUserSubmissions(app.db, user.id)).map(presentSoftApprovalTool) }
    },
  )

  app.post(
    '/api/v1/services/submit_soft_approval',
    {
      schema: {
        tags,
        summary:
          'Complete a submitted tool (name, title, description, image, Twitter, features) and send it for approval',
        body: SubmitSoftApprovalBody,
        response: {
          200: SubmitSoftApprovalResponse,
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          404: ErrorEnvelope,
          409: ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const user = await requireRealUser(request, IMPERSONATED_SUBMIT)
      const tool = await submitForApproval(app.db, user, request.body.id, request.body.service)
      reply.header('cache-control', 'no-store')
      const presented = presentSoftApprovalTool(tool)
      return { id: presented.id, image_url: presented.image_url }
    },
  )
}
