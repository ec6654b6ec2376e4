// Site invitations (SIGNUP_MODE=invite): the admins' list, send and revoke, and what an invitation link is for.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  SendSiteInvitationBody,
  SITE_INVITATIONS_PER_PAGE,
  SiteInvitationLinkQuery,
  SiteInvitationLinkResponse,
  SiteInvitationParams,
  SiteInvitationResponse,
  SiteInvitationsResponse,
} from '#contracts/site-invitations.ts'
import { requireAdmin } from '../../http/auth-guard.ts'
import { LEAVES_PUBLIC_CONTENT } from '../../http/content-changes.ts'
import { auditContextOf } from '../audit/audit.service.ts'
import { presentSiteInvitation } from './invitations.presenter.ts'
import { listPendingSiteInvitations } from './invitations.queries.ts'
import { previewSiteInvitationLink, revokeSiteInvitation, sendSiteInvitation } from './invitations.service.ts'

const tags = ['admin']

export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/admin/invitations',
    {
      schema: {
        tags,
        summary: 'Pending invitations to create an account, oldest first (site admins)',
        response: { 200: SiteInvitationsResponse },
      },
    },
    async (request, reply) => {
      await requireAdmin(request)
      reply.header('cache-control', 'no-store')
      const rows = await listPendingSiteInvitations(app.db, SITE_INVITATIONS_PER_PAGE)
      return { invitations: rows.map(presentSiteInvitation) }
    },
  )

  app.post(
    '/api/v1/admin/invitations',
    {
      config: LEAVES_PUBLIC_CONTENT,
      schema: {
        tags,
        summary: 'Invite an address to create an account; inviting it again sends a new link (site admins)',
        body: SendSiteInvitationBody,
        response: { 200: SiteInvitationResponse },
      },
    },
    async (request) => {
      const actor = await requireAdmin(request)
      const row = await sendSiteInvitation(
        app.db,
        app.jobQueue,
        app.config,
        actor,
        await auditContextOf(request, actor),
        request.body.email,
      )
      return { invitation: presentSiteInvitation(row) }
    },
  )

  app.post(
    '/api/v1/admin/invitations/:id/revoke',
    {
      config: LEAVES_PUBLIC_CONTENT,
      schema: {
        tags,
        summary: 'Revoke a pending invitation: its link no longer lets anyone sign up (site admins)',
        params: SiteInvitationParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const actor = await requireAdmin(request)
      await revokeSiteInvitation(app.db, await auditContextOf(request, actor), request.params.id)
      return { ok: true as const }
    },
  )

  app.get(
    '/api/v1/invitations/site',
    {
      // the invited person has no account yet (private mode: server/http/private-mode.ts)
      config: { openInPrivateMode: true },
      schema: {
        tags: ['users'],
        summary: 'The address an invitation link is for (anyone holding the link)',
        querystring: SiteInvitationLinkQuery,
        response: { 200: SiteInvitationLinkResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { email, expiresAt } = await previewSiteInvitationLink(app.db, app.config.authSecret, request.query.token)
      return { email, expires_at: expiresAt.toISOString() }
    },
  )
}
