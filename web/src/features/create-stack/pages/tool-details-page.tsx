// /create-stack/tool-details (spec §2 tool-details): 'Vote For Tools' and 'Save Stack'. Without tools it goes back
// to tool-selection; saving without a name goes back to stack-info, each with the spec's message. A new company is
// created first, then the stack (POST /api/v1/stacks/create), and the user lands on the stack's page.
import { Save } from 'lucide-react'
import { useRef, useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import type { CreateStackBody } from '#contracts/stacks.ts'
import { toCompanyInput } from '../../../components/company-form/company-draft.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { track } from '../../../lib/analytics.ts'
import { ApiError } from '../../../lib/api.ts'
import { createCompany } from '../api/create-company.ts'
import { createStack } from '../api/create-stack.ts'
import { ToolVotes } from '../components/tool-votes.tsx'
import { StepCard, WizardFrame } from '../components/wizard-frame.tsx'
import { ownerPrivacy } from '../state/owner-rules.ts'
import { useWizard, useWizardUser } from '../state/wizard-context.tsx'
import {
  isNewCompanyReady,
  NEEDS_COMPANY_MESSAGE,
  NEEDS_OWNER_MESSAGE,
  requiredServiceIds,
  type StepNotice,
} from '../state/wizard-state.ts'

export const NEEDS_TOOLS_MESSAGE = 'You need to add tools to your stack before proceeding to this page.'
export const NEEDS_NAME_MESSAGE = 'Your stack needs a name before submitting.'
export const SAVE_FAILED_MESSAGE = 'An error occurred saving your stack.'
export const SAVE_NOTE = 'This may take a minute.'

export default function ToolDetailsPage() {
  const { state, user } = useWizard()
  // spec §2 guard: tool-details needs tools.
  if (user && state.selectedTools.length === 0)
    return (
      <Navigate to="/create-stack/tool-selection" replace state={{ error: NEEDS_TOOLS_MESSAGE } satisfies StepNotice} />
    )
  // A new company owner needs its form completed first (the owner is chosen on the tile, before the form).
  if (user && state.stackOwner === 'newcompany' && !isNewCompanyReady(state.newCompany))
    return (
      <Navigate to="/create-stack/new-company" replace state={{ error: NEEDS_COMPANY_MESSAGE } satisfies StepNotice} />
    )
  return (
    <WizardFrame step={2} back="/create-stack/tool-selection" stepName="tool-details">
      <ToolDetails />
    </WizardFrame>
  )
}

function ToolDetails() {
  const navigate = useNavigate()
  const user = useWizardUser()
  const { state, update, forget } = useWizard()
  const [isSaving, setIsSaving] = useState(false)
  // A second press before the first re-renders the button as busy must not create the stack twice.
  const isSavingNow = useRef(false)
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null)

  const save = async () => {
    if (isSavingNow.current) return
    setFailure(null)
    // The owner first: it is the earlier step, and stack-info without an owner would send the user on to
    // stack-type without the name's message.
    if (state.stackOwner === null) {
      navigate('/create-stack/stack-type', { state: { error: NEEDS_OWNER_MESSAGE } satisfies StepNotice })
      return
    }
    if (!state.stackInfo.name.trim()) {
      navigate('/create-stack/stack-info', { state: { error: NEEDS_NAME_MESSAGE } satisfies StepNotice })
      return
    }
    isSavingNow.current = true
    setIsSaving(true)
    try {
      let owner: CreateStackBody['stack']['owner']
      if (state.stackOwner === 'personal') owner = { type: 'User', id: user.id }
      else if (state.stackOwner === 'newcompany') {
        // Created once: a retry after a failed stack save reuses the company.
        let companyId = state.newCompany.id ?? 0
        if (companyId <= 0) {
          companyId = (await createCompany(toCompanyInput(state.newCompany))).id
          update((current) => ({ ...current, newCompany: { ...current.newCompany, id: companyId } }))
          track('create_stack.company_created', { company_id: companyId })
        }
        owner = { type: 'Company', id: companyId }
      } else owner = { type: 'Company', id: state.stackOwner }

      const privacy = ownerPrivacy(state.stackOwner, {
        userId: user.id,
        companies: state.companies,
        hasPersonalGithubInstall: user.has_personal_github_install,
      })
      const info = state.stackInfo
      const created = await createStack({
        name: info.name.trim(),
        description: info.description.trim() || null,
        website_url: info.website_url.trim() || null,
        private: privacy.showsPrivacyChoice ? info.private : false,
        image_url: info.image_url,
        services: state.selectedTools.map((tool) => tool.id),
        required_services: requiredServiceIds(state.selectedTools),
        owner,
      })
      track('create_stack.saved', {
        stack_id: created.id,
        owner_type: owner.type,
        tools_count: state.selectedTools.length,
        scanned: state.scanned !== null,
      })
      // The session is done: forgotten in storage, and left behind with the wizard's pages.
      forget()
      navigate(created.redirect)
    } catch (error) {
      isSavingNow.current = false
      setIsSaving(false)
      track('create_stack.save_failed', { status: error instanceof ApiError ? error.status : 0 })
      // The spec's sentence, and beneath it what the server said about the request (4xx messages are shown).
      setFailure({ detail: error instanceof ApiError && error.status < 500 ? error.message : null })
    }
  }

  return (
    <StepCard>
      <div className="mb-6">
        <h2 className="text-xl font-semibold text-slate-900">Vote For Tools</h2>
        <p className="mt-1 text-sm text-slate-600">
          Tell others why you chose your tools: vote for the reasons that fit, then save your stack.
        </p>
      </div>
      <ToolVotes tools={state.selectedTools} analyticsPrefix="create_stack" emptyHint="You can save your stack now." />
      <div className="mt-8 flex flex-col items-end gap-3 border-t border-slate-200 pt-5">
        {failure && (
          <Alert tone="error" className="w-full">
            {SAVE_FAILED_MESSAGE}
            {failure.detail && <span className="mt-1 block font-medium">{failure.detail}</span>}
          </Alert>
        )}
        <div className="flex items-center gap-3">
          {isSaving && <p className="text-sm text-slate-600">{SAVE_NOTE}</p>}
          <Button size="lg" onClick={save} isLoading={isSaving} disabled={user.impersonated}>
            {!isSaving && <Save className="size-5" aria-hidden="true" />}
            Save Stack
          </Button>
        </div>
      </div>
    </StepCard>
  )
}
