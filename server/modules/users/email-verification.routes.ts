// E-mail verification links (docs/decisions/052-email-verification-and-invitations.md): following one, and asking for
// a new one. Both are open to an account whose address is not verified yet: they are how it gets out of that state.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ResendVerificationResponse, VerifyEmailBody, VerifyEmailResponse } from '#contracts/email-verification.ts'
import { IMPERSONATED_CHANGE_SETTINGS } from '#contracts/onboarding.ts'
import { requireRealUser } from '../../http/auth-guard.ts'
import { LEAVES_PUBLIC_CONTENT } from '../../http/content-changes.ts'
import { followEmailLink, resendSignUpLink } from './email-verification.service.ts'

export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = (max: number) => (app.config.rateLimitEnabled ? { max, timeWindow: '15 minutes' } : false)

  app.post(
    '/api/v1/users/email/verify',
    {
      schema: {
        tags: ['users'],
        summary: "Follow an e-mailed verification link: verifies the account's address, or makes a new address its own",
        body: VerifyEmailBody,
        response: { 200: VerifyEmailResponse },
      },
      // the link is its own proof, signed in or not (private mode too: server/http/private-mode.ts)
      config: { allowUnverified: true, openInPrivateMode: true, rateLimit: limited(30) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return followEmailLink(app.db, app.jobQueue, app.config, request.body.token)
    },
  )

  app.post(
    '/api/v1/users/email/verification/resend',
    {
      schema: {
        tags: ['users'],
        summary: "E-mail a new verification link to the signed-in account's address (once a minute)",
        response: { 200: ResendVerificationResponse },
      },
      config: { ...LEAVES_PUBLIC_CONTENT, allowUnverified: true, rateLimit: limited(5) },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_CHANGE_SETTINGS)
      const row = await resendSignUpLink(app.db, app.jobQueue, app.config, user, request.log)
      return { email: row.email }
    },
  )
}
