// The avatar menu of specs/stack-match-and-community.md §2, in its order: Profile, Email Settings, the user's
// companies, the personal stack, Create A Stack, Sign Out. Only entries whose pages exist and whose data is present
// are shown (no payment portal exists); our own extra pages (Tools Pending Approval, Admin) sit before Sign Out.
import { DropdownMenu } from 'radix-ui'
import { Link } from 'react-router'
import type { CurrentUser } from '#contracts/users.ts'
import { Avatar } from '../../components/ui/avatar.tsx'
import { cn } from '../../components/ui/cn.ts'

const PERSONAL_STACK_NAME_MAX = 25 // spec: personal stack name truncated at 25 characters

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

export function AvatarMenu({ user }: { user: CurrentUser }) {
  const item = 'block rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100'
  return (
    // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable (axe aria-hidden-focus).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-full p-0.5 ring-brand-500 hover:ring-2 focus-visible:ring-2"
        aria-label="Account menu"
      >
        <Avatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200"
        >
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold">{user.name}</p>
            <p className="truncate text-xs text-slate-500">@{user.username}</p>
            {user.impersonated && <p className="mt-1 text-xs font-medium text-amber-700">Impersonated session</p>}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={item}>
            <Link to={`/${user.username}`}>Profile</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item}>
            <Link to="/settings/email">Email Settings</Link>
          </DropdownMenu.Item>
          {user.companies.map((company) => (
            <DropdownMenu.Item key={company.id} asChild className={item}>
              <Link to={`/companies/${company.slug}`}>{company.name}</Link>
            </DropdownMenu.Item>
          ))}
          {user.personal_stack && (
            <DropdownMenu.Item asChild className={item}>
              <Link to={user.personal_stack.canonical_url}>
                {truncate(user.personal_stack.name, PERSONAL_STACK_NAME_MAX)}
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={item}>
            <Link to="/create-stack/scan">Create A Stack</Link>
          </DropdownMenu.Item>
          {/* Not in the spec's list: our own pages, grouped before Sign Out. */}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={item}>
            <Link to="/services/pending">Tools Pending Approval</Link>
          </DropdownMenu.Item>
          {user.moderator && (
            <DropdownMenu.Item asChild className={item}>
              <Link to="/admin">{user.is_admin ? 'Admin' : 'Moderation'}</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={cn(item, 'text-red-700')}>
            <Link to="/users/logout">Sign Out</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
