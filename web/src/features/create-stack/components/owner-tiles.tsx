// The owner choice (spec §2 stack-type, §4 Owner choice): Personal, each company the user belongs to, and New
// Company (only for admins or users in no private-mode company); a 'Fetching Companies' tile while loading.
// Each tile is a button, so the choice works from the keyboard.
import { Building2, Plus, User } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Company } from '#contracts/companies.ts'
import { Avatar } from '../../../components/ui/avatar.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { isCompanyAdmin } from '../state/owner-rules.ts'
import type { StackOwnerChoice } from '../state/wizard-state.ts'

export function OwnerTiles({
  user,
  companies,
  isFetchingCompanies,
  showsNewCompany,
  selected,
  onSelect,
  compact,
  disabled,
}: {
  user: { id: number; name: string; username: string; image_url: string | null }
  companies: Company[]
  isFetchingCompanies: boolean
  showsNewCompany: boolean
  selected: StackOwnerChoice | null
  onSelect: (owner: StackOwnerChoice) => void
  /** The edit area's picker: smaller tiles in a row. */
  compact?: boolean
  disabled?: boolean
}) {
  return (
    <ul
      className={cn('grid gap-3', compact ? 'grid-cols-2 sm:grid-cols-3' : 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4')}
    >
      <li>
        <Tile
          compact={compact}
          isSelected={selected === 'personal'}
          disabled={disabled}
          onClick={() => onSelect('personal')}
          icon={<Avatar user={user} className={compact ? 'size-10' : 'size-14 text-xl'} />}
          title="Personal"
          detail={`@${user.username}`}
          badge={<User className="size-3.5" aria-hidden="true" />}
        />
      </li>
      {companies.map((company) => {
        const isAdmin = isCompanyAdmin(company, user.id)
        return (
          <li key={company.id}>
            <Tile
              compact={compact}
              isSelected={selected === company.id}
              disabled={disabled || !isAdmin}
              onClick={() => onSelect(company.id)}
              icon={<CompanyLogo company={company} className={compact ? 'size-10' : 'size-14'} />}
              title={company.name}
              detail={
                isAdmin ? (company.private_mode ? 'Company · private mode' : 'Company') : 'Only admins add stacks'
              }
              badge={<Building2 className="size-3.5" aria-hidden="true" />}
            />
          </li>
        )
      })}
      {isFetchingCompanies && (
        <li>
          <div
            role="status"
            className={cn(
              'flex h-full flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-slate-200 bg-white text-center text-sm text-slate-500',
              compact ? 'min-h-20 p-3' : 'min-h-40 p-5',
            )}
          >
            <Spinner className="size-6 text-brand-600" />
            Fetching Companies
          </div>
        </li>
      )}
      {showsNewCompany && (
        <li>
          <Tile
            compact={compact}
            isSelected={selected === 'newcompany'}
            disabled={disabled}
            onClick={() => onSelect('newcompany')}
            icon={
              <span
                className={cn(
                  'flex items-center justify-center rounded-xl bg-brand-50 text-brand-600',
                  compact ? 'size-10' : 'size-14',
                )}
              >
                <Plus className="size-6" aria-hidden="true" />
              </span>
            }
            title="New Company"
            detail="Create a company profile"
          />
        </li>
      )}
    </ul>
  )
}

function Tile({
  icon,
  title,
  detail,
  badge,
  isSelected,
  onClick,
  disabled,
  compact,
}: {
  icon: ReactNode
  title: string
  detail: string
  badge?: ReactNode
  isSelected: boolean
  onClick: () => void
  disabled?: boolean
  compact?: boolean
}) {
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'group relative flex h-full w-full rounded-2xl bg-white ring-1 transition focus-visible:outline-2',
        // phones: the icon above the name, so a two-column tile keeps room for 'Personal' and a company's name
        compact
          ? 'items-center gap-3 p-3 text-left max-sm:flex-col max-sm:gap-2 max-sm:text-center'
          : 'min-h-40 flex-col items-center justify-center gap-3 p-5 text-center',
        isSelected ? 'ring-2 ring-brand-600 shadow-md' : 'ring-slate-200 hover:ring-brand-500/50 hover:shadow-sm',
        'disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:shadow-none disabled:hover:ring-slate-200',
      )}
    >
      {icon}
      <span className="min-w-0 max-w-full">
        <span className="flex items-center gap-1.5 font-semibold text-slate-900 max-sm:justify-center">
          <span className="line-clamp-2 break-words">{title}</span>
          {badge && <span className="text-slate-400 max-sm:hidden">{badge}</span>}
        </span>
        <span className="mt-0.5 block truncate text-xs text-slate-500 max-sm:line-clamp-2 max-sm:whitespace-normal max-sm:wrap-anywhere">
          {detail}
        </span>
      </span>
    </button>
  )
}

export function CompanyLogo({
  company,
  className,
}: {
  company: { name: string; image_url: string | null }
  className?: string
}) {
  if (company.image_url)
    return (
      <img
        src={company.image_url}
        alt=""
        className={cn('shrink-0 rounded-xl bg-white object-contain ring-1 ring-slate-200', className)}
      />
    )
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-xl bg-slate-100 text-lg font-semibold text-slate-600',
        className,
      )}
    >
      {company.name.slice(0, 1).toUpperCase()}
    </span>
  )
}
