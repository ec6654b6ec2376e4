// Companies using a tool: logo and name, each linking to the company page (tool page and comparison page).
import { Link } from 'react-router'
import type { ToolCompany } from '#contracts/tool-page.ts'
import { cn } from '../../../components/ui/cn.ts'
import { OwnerLogo } from '../../../components/ui/owner-logo.tsx'

export function CompanyGrid({ companies, className }: { companies: ToolCompany[]; className?: string }) {
  return (
    <ul className={cn('grid grid-cols-2 gap-2 sm:grid-cols-3', className)}>
      {companies.map((company) => (
        <li key={company.id}>
          <Link
            to={company.canonical_url}
            className="flex items-center gap-2 rounded-lg bg-white p-2 ring-1 ring-slate-200 hover:ring-brand-500/40"
          >
            <OwnerLogo
              owner={{ type: 'Company', name: company.name, image_url: company.image_url }}
              className="size-8"
            />
            <span className="line-clamp-2 min-w-0 break-words text-sm font-medium text-slate-800">{company.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
