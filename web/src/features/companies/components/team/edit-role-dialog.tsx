// Change a member's role (team admins, never on themselves).
import { type FormEvent, useEffect, useId, useState } from 'react'
import type { TeamMember, TeamRole } from '#contracts/teams.ts'
import { Alert } from '../../../../components/ui/alert.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { Dialog } from '../../../../components/ui/dialog.tsx'
import { useUpdateMember } from '../../api/update-member.ts'
import { RoleSelect } from './role-select.tsx'

export function EditRoleDialog({
  member,
  companyId,
  onClose,
}: {
  member: TeamMember | null
  companyId: number
  onClose: () => void
}) {
  const roleId = useId()
  const [role, setRole] = useState<TeamRole | ''>(member?.role ?? 'member')
  const update = useUpdateMember(companyId)
  useEffect(() => {
    if (member) setRole(member.role)
  }, [member])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!member || !role) return
    update.mutate({ id: member.id, companyId, role }, { onSuccess: onClose })
  }
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => {
        if (!open) {
          update.reset()
          onClose()
        }
      }}
      title="Edit Role"
      description={member ? `Choose what @${member.username} can do in this team.` : undefined}
    >
      <form onSubmit={submit} className="space-y-4">
        <div className="space-y-1">
          <label htmlFor={roleId} className="block text-sm font-medium text-slate-700">
            Role
          </label>
          <RoleSelect id={roleId} value={role} onChange={setRole} />
          <p className="text-xs text-slate-500">Admins add and remove members and change roles.</p>
        </div>
        {update.error && <Alert tone="error">{update.error.message}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
