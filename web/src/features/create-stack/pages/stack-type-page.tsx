// /create-stack/stack-type (spec §2, §4 Owner choice): who owns the stack. Personal, each company the user belongs
// to, and New Company for admins or users in no private-mode company; 'Fetching Companies' while loading. Save Stack
// without an owner lands here with a message saying an owner must be chosen.
import { useLocation, useNavigate } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { track } from '../../../lib/analytics.ts'
import { OwnerTiles } from '../components/owner-tiles.tsx'
import { StepCard, WizardFrame } from '../components/wizard-frame.tsx'
import { canCreateCompany, chooseOwner } from '../state/owner-rules.ts'
import { useWizard, useWizardUser } from '../state/wizard-context.tsx'
import type { StackOwnerChoice, StepNotice } from '../state/wizard-state.ts'

export default function StackTypePage() {
  return (
    <WizardFrame step={0} back="/create-stack/scan" stepName="stack-type">
      <StackType />
    </WizardFrame>
  )
}

function StackType() {
  const navigate = useNavigate()
  // Save Stack without an owner comes back here saying so (NEEDS_OWNER_MESSAGE).
  const notice = (useLocation().state as StepNotice | null)?.error
  const user = useWizardUser()
  const { state, update, isFetchingCompanies } = useWizard()

  const select = (owner: StackOwnerChoice) => {
    update((current) => chooseOwner(current, owner, user.has_personal_github_install))
    track('create_stack.owner_selected', {
      owner_type: owner === 'personal' ? 'personal' : owner === 'newcompany' ? 'new_company' : 'company',
    })
    navigate(owner === 'newcompany' ? '/create-stack/new-company' : '/create-stack/stack-info')
  }

  return (
    <StepCard>
      {notice && (
        <Alert tone="error" className="mb-5">
          {notice}
        </Alert>
      )}
      <h2 className="text-lg font-semibold text-slate-900">Who owns this stack?</h2>
      <p className="mt-1 text-sm text-slate-600">
        A personal stack shows on your profile; a company stack on the company's page.
      </p>
      <div className="mt-6">
        <OwnerTiles
          user={user}
          companies={state.companies}
          isFetchingCompanies={isFetchingCompanies}
          showsNewCompany={!isFetchingCompanies && canCreateCompany(user, state.companies)}
          selected={state.stackOwner}
          onSelect={select}
        />
      </div>
    </StepCard>
  )
}
