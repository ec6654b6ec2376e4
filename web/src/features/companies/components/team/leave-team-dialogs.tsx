// 'Leave My Team' (spec §4, §5): type your own username to enable the button, then 'Are you really sure?', then the
// call and the redirect home. A refusal shows the spec's modal (via onFailure).
import { useState } from 'react'
import { ARE_YOU_REALLY_SURE } from '#contracts/teams.ts'
import { TypeToConfirmDialog } from '../../../../components/type-to-confirm-dialog.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { Dialog } from '../../../../components/ui/dialog.tsx'
import { leaveTeam } from '../../api/leave-team.ts'

export function LeaveTeamDialogs({
  step,
  onStepChange,
  username,
  companyName,
  companyId,
  membershipId,
  onFailure,
}: {
  step: 'closed' | 'type' | 'sure'
  onStepChange: (step: 'closed' | 'type' | 'sure') => void
  username: string
  companyName: string
  companyId: number
  membershipId: number
  onFailure: (message: string) => void
}) {
  const [isLeaving, setIsLeaving] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const leave = async () => {
    setIsLeaving(true)
    try {
      await leaveTeam({ id: membershipId, companyId })
      // spec §4: then the redirect to the home page, loaded afresh so nothing cached shows the team
      window.location.replace('/')
    } catch (error) {
      setIsLeaving(false)
      onStepChange('closed')
      onFailure(error instanceof Error ? error.message : 'Something went wrong. Please try again.')
    }
  }
  return (
    <>
      <TypeToConfirmDialog
        key={attempt}
        open={step === 'type'}
        onOpenChange={(open) => !open && onStepChange('closed')}
        title="Leave My Team"
        description={`You will leave ${companyName}'s team and lose access to its private stacks.`}
        expected={username}
        label="To confirm, type your username"
        confirmLabel="Leave My Team"
        pendingLabel="Leaving..."
        onConfirm={async () => {
          setAttempt((value) => value + 1)
          onStepChange('sure')
        }}
      />
      <Dialog
        open={step === 'sure'}
        onOpenChange={(open) => !open && !isLeaving && onStepChange('closed')}
        title={ARE_YOU_REALLY_SURE}
        description={`You are about to leave ${companyName}'s team. Only an admin can add you back.`}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onStepChange('closed')} disabled={isLeaving}>
            Cancel
          </Button>
          <Button variant="danger" isLoading={isLeaving} onClick={leave}>
            Yes, leave the team
          </Button>
        </div>
      </Dialog>
    </>
  )
}
