import { TEAM_ROLES, type TeamRole } from '#contracts/teams.ts'

export const ROLE_LABELS: Record<TeamRole, string> = { member: 'Member', admin: 'Admin' }

/** Member or admin; with `allowEmpty`, starts on 'Choose a role' (spec §5: a role is required). */
export function RoleSelect({
  id,
  value,
  onChange,
  allowEmpty,
}: {
  id: string
  value: TeamRole | ''
  onChange: (role: TeamRole | '') => void
  allowEmpty?: boolean
}) {
  return (
    <select
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value as TeamRole | '')}
      className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500"
    >
      {allowEmpty && <option value="">Choose a role</option>}
      {TEAM_ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  )
}
