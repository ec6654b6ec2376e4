// Company verification by e-mail (docs/decisions/031-company-verification.md): what a confirmation link is for, opening
// it (a company admin, signed in), and a new link for a company's admins. The site admins' queue is in modules/admin.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CompanyVerificationResult,
  ConfirmCompanyVerificationBody,
  IMPERSONATED_VERIFY,
  ResendCompanyVerificationBody,
  VerificationLinkResponse,
  VerificationTokenQuery,
} from '#contracts/company-verification.ts'
import { requireRealUser } from '../../http/auth-guard.ts'
import { LEAVES_PUBLIC_CONTENT } from '../../http/content-changes.ts'
import { presentCompanyIdentity, presentVerificationResult } from './companies.presenter.ts'
import {
  confirmCompanyVerification,
  previewVerificationLink,
  resendCompanyVerification,
} from './company-verification.service.ts'

const tags = ['companies']

export const companyVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/companies/verification',
    {
      schema: {
        tags,
        summary: 'What a company verification link verifies (anyone holding the link)',
        querystring: VerificationTokenQuery,
        response: { 200: VerificationLinkResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { company, expiresAt } = await previewVerificationLink(app.db, app.config.authSecret, request.query.token)
      return {
        company: presentCompanyIdentity(company),
        email: company.emailAddress ?? '',
        expires_at: expiresAt.toISOString(),
      }
    },
  )

  app.post(
    '/api/v1/companies/verify',
    {
      schema: {
        tags,
        summary: "Open a verification link: the company gets the Verified badge (the company's admins only)",
        body: ConfirmCompanyVerificationBody,
        response: { 200: CompanyVerificationResult },
      },
    },
    async (request) => {
      const actor = await requireRealUser(request, IMPERSONATED_VERIFY)
      const outcome = await confirmCompanyVerification(app.db, app.config.authSecret, actor, request.body.token)
      return presentVerificationResult(outcome)
    },
  )

  app.post(
    '/api/v1/companies/verification/resend',
    {
      config: LEAVES_PUBLIC_CONTENT,
      schema: {
        tags,
        summary: "E-mail a new verification link to the company's contact address (the company's admins only)",
        body: ResendCompanyVerificationBody,
        response: { 200: CompanyVerificationResult },
      },
    },
    async (request) => {
      const actor = await requireRealUser(request, IMPERSONATED_VERIFY)
      const outcome = await resendCompanyVerification(app.db, app.jobQueue, app.config, actor, request.body.company_id)
      return presentVerificationResult(outcome)
    },
  )
}
