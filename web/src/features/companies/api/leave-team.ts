// DELETE /api/v1/company_owners/leave_team/{companyOwnerId}: leave the team. The only admin of a team of more than
// one names the new admin (newAdminId, a membership id); the only member cannot leave (decision 084).
import type { LeaveTeamResponse } from '#contracts/teams.ts'
import { apiFetch } from '../../../lib/api.ts'

export const leaveTeam = ({ id, companyId, newAdminId }: { id: number; companyId: number; newAdminId?: number }) =>
  apiFetch<LeaveTeamResponse>(`/api/v1/company_owners/leave_team/${id}`, {
    method: 'DELETE',
    body: { id, company_id: companyId, ...(newAdminId === undefined ? {} : { new_admin_id: newAdminId }) },
  })
