// Company team management (specs/onboarding-customers-teams-notifications.md §2 'Manage Team screen', §3-§9): the
// member table, invitations by e-mail and by username, roles, removal and leaving, with the spec's messages verbatim.
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { EMAIL_PATTERN } from './companies.ts'
import { Id } from './stacks.ts'

export const TEAM_ROLES = ['member', 'admin'] as const
export const TeamRole = z.enum(TEAM_ROLES, { message: 'must be member or admin' })
export type TeamRole = z.infer<typeof TeamRole>

/** spec §9: member search shows at most 10 results. */
export const MEMBER_SEARCH_LIMIT = 10
/** spec §7: member search is set up 4 seconds after page load. */
export const MEMBER_SEARCH_SETUP_DELAY_MS = 4000
/** spec §9: the 'Invite sent.' banner lasts 5 seconds. */
export const INVITE_SENT_BANNER_MS = 5000
export const MEMBER_SEARCH_TERM_MAX = 60
export const EMAIL_MAX = 254
/** docs/decisions/015-team-management.md: an invitation link works for 7 days; a resend starts a new 7 days. */
export const INVITATION_EXPIRY_DAYS = 7
/** One resend per invitation per minute, so an inbox cannot be flooded from the Resend Invite button. */
export const RESEND_COOLDOWN_SECONDS = 60

// spec §8, verbatim
export const ALREADY_ON_TEAM = 'Sorry - It looks like that user is already part of the team.'
export const CANNOT_REMOVE_YOURSELF =
  'You cannot delete yourself from a team. If you want to leave your team, click Leave My Team.'
export const MAKE_SOMEONE_ELSE_ADMIN = 'Sorry - Before you can leave this team, you need to make someone else an admin.'
export const INVITE_RESENT = 'Your invite has been sent.'
export const PLEASE_FILL_IN = 'Please fill in'
export const ARE_YOU_REALLY_SURE = 'Are you really sure?'

// where the spec is silent (decision 015)
export const ONLY_TEAM_MEMBERS = 'Only members of this team can see it.'
export const ONLY_TEAM_ADMINS = 'Only team admins can do that.'
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role. Ask another admin.'
export const CANNOT_LEAVE_FOR_SOMEONE_ELSE = 'You can only leave a team yourself.'
export const NO_SUCH_MEMBER = 'That person is not a member of this team.'
export const NO_SUCH_INVITE = 'That invitation does not exist.'
export const INVITE_ALREADY_ACCEPTED = 'That invitation has already been accepted.'
export const RESEND_TOO_SOON = 'That invite was just sent. Please wait a minute before sending it again.'
export const INVITATION_INVALID =
  'This invitation link is not valid. Check that you copied the whole link from the e-mail.'
export const INVITATION_EXPIRED = 'This invitation has expired. Ask a team admin to send you a new one.'
export const INVITATION_USED = 'This invitation has already been used.'
export const INVITATION_SUPERSEDED = 'A newer invitation was sent to this address. Use the link in the latest e-mail.'
export const INVITATION_WITHDRAWN = 'This invitation is no longer valid. Ask a team admin to send you a new one.'
// decision 037: inviting an account asks for its consent
export const INVITATION_FOR_ANOTHER_ACCOUNT =
  'This invitation was sent to another account. Sign in as the person it was sent to.'
export const ONLY_ADMINS_SEARCH = 'Only team admins can search for people to add.'
// decision 083: an invitation still open is refused, in the spec's modal, worded for what is true
export const ALREADY_INVITED =
  'Sorry - It looks like that user has already been invited to the team. Use Resend Invite to send it again.'
/** spec §4: the banner after an invitation, for 5 seconds (INVITE_SENT_BANNER_MS). */
export const INVITE_SENT = 'Invite sent.'
// decision 084: a team never loses its last admin by leaving
export const SOLE_MEMBER_CANNOT_LEAVE =
  'You are the only member of this team, so nobody would be left to manage it. Delete the company instead.'
export const NEW_ADMIN_NOT_A_MEMBER = 'The new admin must be another member of this team.'

const blank = "can't be blank"

export const TeamEmail = z
  .string(blank)
  .trim()
  .min(1, { message: blank, abort: true })
  .max(EMAIL_MAX, `is too long (maximum is ${EMAIL_MAX} characters)`)
  .regex(EMAIL_PATTERN, 'is invalid')
  .transform((value) => value.toLowerCase())

export const CompanyIdQuery = z.object({ company_id: Id })

export const TeamMember = z
  .object({
    /** The membership ("company owner") id: what PATCH/DELETE /api/v1/company_owners/{id} take. */
    id: z.number().int(),
    user_id: z.number().int(),
    username: z.string(),
    name: z.string(),
    image_url: z.string().nullable(),
    role: TeamRole,
  })
  .register(apiSchemas, { id: 'TeamMember' })
export type TeamMember = z.infer<typeof TeamMember>

/** Who an invitation by username went to (never their address: decision 037). */
export const TeamInvitee = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
})
export type TeamInvitee = z.infer<typeof TeamInvitee>

export const TeamInvite = z
  .object({
    id: z.number().int(),
    /** The invited address; null for an invitation to an account (`user`). */
    email: z.string().nullable(),
    /** The invited account, for an invitation by username; null for one by e-mail. */
    user: TeamInvitee.nullable(),
    role: TeamRole,
    accepted: z.boolean(),
    sent_at: z.string(),
    expires_at: z.string(),
  })
  .register(apiSchemas, { id: 'TeamInvite' })
export type TeamInvite = z.infer<typeof TeamInvite>

export const TeamCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image_url: z.string().nullable(),
  path: z.string(),
})
export type TeamCompany = z.infer<typeof TeamCompany>

/** GET /api/v1/company_owners?company_id: the team as one of its members sees it. */
export const TeamResponse = z.object({
  company: TeamCompany,
  /** The viewer's own membership. */
  current_user: z.object({ company_owner_id: z.number().int(), user_id: z.number().int(), role: TeamRole }),
  members: z.array(TeamMember),
  /** Pending invitations, by e-mail or to an account, shown as '(Invited)' entries. */
  invites: z.array(TeamInvite),
})
export type TeamResponse = z.infer<typeof TeamResponse>

export const MemberSearchQuery = z.object({
  term: z
    .string()
    .trim()
    .min(1, blank)
    .max(MEMBER_SEARCH_TERM_MAX, `is too long (maximum is ${MEMBER_SEARCH_TERM_MAX} characters)`),
  /**
   * The team the search is for: people already on it are left out, so only its admins may search (decision 037:
   * the results must not tell anyone else who is on a team).
   */
  company_id: Id,
})
export const MemberSearchResult = z.object({
  id: z.number().int(),
  username: z.string(),
  image_url: z.string().nullable(),
})
export type MemberSearchResult = z.infer<typeof MemberSearchResult>
export const MemberSearchResponse = z.object({ users: z.array(MemberSearchResult) })
export type MemberSearchResponse = z.infer<typeof MemberSearchResponse>

export const CreateInviteBody = z.object({ company_id: Id, email: TeamEmail, role: TeamRole })
export type CreateInviteBody = z.input<typeof CreateInviteBody>

export const AddMemberBody = z.object({ company_id: Id, user_id: Id, role: TeamRole })
export type AddMemberBody = z.input<typeof AddMemberBody>

export const ResendInviteBody = z.object({ id: Id, company_id: Id })
export type ResendInviteBody = z.input<typeof ResendInviteBody>
export const ResendInviteResponse = z.object({ invite: TeamInvite, message: z.string() })
export type ResendInviteResponse = z.infer<typeof ResendInviteResponse>

export const MemberParams = z.object({ id: Id })
export const UpdateMemberBody = z.object({
  id: Id.optional(),
  company_id: Id,
  company_owner: z.object({ role: TeamRole }),
})
export type UpdateMemberBody = z.input<typeof UpdateMemberBody>
export const UpdateMemberResponse = z.object({ id: z.number().int(), role: TeamRole })
export type UpdateMemberResponse = z.infer<typeof UpdateMemberResponse>

export const RemoveMemberBody = z.object({ id: Id.optional(), company_id: Id })
export type RemoveMemberBody = z.input<typeof RemoveMemberBody>
export const RemoveMemberResponse = z.object({ id: z.number().int() })

export const LeaveTeamBody = z.object({
  id: Id.optional(),
  company_id: Id,
  /**
   * decision 084: the membership id of another member who becomes an admin as the only admin leaves (in the same
   * transaction); without it the only admin of a team of more than one is refused (spec §6, §8).
   */
  new_admin_id: Id.optional(),
})
export type LeaveTeamBody = z.input<typeof LeaveTeamBody>
export const LeaveTeamResponse = z.object({ id: z.number().int(), redirect_to: z.literal('/') })
export type LeaveTeamResponse = z.infer<typeof LeaveTeamResponse>

/** The signed token of an invitation link: id.nonce.expiry.signature, URL-safe. */
export const InvitationToken = z
  .string()
  .trim()
  .min(1, blank)
  .max(300, 'is invalid')
  .regex(/^[A-Za-z0-9_.-]+$/, 'is invalid')
/**
 * Which invitation: the signed token of an e-mailed link, or (for the invited account itself, from its
 * notification) the invitation's id.
 */
export const InvitationRef = z
  .object({ token: InvitationToken.optional(), id: Id.optional() })
  .refine((ref) => ref.token !== undefined || ref.id !== undefined, { message: blank, path: ['token'] })
export type InvitationRef = { token?: string; id?: number }
export const InvitationTokenQuery = InvitationRef
export const AcceptInvitationBody = InvitationRef
export type AcceptInvitationBody = InvitationRef
export const DeclineInvitationBody = InvitationRef
export const DeclineInvitationResponse = z.object({ company: TeamCompany })
export type DeclineInvitationResponse = z.infer<typeof DeclineInvitationResponse>

/** GET /api/v1/company_owner_invites/show?token: what the link invites to, for the accept page. */
export const InvitationPreviewResponse = z.object({
  invitation: z.object({
    company: TeamCompany,
    /** The invited address; null for an invitation to an account. */
    email: z.string().nullable(),
    /** The invited account's username, for an invitation by username (only that account may accept it). */
    username: z.string().nullable(),
    role: TeamRole,
    invited_by: z.object({ username: z.string(), name: z.string() }).nullable(),
    expires_at: z.string(),
  }),
})
export type InvitationPreviewResponse = z.infer<typeof InvitationPreviewResponse>

export const AcceptInvitationResponse = z.object({
  company: TeamCompany,
  role: TeamRole,
  /** The membership ("company owner") id of the user on the team. */
  company_owner_id: z.number().int(),
  /** True when the user was on the team already (the invitation is used up, the role unchanged). */
  already_member: z.boolean(),
})
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponse>

/**
 * The accept page's address for a token (the e-mail links here). The token is in the query string: its dots would
 * make the path look like a file to the server's page fallback.
 */
export function invitationPath(token: string): string {
  return `/invitations/accept?token=${token}`
}

/** The accept page for the invited account itself (its notification links here; the id is no credential). */
export function accountInvitationPath(id: number): string {
  return `/invitations/accept?invitation=${id}`
}
