// 'Add Member' (spec §2, §4, §5): an invitation by e-mail or by username (decision 037: an account joins only once it
// accepts), plus a role; without them the modal says 'Please fill in'. Either way the team shows a pending
// '(Invited)' entry and the page confirms it (decision 083); a refused invite shows the spec's modal (via onFailure).
import { X } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react'
import { EMAIL_PATTERN } from '#contracts/companies.ts'
import { type MemberSearchResult, PLEASE_FILL_IN, type TeamRole } from '#contracts/teams.ts'
import { Alert } from '../../../../components/ui/alert.tsx'
import { Avatar } from '../../../../components/ui/avatar.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { cn } from '../../../../components/ui/cn.ts'
import { Dialog } from '../../../../components/ui/dialog.tsx'
import { Spinner } from '../../../../components/ui/spinner.tsx'
import { ApiError } from '../../../../lib/api.ts'
import { useDebouncedValue } from '../../../../lib/use-debounced-value.ts'
import { useCreateInvite } from '../../api/create-invite.ts'
import { useInviteMember } from '../../api/invite-member.ts'
import { useMemberSearch } from '../../api/search-members.ts'
import type { TeamMessage } from './message-dialog.tsx'
import { RoleSelect } from './role-select.tsx'

export function AddMemberDialog({
  open,
  onOpenChange,
  companyId,
  searchReady,
  onInvited,
  onFailure,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  companyId: number
  /** spec §7: member search is set up 4 seconds after the page loads. */
  searchReady: boolean
  /** After an invitation is sent: to an address, or to an account. */
  onInvited: (invitee: { email: string } | { username: string }) => void
  onFailure: (message: TeamMessage) => void
}) {
  const ids = { email: useId(), username: useId(), role: useId(), list: useId() }
  const [email, setEmail] = useState('')
  const [term, setTerm] = useState('')
  const [picked, setPicked] = useState<MemberSearchResult | null>(null)
  const [role, setRole] = useState<TeamRole | ''>('')
  const [problem, setProblem] = useState<string | null>(null)
  const [active, setActive] = useState(0)
  const debouncedTerm = useDebouncedValue(term.trim(), 250)
  const search = useMemberSearch(debouncedTerm, companyId, searchReady && !picked)
  const results = picked || !term.trim() ? [] : (search.data ?? [])
  const createInvite = useCreateInvite(companyId)
  const inviteMember = useInviteMember(companyId)
  const isSaving = createInvite.isPending || inviteMember.isPending

  const reset = () => {
    setEmail('')
    setTerm('')
    setPicked(null)
    setRole('')
    setProblem(null)
  }
  const close = (next: boolean) => {
    if (!next) reset()
    onOpenChange(next)
  }
  const pick = (user: MemberSearchResult) => {
    setPicked(user)
    setTerm(user.username)
    setEmail('')
    setProblem(null)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const address = email.trim()
    if ((!address && !picked) || !role) {
      setProblem(PLEASE_FILL_IN)
      return
    }
    if (!picked && !EMAIL_PATTERN.test(address)) {
      setProblem('Email is invalid.')
      return
    }
    setProblem(null)
    const fail = (error: Error) => {
      if (error instanceof ApiError && error.status === 400) {
        setProblem(error.message)
        return
      }
      close(false)
      onFailure({ text: error.message })
    }
    if (picked) {
      inviteMember.mutate(
        { company_id: companyId, user_id: picked.id, role },
        {
          onSuccess: () => {
            close(false)
            onInvited({ username: picked.username })
          },
          onError: fail,
        },
      )
    } else {
      createInvite.mutate(
        { company_id: companyId, email: address, role },
        {
          onSuccess: (invite) => {
            close(false)
            onInvited({ email: invite.email ?? address })
          },
          onError: fail,
        },
      )
    }
  }

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (results.length === 0) return
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setActive((index) => (index + 1) % results.length)
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((index) => (index - 1 + results.length) % results.length)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const user = results[active]
      if (user) pick(user)
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add Member"
      description="Invite someone by e-mail, or someone who already has an account by username. They join once they accept."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div className="space-y-1">
          <label htmlFor={ids.email} className="block text-sm font-medium text-slate-700">
            Email
          </label>
          <input
            id={ids.email}
            type="email"
            value={email}
            disabled={picked !== null}
            onChange={(event) => {
              setEmail(event.target.value)
              setProblem(null)
            }}
            placeholder="name@company.com"
            autoComplete="off"
            className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500 disabled:bg-slate-100"
          />
        </div>
        <p className="text-center text-xs font-medium uppercase tracking-wide text-slate-400">or</p>
        <div className="relative space-y-1">
          <label htmlFor={ids.username} className="block text-sm font-medium text-slate-700">
            Username
          </label>
          <div className="relative">
            <input
              id={ids.username}
              aria-controls={ids.list}
              aria-describedby={`${ids.list}-hint`}
              value={term}
              readOnly={picked !== null}
              onChange={(event) => {
                setTerm(event.target.value)
                setActive(0)
                setProblem(null)
              }}
              onKeyDown={onSearchKey}
              placeholder="Search by username"
              autoComplete="off"
              className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 pr-9 text-sm shadow-sm read-only:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-brand-500"
            />
            {picked && (
              <button
                type="button"
                onClick={() => {
                  setPicked(null)
                  setTerm('')
                }}
                className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-500 hover:bg-slate-100"
                aria-label={`Clear @${picked.username}`}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            )}
          </div>
          <p id={`${ids.list}-hint`} className="sr-only">
            Matching people appear below; use the arrow keys and Enter, or Tab to them.
          </p>
          {term.trim() && !picked && (!searchReady || search.isFetching) && results.length === 0 && (
            <p className="flex items-center gap-2 text-xs text-slate-500">
              <Spinner className="size-3" /> Searching…
            </p>
          )}
          {term.trim() && !picked && searchReady && search.isSuccess && !search.isFetching && results.length === 0 && (
            <p className="text-xs text-slate-500">Nobody with a username like that.</p>
          )}
          {results.length > 0 && (
            <ul
              id={ids.list}
              aria-label="People"
              className="absolute z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
            >
              {results.map((user, index) => (
                <li key={user.id}>
                  <button
                    type="button"
                    onClick={() => pick(user)}
                    className={cn(
                      'flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-brand-50 focus:bg-brand-50 focus:outline-none',
                      index === active ? 'bg-brand-50 text-brand-800' : 'text-slate-800',
                    )}
                  >
                    <Avatar
                      user={{ name: user.username, username: user.username, image_url: user.image_url }}
                      className="size-6 text-xs"
                    />
                    @{user.username}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.role} className="block text-sm font-medium text-slate-700">
            Role
          </label>
          <RoleSelect id={ids.role} value={role} onChange={setRole} allowEmpty />
        </div>
        {problem && <Alert tone="error">{problem}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isSaving}>
            Add Member
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
