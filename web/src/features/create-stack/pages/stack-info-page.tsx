// /create-stack/stack-info (spec §2 stack-info): the owner (read-only), name, description, website or GitHub URL,
// the private/public choice when the owner allows it, and a logo. Without an owner it goes back to stack-type; with
// a new company that was not completed on its step, back to new-company.
import { ArrowRight } from 'lucide-react'
import { useCallback, useEffect, useRef } from 'react'
import { Link, Navigate, useLocation, useNavigate } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Avatar } from '../../../components/ui/avatar.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { track } from '../../../lib/analytics.ts'
import { usePersonalGithubInstalled } from '../api/get-personal-github-installed.ts'
import { CompanyLogo } from '../components/owner-tiles.tsx'
import { StackInfoForm, type StackInfoFormHandle } from '../components/stack-info-form.tsx'
import { StepCard, WizardFrame } from '../components/wizard-frame.tsx'
import { nameCheckOwner, ownerPrivacy } from '../state/owner-rules.ts'
import { useWizard, useWizardUser } from '../state/wizard-context.tsx'
import {
  isNewCompanyReady,
  NEEDS_COMPANY_MESSAGE,
  type StackInfoDraft,
  type StepNotice,
} from '../state/wizard-state.ts'

export default function StackInfoPage() {
  const { state, user } = useWizard()
  // spec §2 guard: stack-info needs an owner.
  if (user && state.stackOwner === null) return <Navigate to="/create-stack/stack-type" replace />
  if (user && state.stackOwner === 'newcompany' && !isNewCompanyReady(state.newCompany))
    return (
      <Navigate to="/create-stack/new-company" replace state={{ error: NEEDS_COMPANY_MESSAGE } satisfies StepNotice} />
    )
  return (
    <WizardFrame step={0} back="/create-stack/stack-type" stepName="stack-info">
      <StackInfo />
    </WizardFrame>
  )
}

function StackInfo() {
  const navigate = useNavigate()
  const notice = (useLocation().state as StepNotice | null)?.error
  const user = useWizardUser()
  const { state, update } = useWizard()
  const form = useRef<StackInfoFormHandle>(null)
  const github = usePersonalGithubInstalled({ enabled: state.stackOwner === 'personal' })
  const privacy = ownerPrivacy(state.stackOwner, {
    userId: user.id,
    companies: state.companies,
    hasPersonalGithubInstall: github.data ?? user.has_personal_github_install,
  })

  useEffect(() => {
    if (notice) form.current?.focusName()
  }, [notice])

  const onDraftChange = useCallback(
    (draft: StackInfoDraft) => update((current) => ({ ...current, stackInfo: draft })),
    [update],
  )

  const next = async () => {
    const values = await form.current?.validate()
    if (!values) return
    update((current) => ({
      ...current,
      stackInfo: {
        name: values.name,
        description: values.description ?? '',
        website_url: values.website_url ?? '',
        private: privacy.showsPrivacyChoice ? values.private : false,
        image_url: values.image_url,
      },
    }))
    track('create_stack.info_completed', { has_description: Boolean(values.description) })
    navigate('/create-stack/tool-selection')
  }

  const company = typeof state.stackOwner === 'number' ? state.companies.find((c) => c.id === state.stackOwner) : null
  const ownerName =
    state.stackOwner === 'personal'
      ? user.name
      : state.stackOwner === 'newcompany'
        ? state.newCompany.name || 'New company'
        : (company?.name ?? 'Company')

  return (
    <StepCard>
      {notice && (
        <Alert tone="error" className="mb-5">
          {notice}
        </Alert>
      )}
      <StackInfoForm
        ref={form}
        defaultValues={state.stackInfo}
        onDraftChange={onDraftChange}
        onSubmit={next}
        showsPrivacyChoice={privacy.showsPrivacyChoice}
        nameCheck={{ owner: nameCheckOwner(state.stackOwner) }}
        ownerSlot={
          <fieldset className="space-y-1">
            <legend className="mb-1 block text-sm font-medium text-slate-700">Owner</legend>
            <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
              {state.stackOwner === 'personal' ? (
                <Avatar user={user} className="size-8 text-sm" />
              ) : (
                <CompanyLogo
                  company={{ name: ownerName, image_url: company?.image_url ?? state.newCompany.image_url }}
                  className="size-8 text-sm"
                />
              )}
              <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{ownerName}</span>
              <span className="text-xs text-slate-500">
                {state.stackOwner === 'personal'
                  ? 'Personal'
                  : state.stackOwner === 'newcompany'
                    ? 'New company'
                    : 'Company'}
              </span>
              <Link to="/create-stack/stack-type" className="text-xs font-medium text-brand-700 hover:underline">
                Change
              </Link>
            </div>
          </fieldset>
        }
      >
        <div className="flex justify-end border-t border-slate-200 pt-5">
          <Button type="submit">
            Continue <ArrowRight className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </StackInfoForm>
    </StepCard>
  )
}
