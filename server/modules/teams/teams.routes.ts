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
  DeclineInvitationBody,
  DeclineInvitationResponse,
  INVITE_RESENT,
  InvitationPreviewResponse,
  InvitationTokenQuery,
  LeaveTeamBody,
  LeaveTeamResponse,
  MEMBER_SEARCH_LIMIT,
  MemberParams,
  MemberSearchQuery,
  MemberSearchResponse,
  ONLY_ADMINS_SEARCH,
  RemoveMemberBody,
  RemoveMemberResponse,
  ResendInviteBody,
  ResendInviteResponse,
  TeamInvite,
  TeamResponse,
  UpdateMemberBody,
  UpdateMemberResponse,
} from '#contracts/teams.ts'
import { requireRealUser, requireUser } from '../../http/auth-guard.ts'
import { LEAVES_PUBLIC_CONTENT } from '../../http/content-changes.ts'
import { track } from '../analytics/analytics.service.ts'
import { auditContextOf } from '../audit/audit.service.ts'
import { presentTeamCompany, presentTeamInvite, presentTeamMember } from './teams.presenter.ts'
import { searchUsersByUsername } from './teams.queries.ts'
import {
  acceptInvitation,
  assertTeamAdmin,
  changeMemberRole,
  declineInvitation,
  inviteByEmail,
  inviteByUsername,
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
        invites: invites.map(({ invitation, invitee }) => presentTeamInvite(invitation, invitee)),
      }
    },
  )

  app.get(
    '/api/v1/company_owners/search',
    {
      schema: {
        tags,
        summary: "People to invite by username to a team, leaving out its members: the closest 10 (that team's admins)",
        querystring: MemberSearchQuery,
        response: { 200: MemberSearchResponse },
      },
    },
    async (request, reply) => {
      const viewer = await requireUser(request)
      // the results leave the team's members out, so they would tell anyone else who is on it (decision 037)
      await assertTeamAdmin(app.db, request.query.company_id, viewer, ONLY_ADMINS_SEARCH)
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
      config: LEAVES_PUBLIC_CONTENT,
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
      const invitation = await inviteByEmail(app.db, app.jobQueue, app.config, actor, { companyId, email, role })
      await track(app.db, 'team.invited_by_email', { company_id: companyId, role }, actor.id)
      return presentTeamInvite(invitation)
    },
  )

  app.post(
    '/api/v1/company_owner_invites/resend',
    {
      config: LEAVES_PUBLIC_CONTENT,
      schema: {
        tags,
        summary: 'Send an invitation again with a new link and expiry (team admins)',
        body: ResendInviteBody,
        response: { 200: ResendInviteResponse },
      },
    },
    async (request) => {
      const actor = await requireRealUser(request, IMPERSONATED_MANAGE_TEAM)
      const { invitation, invitee } = await resendInvitation(app.db, app.jobQueue, app.config, actor, {
        companyId: request.body.company_id,
        id: request.body.id,
      })
      return { invite: presentTeamInvite(invitation, invitee), message: INVITE_RESENT }
    },
  )

  app.get(
    '/api/v1/company_owner_invites/show',
    {
      schema: {
        tags,
        summary:
          'What an invitation invites to (by its link, or by id for the invited account), or why it no longer works',
        querystring: InvitationTokenQuery,
        response: { 200: InvitationPreviewResponse },
      },
    },
    async (request, reply) => {
      const viewer = await request.sessionUser()
      const { invitation, company, inviter, invitee } = await previewInvitation(
        app.db,
        app.config.authSecret,
        viewer,
        request.query,
      )
      reply.header('cache-control', 'no-store')
      return {
        invitation: {
          company: presentTeamCompany(company),
          email: invitation.email,
          username: invitee ? (invitee.username ?? '') : null,
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
        summary:
          'Accept an invitation (its link, or its id for the invited account): the user joins with the invited role',
        body: AcceptInvitationBody,
        response: { 200: AcceptInvitationResponse },
      },
    },
    async (request) => {
      const actor = await requireRealUser(request, IMPERSONATED_ACCEPT_INVITATION)
      const result = await acceptInvitation(app.db, app.config.authSecret, actor, request.body)
      await track(app.db, 'team.invitation_accepted', { company_id: result.company.id }, actor.id)
      return {
        company: presentTeamCompany(result.company),
        role: result.member.role,
        company_owner_id: result.member.id,
        already_member: result.alreadyMember,
      }
    },
  )

  app.post(
    '/api/v1/company_owner_invites/decline',
    {
      config: LEAVES_PUBLIC_CONTENT,
      schema: {
        tags,
        summary: 'Decline an invitation (its link, or its id for the invited account): it is withdrawn',
        body: DeclineInvitationBody,
        response: { 200: DeclineInvitationResponse },
      },
    },
    async (request) => {
      const actor = await requireRealUser(request, IMPERSONATED_ACCEPT_INVITATION)
      const { company } = await declineInvitation(app.db, app.config.authSecret, actor, request.body)
      await track(app.db, 'team.invitation_declined', { company_id: company.id }, actor.id)
      return { company: presentTeamCompany(company) }
    },
  )

  app.post(
    '/api/v1/company_owners/invite',
    {
      schema: {
        tags,
        summary: 'Invite an existing user by username: a pending entry until they accept (team admins)',
        body: AddMemberBody,
        response: { 200: TeamInvite },
      },
    },
    async (request) => {
      const actor = await requireRealUser(request, IMPERSONATED_MANAGE_TEAM)
      const { company_id: companyId, user_id: userId, role } = request.body
      const { invitation, invitee } = await inviteByUsername(app.db, app.jobQueue, app.config, actor, {
        companyId,
        userId,
        role,
      })
      await track(app.db, 'team.invited_by_username', { company_id: companyId, role }, actor.id)
      return presentTeamInvite(invitation, invitee)
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
      const member = await changeMemberRole(app.db, actor, await auditContextOf(request, actor), {
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
        summary: 'Leave the team (the only admin names a new admin with new_admin_id; the only member cannot leave)',
        params: MemberParams,
        body: LeaveTeamBody,
        response: { 200: LeaveTeamResponse },
      },
    },
    async (request) => {
      const actor = await requireRealUser(request, IMPERSONATED_MANAGE_TEAM)
      const member = await leaveTeam(app.db, actor, await auditContextOf(request, actor), {
        companyId: request.body.company_id,
        id: request.params.id,
        newAdminId: request.body.new_admin_id,
      })
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
      const member = await removeMember(app.db, actor, await auditContextOf(request, actor), {
        companyId: request.body.company_id,
        id: request.params.id,
      })
      return { id: member.id }
    },
  )
}
