// Company teams (spec §7 'Team management'): the member list, member search, invitations by e-mail and by username,
// role changes, removal and leaving, and the invitation link's preview and acceptance. The rules live in
// teams.service.ts, checked inside each change's transaction.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AcceptInvitationBody,
  AcceptInvitationResponse,
  AddMemberBody,
  CompanyIdQuery,
  CreateInviteBody,
  INVITE_RESENT,
  InvitationPreviewResponse,
  InvitationTokenQuery,
  LeaveTeamBody,
  LeaveTeamResponse,
  MEMBER_SEARCH_LIMIT,
  MemberParams,
  MemberSearchQuery,
  MemberSearchResponse,
  RemoveMemberBody,
  RemoveMemberResponse,
  ResendInviteBody,
  ResendInviteResponse,
  TeamInvite,
  TeamMember,
  TeamResponse,
  UpdateMemberBody,
  UpdateMemberResponse,
} from '#contracts/teams.ts'
import { requireRealUser, requireUser } from '../../http/auth-guard.ts'
import { track } from '../analytics/analytics.service.ts'
import { presentTeamCompany, presentTeamInvite, presentTeamMember } from './teams.presenter.ts'
import { searchUsersByUsername } from './teams.queries.ts'
import {
  acceptInvitation,
  addMemberByUsername,
  changeMemberRole,
  inviteByEmail,
  leaveTeam,
  loadTeam,
  previewInvitation,
  removeMember,
  resendInvitation,
} from './teams.service.ts'

const tags = ['teams']

export const IMPERSONATED_MANAGE_TEAM = 'Impersonated users are not allowed to manage teams'
export const IMPERSONATED_ACCEPT_INVITATION = 'Impersonated users are not allowed to accept invitations'

export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/company_owners',
    {
      schema: {
        tags,
        summary: "A company's team: members with roles and pending invitations (its members only)",
        querystring: CompanyIdQuery,
        response: { 200: TeamResponse },
      },
    },
    async (request, reply) => {
      const viewer = await requireUser(request)
      const { company, me, members, invites } = await loadTeam(app.db, request.query.company_id, viewer)
      reply.header('cache-control', 'no-store')
      return {
        company: presentTeamCompany(company),
        current_user: { company_owner_id: me.id, user_id: me.userId, role: me.role },
        members: members.map(presentTeamMember),
        invites: invites.map(presentTeamInvite),
      }
    },
  )

  app.get(
    '/api/v1/company_owners/search',
    {
      schema: {
        tags,
        summary: 'People to add by username: the closest 10 matches (signed-in users)',
        querystring: MemberSearchQuery,
        response: { 200: MemberSearchResponse },
      },
    },
    async (request, reply) => {
      await requireUser(request)
      const rows = await searchUsersByUsername(
        app.db,
        request.query.term,
        MEMBER_SEARCH_LIMIT,
        request.query.company_id,
      )
      reply.header('cache-control', 'private, no-store')
      return { users: rows.map((row) => ({ id: row.id, username: row.username ?? '', image_url: row.image })) }
    },
  )

  app.post(
    '/api/v1/company_owner_invites',
    {
      schema: {
        tags,
        summary: 'Invite someone by e-mail: a pending entry and an e-mail with a signed link (team admins)',
        body: CreateInviteBody,
        response: { 200: TeamInvite },
      },
    },
    async (request) => {
      const actor = await requireRealUser(request, IMPERSONATED_MANAGE_TEAM)
      const { company_id: companyId, email, role } = request.body
      const invitation = await inviteByEmail(app.db, app.config, actor, { companyId, email, role })
      await track(app.db, 'team.invited_by_email', { company_id: companyId, role }, actor.id)
      return presentTeamInvite(invitation)
    },
  )

  app.post(
    '/api/v1/company_owner_invites/resend',
    {
      schema: {
        tags,
        summary: 'Send an invitation again with a new link and expiry (team admins)',
        body: ResendInviteBody,
        response: { 200: ResendInviteResponse },
      },
    },
    async (request) => {
      const actor = await requireRealUser(request, IMPERSONATED_MANAGE_TEAM)
      const invitation = await resendInvitation(app.db, app.config, actor, {
        companyId: request.body.company_id,
        id: request.body.id,
      })
      return { invite: presentTeamInvite(invitation), message: INVITE_RESENT }
    },
  )

  app.get(
    '/api/v1/company_owner_invites/show',
    {
      schema: {
        tags,
        summary: 'What an invitation link invites to, or why it no longer works',
        querystring: InvitationTokenQuery,
        response: { 200: InvitationPreviewResponse },
      },
    },
    async (request, reply) => {
      const { invitation, company, inviter } = await previewInvitation(
        app.db,
        app.config.authSecret,
        request.query.token,
      )
      reply.header('cache-control', 'no-store')
      return {
        invitation: {
          company: presentTeamCompany(company),
          email: invitation.email,
          role: invitation.role,
          invited_by: inviter ? { username: inviter.username ?? '', name: inviter.name } : null,
          expires_at: invitation.expiresAt.toISOString(),
        },
      }
    },
  )

  app.post(
    '/api/v1/company_owner_invites/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation link: the signed-in user joins the team with the invited role',
        body: AcceptInvitationBody,
        response: { 200: AcceptInvitationResponse },
      },
    },
    async (request) => {
      const actor = await requireRealUser(request, IMPERSONATED_ACCEPT_INVITATION)
      const result = await acceptInvitation(app.db, app.config.authSecret, actor, request.body.token)
      await track(app.db, 'team.invitation_accepted', { company_id: result.company.id }, actor.id)
      return { company: presentTeamCompany(result.company), role: result.role, already_member: result.alreadyMember }
    },
  )

  app.post(
    '/api/v1/company_owners/invite',
    {
      schema: {
        tags,
        summary: 'Add an existing user to the team at once, by username (team admins)',
        body: AddMemberBody,
        response: { 200: TeamMember },
      },
    },
    async (request) => {
      const actor = await requireRealUser(request, IMPERSONATED_MANAGE_TEAM)
      const { company_id: companyId, user_id: userId, role } = request.body
      const member = await addMemberByUsername(app.db, app.config, actor, { companyId, userId, role })
      await track(app.db, 'team.member_added', { company_id: companyId, role }, actor.id)
      return presentTeamMember(member)
    },
  )

  app.patch(
    '/api/v1/company_owners/:id',
    {
      schema: {
        tags,
        summary: "Change another member's role (team admins; never their own)",
        params: MemberParams,
        body: UpdateMemberBody,
        response: { 200: UpdateMemberResponse },
      },
    },
    async (request) => {
      const actor = await requireRealUser(request, IMPERSONATED_MANAGE_TEAM)
      const member = await changeMemberRole(app.db, actor, {
        companyId: request.body.company_id,
        id: request.params.id,
        role: request.body.company_owner.role,
      })
      return { id: member.id, role: member.role }
    },
  )

  app.delete(
    '/api/v1/company_owners/leave_team/:id',
    {
      schema: {
        tags,
        summary: 'Leave the team (the only admin of a team of more than one cannot)',
        params: MemberParams,
        body: LeaveTeamBody,
        response: { 200: LeaveTeamResponse },
      },
    },
    async (request) => {
      const actor = await requireRealUser(request, IMPERSONATED_MANAGE_TEAM)
      const member = await leaveTeam(app.db, actor, { companyId: request.body.company_id, id: request.params.id })
      return { id: member.id, redirect_to: '/' as const }
    },
  )

  app.delete(
    '/api/v1/company_owners/:id',
    {
      schema: {
        tags,
        summary: 'Remove another member from the team (team admins; nobody removes themselves)',
        params: MemberParams,
        body: RemoveMemberBody,
        response: { 200: RemoveMemberResponse },
      },
    },
    async (request) => {
      const actor = await requireRealUser(request, IMPERSONATED_MANAGE_TEAM)
      const member = await removeMember(app.db, actor, { companyId: request.body.company_id, id: request.params.id })
      return { id: member.id }
    },
  )
}
