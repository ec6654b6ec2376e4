// Deleting a company (spec §2 'Deletion'): enabled only when the typed text equals the company's name, then home.
// Offered on the company page to its admins and, in Leave My Team, to a team's only member (decision 084).
import { TypeToConfirmDialog } from '../../../components/type-to-confirm-dialog.tsx'
import { deleteCompany } from '../api/delete-company.ts'

export function DeleteCompanyDialog({
  company,
  open,
  onOpenChange,
}: {
  company: { id: number; name: string }
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <TypeToConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${company.name}?`}
      description="The company page, its stacks, its members' access and its customers are deleted. The people stay. This cannot be undone."
      expected={company.name}
      label="To confirm, type the company name"
      confirmLabel="Delete company"
      pendingLabel="Deleting company..."
      onConfirm={async () => {
        await deleteCompany({ companyId: company.id, confirmation: company.name })
        // spec §7: on success go to /, loaded afresh so no cached page shows the company
        window.location.replace('/')
      }}
    />
  )
}
