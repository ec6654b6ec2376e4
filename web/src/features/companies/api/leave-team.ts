// DELETE /api/v1/company_owners/leave_team/{companyOwnerId}: leave the team (the only admin of a team of more than
// one cannot).
import type { LeaveTeamResponse } from '#contracts/teams.ts'
import { apiFetch } from '../../../lib/api.ts'

export const leaveTeam = ({ id, companyId }: { id: number; companyId: number }) =>
  apiFetch<LeaveTeamResponse>(`/api/v1/company_owners/leave_team/${id}`, {
    method: 'DELETE',
    body: { id, company_id: companyId },
  })
