// /create-stack/new-company (spec §2 new-company, §5): the company the stack will belong to. It is created when the
// stack is saved; a name that exists offers Update Company and Continue, which make it the owner when the user
// administers it (decision 025).
import { useCallback } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import {
  CompanyFormView,
  type CompanyValues,
  type ExistingCompany,
} from '../../../components/company-form/company-form.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { track } from '../../../lib/analytics.ts'
import { useSiteName } from '../../../lib/site.ts'
import { updateCompany } from '../../../lib/update-company.ts'
import { StepCard, WizardFrame } from '../components/wizard-frame.tsx'
import { canCreateCompany, chooseOwner } from '../state/owner-rules.ts'
import { useWizard, useWizardUser } from '../state/wizard-context.tsx'
import { emptyNewCompany, type NewCompanyDraft, type StepNotice } from '../state/wizard-state.ts'

export default function NewCompanyPage() {
  return (
    <WizardFrame step={0} back="/create-stack/stack-type" stepName="new-company">
      <NewCompany />
    </WizardFrame>
  )
}

/** The form's answer as the session keeps it (optional fields as ''). */
export function toNewCompanyDraft(values: CompanyValues, id: number | null): NewCompanyDraft {
  return {
    id,
    type: 'Company',
    name: values.name,
    website_url: values.website_url,
    description: values.description,
    email_address: values.email_address,
    angellist_url: values.angellist_url ?? '',
    twitter_username: values.twitter_username ?? '',
    image_url: values.image_url,
  }
}

function NewCompany() {
  const navigate = useNavigate()
  const siteName = useSiteName()
  const notice = (useLocation().state as StepNotice | null)?.error
  const user = useWizardUser()
  const { state, update, isFetchingCompanies, refreshCompanies } = useWizard()

  const onDraftChange = useCallback(
    (draft: Partial<NewCompanyDraft>) =>
      update((current) => ({ ...current, newCompany: { ...current.newCompany, ...draft } })),
    [update],
  )

  if (!isFetchingCompanies && !canCreateCompany(user, state.companies))
    return (
      <StepCard>
        <Alert tone="warning">
          Members of a private-mode company cannot create new companies.{' '}
          <Link to="/create-stack/stack-type" className="font-semibold underline">
            Choose another owner
          </Link>
        </Alert>
      </StepCard>
    )

  const submit = async (values: CompanyValues) => {
    // The company is created with the stack (spec §3: id 0 while being created).
    update((current) => ({
      ...chooseOwner(current, 'newcompany', user.has_personal_github_install),
      newCompany: toNewCompanyDraft(values, 0),
    }))
    track('create_stack.company_entered')
    navigate('/create-stack/stack-info')
  }

  /** The existing company the user administers becomes the owner (decision 025), its details updated or not. */
  const chooseExisting = async (company: ExistingCompany) => {
    await refreshCompanies()
    update((current) => ({
      ...chooseOwner(current, company.id, user.has_personal_github_install),
      newCompany: emptyNewCompany(),
    }))
    navigate('/create-stack/stack-info')
  }

  const updateExisting = async (company: ExistingCompany, values: CompanyValues) => {
    await updateCompany({ ...values, name: company.name, id: company.id })
    track('create_stack.company_updated', { company_id: company.id })
    await chooseExisting(company)
  }

  const continueWithExisting = async (company: ExistingCompany) => {
    track('create_stack.company_reused', { company_id: company.id })
    await chooseExisting(company)
  }

  return (
    <StepCard>
      {notice && (
        <Alert tone="error" className="mb-5">
          {notice}
        </Alert>
      )}
      <h2 className="text-lg font-semibold text-slate-900">Your company</h2>
      <p className="mb-6 mt-1 text-sm text-slate-600">
        The company gets its own page on {siteName}, and you become its admin.
      </p>
      <CompanyFormView
        defaultValues={state.newCompany}
        onDraftChange={onDraftChange}
        onSubmit={submit}
        existing={{ onUpdate: updateExisting, onContinue: continueWithExisting }}
        submitLabel="Continue"
      />
    </StepCard>
  )
}
