import { Search, UserRoundCog } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ROLES, type Role } from '#contracts/admin.ts'
import type { CurrentUser } from '#contracts/users.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Avatar } from '../../../components/ui/avatar.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useChangeRole } from '../api/change-role.ts'
import { useAdminUsers } from '../api/get-admin-users.ts'
import { useImpersonateUser } from '../api/impersonate-user.ts'

const ROLE_LABELS: Record<Role, string> = { user: 'User', moderator: 'Moderator', admin: 'Admin' }
const joined = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' })

/** Users searchable by username or e-mail (in the address: ?q=&page=), with role changes and impersonation. */
export function UsersTable({ me }: { me: CurrentUser }) {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const page = Math.max(1, Number(params.get('page')) || 1)
  const [draft, setDraft] = useState(q)
  const { data, error, isPending, isFetching } = useAdminUsers({ q, page })
  const changeRole = useChangeRole()
  const impersonate = useImpersonateUser()
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  const search = (event: FormEvent) => {
    event.preventDefault()
    setParams(draft.trim() ? { q: draft.trim() } : {})
  }
  const goTo = (next: number) => setParams({ ...(q ? { q } : {}), page: String(next) })
  const setRole = (user: { id: number; username: string }, role: Role) => {
    setNotice(null)
    changeRole.mutate(
      { userId: user.id, role },
      {
        onSuccess: () =>
          setNotice({ tone: 'success', text: `@${user.username} is now ${ROLE_LABELS[role].toLowerCase()}.` }),
        onError: (failure) => setNotice({ tone: 'error', text: failure.message }),
      },
    )
  }
  const startImpersonating = (user: { id: number; username: string }) => {
    setNotice(null)
    impersonate.mutate(
      { userId: user.id, username: user.username },
      { onError: (failure) => setNotice({ tone: 'error', text: failure.message }) },
    )
  }

  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1
  const from = data && data.total > 0 ? (data.page - 1) * data.per_page + 1 : 0
  const to = data ? (data.page - 1) * data.per_page + data.users.length : 0

  return (
    <section aria-labelledby="users-heading" className="space-y-4">
      <h2 id="users-heading" className="sr-only">
        Users
      </h2>
      <search>
        <form onSubmit={search} className="flex gap-2">
          <div className="relative min-w-0 flex-1 sm:max-w-sm">
            <label htmlFor="admin-user-search" className="sr-only">
              Search users by username or e-mail
            </label>
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <input
              id="admin-user-search"
              type="search"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="Username or e-mail"
              className="h-10 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-3 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
            />
          </div>
          <Button type="submit" variant="secondary">
            Search
          </Button>
          {isFetching && !isPending && <Spinner className="size-4 self-center text-brand-600" />}
        </form>
      </search>

      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {error && <Alert tone="error">{error.message}</Alert>}
      {isPending && <Spinner label="Loading users" />}

      {data && (
        <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          {data.users.length === 0 ? (
            <p className="px-6 py-10 text-center text-slate-500">{q ? `No user matches “${q}”.` : 'No users yet.'}</p>
          ) : (
            <table className="stacked-table w-full text-left text-sm sm:min-w-[40rem]">
              <caption className="sr-only">Users</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    User
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Email
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Joined
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
                {data.users.map((user) => {
                  const isMe = user.id === me.id
                  return (
                    <tr key={user.id}>
                      <td className="px-4 py-2.5">
                        <Link to={`/${user.username}`} className="flex items-center gap-3 hover:underline">
                          <Avatar user={user} className="size-8 text-sm" />
                          <span className="min-w-0">
                            <span className="block truncate font-medium text-slate-900">{user.name}</span>
                            <span className="block truncate text-xs text-slate-500">@{user.username}</span>
                          </span>
                        </Link>
                      </td>
                      <td className="px-4 py-2.5 text-slate-700">{user.email}</td>
                      <td className="whitespace-nowrap px-4 py-2.5 text-slate-500">
                        {joined.format(new Date(user.created_at))}
                      </td>
                      <td className="px-4 py-2.5">
                        <select
                          aria-label={`Role of @${user.username}`}
                          value={user.role}
                          // spec of this area: an admin cannot demote themselves
                          disabled={isMe || changeRole.isPending}
                          title={isMe ? 'You cannot change your own role' : undefined}
                          onChange={(event) => setRole(user, event.target.value as Role)}
                          className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm disabled:bg-slate-50 disabled:text-slate-500"
                        >
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {ROLE_LABELS[role]}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td className="px-4 py-2.5 text-right">
                        {/* Better Auth refuses to impersonate admins; nobody impersonates themselves */}
                        {!isMe && user.role !== 'admin' && (
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={`Impersonate @${user.username}`}
                            isLoading={impersonate.isPending && impersonate.variables?.userId === user.id}
                            disabled={impersonate.isPending}
                            onClick={() => startImpersonating(user)}
                          >
                            <UserRoundCog className="size-4" aria-hidden="true" /> Impersonate
                          </Button>
                        )}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          )}
        </div>
      )}

      {data && data.total > 0 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm text-slate-600">
          <p>
            {from}–{to} of {data.total}
          </p>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous
            </Button>
            <Button size="sm" variant="secondary" disabled={page >= lastPage} onClick={() => goTo(page + 1)}>
              Next
            </Button>
          </div>
        </nav>
      )}
    </section>
  )
}
