// /companies/{slug}/team: 'Manage {company}'s Team' (spec §2 'Manage Team screen', §4-§9) for the team's members:
// the member table, Add Member (by e-mail or username), Edit Role, Remove, Resend Invite and Leave My Team, with
// the spec's messages. The server enforces every rule; this screen only hides what would be refused.
import { ArrowLeft, LogOut, UserPlus } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import {
  INVITE_RESENT,
  INVITE_SENT,
  INVITE_SENT_BANNER_MS,
  MEMBER_SEARCH_SETUP_DELAY_MS,
  type TeamInvite,
  type TeamMember,
  type TeamResponse,
} from '#contracts/teams.ts'
import type { CurrentUser } from '#contracts/users.ts'
import { Forbidden } from '../../../components/forbidden.tsx'
import NotFoundPage from '../../../components/not-found-page.tsx'
import { RequireSignIn } from '../../../components/require-sign-in.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { OwnerLogo } from '../../../components/ui/owner-logo.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { useCompanyPage } from '../api/get-company-page.ts'
import { useTeam } from '../api/get-team.ts'
import { useResendInvite } from '../api/resend-invite.ts'
import { AddMemberDialog } from '../components/team/add-member-dialog.tsx'
import { EditRoleDialog } from '../components/team/edit-role-dialog.tsx'
import { firstLeaveStep, type LeaveStep, LeaveTeamDialogs } from '../components/team/leave-team-dialogs.tsx'
import { MessageDialog, type TeamMessage } from '../components/team/message-dialog.tsx'
import { RemoveMemberDialog } from '../components/team/remove-member-dialog.tsx'
import { TeamTable } from '../components/team/team-table.tsx'

export default function CompanyTeamPage() {
  return <RequireSignIn reason="Sign in to manage your team.">{(user) => <TeamScreen user={user} />}</RequireSignIn>
}

function TeamScreen({ user }: { user: CurrentUser }) {
  const { slug = '' } = useParams()
  const companyPage = useCompanyPage(slug)
  const team = useTeam(companyPage.data?.company.id)
  useDocumentTitle(companyPage.data ? `Manage ${companyPage.data.company.name}'s Team` : null)

  if (companyPage.error instanceof ApiError && companyPage.error.status === 404) return <NotFoundPage />
  if (team.error instanceof ApiError && team.error.status === 403)
    return <Forbidden message={`Only members of ${companyPage.data?.company.name ?? 'this'} team can see it.`} />
  if (companyPage.isPending || team.isPending) return <PageSpinner label="Loading team" />
  if (!team.data)
    return (
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <Alert tone="error">We couldn't load this team. Please reload the page.</Alert>
      </div>
    )
  return <TeamManager team={team.data} user={user} />
}

function TeamManager({ team, user }: { team: TeamResponse; user: CurrentUser }) {
  const company = team.company
  const isAdmin = team.current_user.role === 'admin'
  const [searchReady, setSearchReady] = useState(false)
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<TeamMember | null>(null)
  const [removing, setRemoving] = useState<TeamMember | null>(null)
  const [leaveStep, setLeaveStep] = useState<LeaveStep>('closed')
  const [message, setMessage] = useState<TeamMessage | null>(null)
  const [banner, setBanner] = useState<string | null>(null)
  const resend = useResendInvite(company.id)

  // spec §7: member search is set up 4 seconds after page load
  useEffect(() => {
    const timer = setTimeout(() => setSearchReady(true), MEMBER_SEARCH_SETUP_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])
  // spec §9: the 'Invite sent.' banner lasts 5 seconds
  useEffect(() => {
    if (!banner) return
    const timer = setTimeout(() => setBanner(null), INVITE_SENT_BANNER_MS)
    return () => clearTimeout(timer)
  }, [banner])

  const resendInvite = (invite: TeamInvite) =>
    // spec §8: 'Your invite has been sent.' on both success and failure (decision 083); a refusal (one e-mail a
    // minute, or already accepted) adds the server's words under it, so the admin knows no new e-mail went out.
    resend.mutate(
      { id: invite.id, company_id: company.id },
      {
        onSuccess: () => setMessage({ text: INVITE_RESENT }),
        onError: (error) => setMessage({ text: INVITE_RESENT, detail: error.message }),
      },
    )
  // spec §4, §9: 'Invite sent.' for 5 seconds after either kind of invitation; an e-mail invitation also shows the
  // invite-sent modal (spec §2), saying where the link went (decision 083)
  const confirmInvited = (invitee: { email: string } | { username: string }) => {
    setBanner(INVITE_SENT)
    if ('email' in invitee) {
      setMessage({
        text: INVITE_RESENT,
        detail: `We e-mailed ${invitee.email} a link to join. They join the team once they accept.`,
      })
    }
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to={company.path} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> {company.name}
      </Link>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <OwnerLogo owner={{ ...company, type: 'Company' }} className="size-12 p-1 text-xl" />
          <h1 className="min-w-0 break-words text-2xl font-semibold text-slate-900">Manage {company.name}'s Team</h1>
        </div>
        {isAdmin && (
          <Button onClick={() => setAdding(true)}>
            <UserPlus className="size-4" aria-hidden="true" /> Add Member
          </Button>
        )}
      </div>
      {banner && (
        <Alert tone="success" className="mt-4">
          {banner}
        </Alert>
      )}
      <div className="mt-6">
        <TeamTable
          team={team}
          onEdit={setEditing}
          onRemove={setRemoving}
          onResend={resendInvite}
          resendingId={resend.isPending ? Number(resend.variables?.id) : null}
        />
      </div>
      <div className="mt-6 flex justify-end">
        <Button
          variant="link"
          className="text-red-700 hover:text-red-800"
          onClick={() => setLeaveStep(firstLeaveStep(team))}
        >
          <LogOut className="size-4" aria-hidden="true" /> Leave My Team
        </Button>
      </div>

      {isAdmin && (
        <AddMemberDialog
          open={adding}
          onOpenChange={setAdding}
          companyId={company.id}
          searchReady={searchReady}
          onInvited={confirmInvited}
          onFailure={setMessage}
        />
      )}
      <EditRoleDialog member={editing} companyId={company.id} onClose={() => setEditing(null)} />
      <RemoveMemberDialog
        member={removing}
        companyId={company.id}
        companyName={company.name}
        onClose={() => setRemoving(null)}
        onFailure={setMessage}
      />
      <LeaveTeamDialogs
        step={leaveStep}
        onStepChange={setLeaveStep}
        username={user.username}
        team={team}
        onFailure={setMessage}
      />
      <MessageDialog message={message} onClose={() => setMessage(null)} />
    </div>
  )
}
