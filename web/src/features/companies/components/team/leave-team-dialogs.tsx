// 'Leave My Team' (spec §4, §5): type your own username to enable the button, then 'Are you really sure?', then the
// call and the redirect home. A refusal shows the spec's modal (via onFailure). A team never loses its last admin by
// leaving (decision 084): the only admin of a team of more than one chooses the new admin in the first dialog (the
// server promotes them as the admin leaves), and the only member is offered to delete the company instead, confirmed
// by typing its name.
import { useId, useState } from 'react'
import { ARE_YOU_REALLY_SURE, type TeamMember, type TeamResponse } from '#contracts/teams.ts'
import { TypeToConfirmDialog } from '../../../../components/type-to-confirm-dialog.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { Dialog } from '../../../../components/ui/dialog.tsx'
import { leaveTeam } from '../../api/leave-team.ts'
import { DeleteCompanyDialog } from '../delete-company-dialog.tsx'
import type { TeamMessage } from './message-dialog.tsx'

export type LeaveStep = 'closed' | 'type' | 'sure' | 'sole' | 'delete'

/** Where Leave My Team starts: the spec's typed username, or (the only member) the offer to delete the company. */
export function firstLeaveStep(team: TeamResponse): LeaveStep {
  return team.current_user.role === 'admin' && team.members.length === 1 ? 'sole' : 'type'
}

/** The members who could become admin when the viewer, the team's only admin, leaves; empty otherwise. */
function successorsOf(team: TeamResponse): TeamMember[] {
  const me = team.current_user
  const admins = team.members.filter((member) => member.role === 'admin')
  if (me.role !== 'admin' || admins.length !== 1) return []
  return team.members.filter((member) => member.id !== me.company_owner_id)
}

export function LeaveTeamDialogs({
  step,
  onStepChange,
  username,
  team,
  onFailure,
}: {
  step: LeaveStep
  onStepChange: (step: LeaveStep) => void
  username: string
  team: TeamResponse
  onFailure: (message: TeamMessage) => void
}) {
  const company = team.company
  const successors = successorsOf(team)
  const mustNameAdmin = successors.length > 0
  const selectId = useId()
  const [newAdminId, setNewAdminId] = useState('')
  const [isLeaving, setIsLeaving] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const close = () => {
    setNewAdminId('')
    onStepChange('closed')
  }
  const leave = async () => {
    setIsLeaving(true)
    try {
      await leaveTeam({
        id: team.current_user.company_owner_id,
        companyId: company.id,
        ...(mustNameAdmin && newAdminId ? { newAdminId: Number(newAdminId) } : {}),
      })
      // spec §4: then the redirect to the home page, loaded afresh so nothing cached shows the team
      window.location.replace('/')
    } catch (error) {
      setIsLeaving(false)
      close()
      onFailure({ text: error instanceof Error ? error.message : 'Something went wrong. Please try again.' })
    }
  }
  const successor = successors.find((member) => String(member.id) === newAdminId)
  return (
    <>
      <TypeToConfirmDialog
        key={attempt}
        open={step === 'type'}
        onOpenChange={(open) => !open && close()}
        title="Leave My Team"
        description={
          mustNameAdmin
            ? `You are the only admin of ${company.name}'s team. Choose who becomes its admin when you leave.`
            : `You will leave ${company.name}'s team and lose access to its private stacks.`
        }
        expected={username}
        label="To confirm, type your username"
        confirmLabel="Leave My Team"
        pendingLabel="Leaving..."
        blocked={mustNameAdmin && !newAdminId}
        onConfirm={async () => {
          setAttempt((value) => value + 1)
          onStepChange('sure')
        }}
      >
        {mustNameAdmin && (
          <div className="space-y-1">
            <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
              New admin
            </label>
            <select
              id={selectId}
              value={newAdminId}
              onChange={(event) => setNewAdminId(event.target.value)}
              className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500"
            >
              <option value="">Choose a member</option>
              {successors.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name} (@{member.username})
                </option>
              ))}
            </select>
          </div>
        )}
      </TypeToConfirmDialog>
      <Dialog
        open={step === 'sure'}
        onOpenChange={(open) => !open && !isLeaving && close()}
        title={ARE_YOU_REALLY_SURE}
        description={
          successor
            ? `You are about to leave ${company.name}'s team, and @${successor.username} becomes its admin. Only an admin can add you back.`
            : `You are about to leave ${company.name}'s team. Only an admin can add you back.`
        }
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={isLeaving}>
            Cancel
          </Button>
          <Button variant="danger" isLoading={isLeaving} onClick={leave}>
            Yes, leave the team
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={step === 'sole'}
        onOpenChange={(open) => !open && close()}
        title="Leave My Team"
        description={`You are the only member of ${company.name}'s team, so nobody would be left to manage it.`}
      >
        <p className="text-sm text-slate-700">
          Invite someone and make them an admin first, or delete the company with its stacks and customers.
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => onStepChange('delete')}>
            Delete {company.name}
          </Button>
        </div>
      </Dialog>
      <DeleteCompanyDialog company={company} open={step === 'delete'} onOpenChange={(open) => !open && close()} />
    </>
  )
}
