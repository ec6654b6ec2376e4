// Personal API tokens (issue 17 "API tokens"): the signed-in user's list, creation (the secret answered once) and
// revocation. Creating and revoking need the person at the site: a cookie session, never a token, never an admin
// acting as the user, and they count in a rate limit (docs/decisions/049-api-tokens.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ApiTokenList,
  ApiTokenParams,
  CreateApiTokenBody,
  CreatedApiToken,
  IMPERSONATED_API_TOKENS,
} from '#contracts/api-tokens.ts'
import { ErrorEnvelope } from '#contracts/errors.ts'
import { requireSessionUser, requireUser } from '../../http/auth-guard.ts'
import { LEAVES_PUBLIC_CONTENT } from '../../http/content-changes.ts'
import { auditContextOf } from '../audit/audit.service.ts'
import { presentApiToken } from './api-tokens.presenter.ts'
import { listApiTokens } from './api-tokens.queries.ts'
import { createApiToken, revokeOwnApiToken } from './api-tokens.service.ts'

const tags = ['api tokens']
/** Creating and revoking take the session cookie only (the document's default is either scheme). */
const sessionOnly = [{ session: [] }]
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope }

export const apiTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  // a person makes a few tokens now and then; a script or a stolen session making many is stopped
  const rateLimit = app.config.rateLimitEnabled ? { max: 20, timeWindow: '1 hour' } : false

  app.get(
    '/api/v1/users/tokens',
    {
      schema: {
        tags,
        summary: "The signed-in user's API tokens in force or expired (never their secrets)",
        response: { 200: ApiTokenList, 401: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request)
      reply.header('cache-control', 'private, no-store')
      return { tokens: (await listApiTokens(app.db, user.id)).map(presentApiToken) }
    },
  )

  app.post(
    '/api/v1/users/tokens',
    {
      schema: {
        tags,
        summary: 'Create an API token (a cookie session only): its secret is in this answer and never again',
        security: sessionOnly,
        body: CreateApiTokenBody,
        response: { 200: CreatedApiToken, ...refusals },
      },
      config: { ...LEAVES_PUBLIC_CONTENT, rateLimit },
    },
    async (request, reply) => {
      const user = await requireSessionUser(request, IMPERSONATED_API_TOKENS)
      const { token, secret } = await createApiToken(app.db, user, await auditContextOf(request, user), request.body)
      reply.header('cache-control', 'no-store')
      return { token: presentApiToken(token), secret }
    },
  )

  app.delete(
    '/api/v1/users/tokens/:id',
    {
      schema: {
        tags,
        summary: 'Revoke one of your API tokens (a cookie session only): refused at once on every instance',
        security: sessionOnly,
        params: ApiTokenParams,
        response: { 200: z.object({ ok: z.literal(true) }), ...refusals },
      },
      config: { ...LEAVES_PUBLIC_CONTENT, rateLimit },
    },
    async (request) => {
      const user = await requireSessionUser(request, IMPERSONATED_API_TOKENS)
      await revokeOwnApiToken(app.db, user, await auditContextOf(request, user), request.params.id)
      return { ok: true as const }
    },
  )
}
