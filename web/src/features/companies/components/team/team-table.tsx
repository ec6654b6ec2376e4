// The member table (spec §2): members with their role, pending '(Invited)' entries (an address, or an account invited
// by username that has not accepted yet) with 'Resend Invite'. Only admins see Edit and Remove, and only on other
// members.
import { Mail, Pencil, Send, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import type { TeamInvite, TeamMember, TeamResponse } from '#contracts/teams.ts'
import { Avatar } from '../../../../components/ui/avatar.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { ROLE_LABELS } from './role-select.tsx'

export function TeamTable({
  team,
  onEdit,
  onRemove,
  onResend,
  resendingId,
}: {
  team: TeamResponse
  onEdit: (member: TeamMember) => void
  onRemove: (member: TeamMember) => void
  onResend: (invite: TeamInvite) => void
  resendingId: number | null
}) {
  const isAdmin = team.current_user.role === 'admin'
  return (
    // relative: the header's sr-only label is absolutely positioned, and must scroll inside this box rather than
    // widen the page on a phone; below sm each row is a card (stacked-table)
    <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="stacked-table w-full text-left text-sm sm:min-w-[36rem]">
        <caption className="sr-only">Team members</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Member
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Role
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {team.members.map((member) => {
            const isMe = member.id === team.current_user.company_owner_id
            return (
              <tr key={`member-${member.id}`}>
                <td className="px-4 py-2.5">
                  <Link to={`/${member.username}`} className="flex items-center gap-3 hover:underline">
                    <Avatar user={member} className="size-8 text-sm" />
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-900">
                        {member.name}
                        {isMe && <span className="ml-1 font-normal text-slate-500">(you)</span>}
                      </span>
                      <span className="block truncate text-xs text-slate-500">@{member.username}</span>
                    </span>
                  </Link>
                </td>
                <td className="px-4 py-2.5 text-slate-700">{ROLE_LABELS[member.role]}</td>
                <td className="px-4 py-2.5">
                  {isAdmin && !isMe && (
                    <div className="flex justify-end gap-1">
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Edit role of @${member.username}`}
                        onClick={() => onEdit(member)}
                      >
                        <Pencil className="size-4" aria-hidden="true" /> Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-700 hover:bg-red-50"
                        aria-label={`Remove @${member.username}`}
                        onClick={() => onRemove(member)}
                      >
                        <Trash2 className="size-4" aria-hidden="true" /> Remove
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            )
          })}
          {team.invites.map((invite) => (
            <tr key={`invite-${invite.id}`} className="bg-slate-50/60">
              <td className="px-4 py-2.5">
                {invite.user ? (
                  <span className="flex items-center gap-3">
                    <Avatar user={invite.user} className="size-8 text-sm opacity-70" />
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-700">
                        {invite.user.name} <span className="font-normal text-slate-500">(Invited)</span>
                      </span>
                      <span className="block truncate text-xs text-slate-500">
                        @{invite.user.username} · waiting for them to accept
                      </span>
                    </span>
                  </span>
                ) : (
                  <span className="flex items-center gap-3">
                    <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-500">
                      <Mail className="size-4" aria-hidden="true" />
                    </span>
                    <span className="min-w-0 truncate text-slate-700 max-sm:whitespace-normal max-sm:wrap-anywhere">
                      {invite.email} <span className="text-slate-500">(Invited)</span>
                    </span>
                  </span>
                )}
              </td>
              <td className="px-4 py-2.5 text-slate-700">{ROLE_LABELS[invite.role]}</td>
              <td className="px-4 py-2.5">
                {isAdmin && (
                  <div className="flex justify-end">
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Resend Invite to ${invite.user ? `@${invite.user.username}` : invite.email}`}
                      isLoading={resendingId === invite.id}
                      onClick={() => onResend(invite)}
                    >
                      <Send className="size-4" aria-hidden="true" /> Resend Invite
                    </Button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
