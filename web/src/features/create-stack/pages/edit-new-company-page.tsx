// /stack-edit/{owner}/{stack}/new-company (spec §2: a new-company child page hosts the company form): creates the
// company (POST /api/v1/companies/create) and moves the stack to it. Changing a field makes the editor unsaved.
import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import {
  CompanyFormView,
  type CompanyValues,
  type ExistingCompany,
} from '../../../components/company-form/company-form.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { myCompaniesQuery } from '../../../lib/get-my-companies.ts'
import { updateCompany } from '../../../lib/update-company.ts'
import { createCompany } from '../api/create-company.ts'
import { StepCard } from '../components/wizard-frame.tsx'
import { canCreateCompany } from '../state/owner-rules.ts'
import { useStackEditor } from '../state/stack-editor-context.tsx'

export default function EditNewCompanyPage() {
  const editor = useStackEditor()
  const queryClient = useQueryClient()
  const { user, newCompany, setNewCompany } = editor
  const back = (
    <Link
      to={editor.pathOf('info')}
      className="mr-auto inline-flex h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to Stack Info
    </Link>
  )

  if (!editor.isFetchingCompanies && !canCreateCompany(user, editor.companies))
    return (
      <StepCard>
        <Alert tone="warning">Members of a private-mode company cannot create new companies.</Alert>
        <div className="mt-6 flex">{back}</div>
      </StepCard>
    )

  const moveToCompany = async (companyId: number) => {
    await queryClient.invalidateQueries({ queryKey: myCompaniesQuery.queryKey })
    if (await editor.moveTo({ type: 'Company', id: companyId })) editor.resetNewCompany()
  }

  const submit = async (values: CompanyValues) => {
    // Created once: when moving the stack fails, a second try reuses the company.
    let companyId = newCompany.id ?? 0
    if (companyId <= 0) {
      companyId = (await createCompany(values)).id
      setNewCompany({ id: companyId })
    }
    await moveToCompany(companyId)
  }

  const updateExisting = async (company: ExistingCompany, values: CompanyValues) => {
    await updateCompany({ ...values, name: company.name, id: company.id })
    await moveToCompany(company.id)
  }

  // decision 025: Continue moves the stack to a company the user administers, its details as they are.
  const continueWithExisting = (company: ExistingCompany) => moveToCompany(company.id)

  return (
    <StepCard>
      <h2 className="text-xl font-semibold text-slate-900">New Company</h2>
      <p className="mb-6 mt-1 text-sm text-slate-600">
        Create a company and move this stack to it. You become the company's admin.
      </p>
      {editor.stack.private && (
        <Alert tone="warning" className="mb-6">
          This stack is private, and a new company cannot keep private stacks: saving the company moves the stack to it
          and makes the stack public.
        </Alert>
      )}
      <CompanyFormView
        defaultValues={newCompany}
        onDraftChange={setNewCompany}
        onSubmit={submit}
        existing={{ onUpdate: updateExisting, onContinue: continueWithExisting }}
        submitLabel={editor.saveState === 'saving' ? 'Saving...' : 'Save Company'}
        secondaryAction={back}
        disabled={user.impersonated}
      />
    </StepCard>
  )
}
