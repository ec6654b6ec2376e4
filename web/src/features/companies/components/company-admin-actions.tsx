// What a company's admins see on its page: editing the company (with its private mode), the customers screen, the
// code host (issue 18) and deleting the company (spec §2 'Deletion').
import { GitBranch, Pencil, Trash2, Users } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { CompanyPage } from '#contracts/companies.ts'
import { Button } from '../../../components/ui/button.tsx'
import { DeleteCompanyDialog } from './delete-company-dialog.tsx'

export function CompanyAdminActions({ company }: { company: CompanyPage['company'] }) {
  const [open, setOpen] = useState(false)
  if (!company.current_user_admin) return null
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <Link
        to={`/companies/${company.slug}/edit`}
        className="inline-flex h-8 items-center gap-2 rounded-lg bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
      >
        <Pencil className="size-4" aria-hidden="true" /> Edit company
      </Link>
      <Link
        to={`/companies/${company.slug}/customers`}
        className="inline-flex h-8 items-center gap-2 rounded-lg bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
      >
        <Users className="size-4" aria-hidden="true" /> Customers
      </Link>
      <Link
        to={`/companies/${company.slug}/code-host`}
        className="inline-flex h-8 items-center gap-2 rounded-lg bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
      >
        <GitBranch className="size-4" aria-hidden="true" /> Code host
      </Link>
      <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden="true" /> Delete company
      </Button>
      <DeleteCompanyDialog company={company} open={open} onOpenChange={setOpen} />
    </div>
  )
}
