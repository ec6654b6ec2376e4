// Remove a member (team admins, never themselves). A refusal shows the spec's modal (via onFailure).
import type { TeamMember } from '#contracts/teams.ts'
import { Button } from '../../../../components/ui/button.tsx'
import { Dialog } from '../../../../components/ui/dialog.tsx'
import { useRemoveMember } from '../../api/remove-member.ts'
import type { TeamMessage } from './message-dialog.tsx'

export function RemoveMemberDialog({
  member,
  companyId,
  companyName,
  onClose,
  onFailure,
}: {
  member: TeamMember | null
  companyId: number
  companyName: string
  onClose: () => void
  onFailure: (message: TeamMessage) => void
}) {
  const remove = useRemoveMember(companyId)
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Remove Member"
      description={member ? `Remove @${member.username} from ${companyName}'s team?` : undefined}
    >
      <p className="text-sm text-slate-600">They lose access to the team's private stacks. You can add them again.</p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          isLoading={remove.isPending}
          onClick={() =>
            member &&
            remove.mutate(
              { id: member.id, companyId },
              {
                onSuccess: onClose,
                onError: (error) => {
                  onClose()
                  onFailure({ text: error.message })
                },
              },
            )
          }
        >
          Remove
        </Button>
      </div>
    </Dialog>
  )
}
