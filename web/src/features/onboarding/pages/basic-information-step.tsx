// /onboarding/basic-information (spec §2, §5, §7, §8): photo, first and last name, company, job title and the
// newsletter; Continue posts submit_basic_information, Skip moves on without saving.
import { Mail } from 'lucide-react'
import { useState } from 'react'
import { ONBOARDING_NAME_MAX } from '#contracts/onboarding.ts'
import { TextField } from '../../../components/ui/field.tsx'
import { submitBasicInformation } from '../api/submit-basic-information.ts'
import { CompanySuggestField } from '../components/company-suggest-field.tsx'
import { PhotoField } from '../components/photo-field.tsx'
import { StepActions } from '../components/step-actions.tsx'
import { StepHeading } from '../components/step-heading.tsx'
import { serverErrorNotification, useWizard } from '../state/wizard-context.tsx'

export function BasicInformationStep() {
  const wizard = useWizard()
  const { info } = wizard
  const [values, setValues] = useState({
    picture: info.user_img,
    first_name: info.first_name ?? '',
    last_name: info.last_name ?? '',
    company_name: info.company_name ?? '',
    title: info.job_title ?? '',
    // spec §4: subscribed unless the user is private
    weekly_digest_subscribed: !info.is_private,
  })
  const change = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    // The user is fixing what the server refused: the error banner has done its job.
    if (wizard.isBlocked) wizard.notify(null)
  }

  const submit = async () => {
    wizard.setSaving(true)
    try {
      await submitBasicInformation({
        first_name: values.first_name,
        last_name: values.last_name,
        company_name: values.company_name,
        title: values.title,
        weekly_digest_subscribed: values.weekly_digest_subscribed,
        ...(values.picture ? { picture: values.picture } : {}),
      })
    } catch (error) {
      wizard.notify(serverErrorNotification(error))
      return
    } finally {
      wizard.setSaving(false)
    }
    await wizard.advance('basic-information')
  }

  const disabled = wizard.isSaving
  return (
    <div className="space-y-6">
      <StepHeading title="Your Basic Information" text="You can update this information later" />
      <PhotoField value={values.picture} onChange={(url) => change('picture', url)} disabled={disabled} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          maxLength={ONBOARDING_NAME_MAX}
          value={values.first_name}
          onChange={(event) => change('first_name', event.target.value)}
          disabled={disabled}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          maxLength={ONBOARDING_NAME_MAX}
          value={values.last_name}
          onChange={(event) => change('last_name', event.target.value)}
          disabled={disabled}
        />
        <CompanySuggestField
          value={values.company_name}
          onChange={(value) => change('company_name', value)}
          disabled={disabled}
        />
        <TextField
          label="Job title"
          autoComplete="organization-title"
          maxLength={ONBOARDING_NAME_MAX}
          value={values.title}
          onChange={(event) => change('title', event.target.value)}
          disabled={disabled}
        />
      </div>
      <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <Mail className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-900">The weekly newsletter</p>
          <p className="text-sm text-slate-600">Never miss out on the latest tech trends</p>
          <label className="mt-2 inline-flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              checked={values.weekly_digest_subscribed}
              onChange={(event) => change('weekly_digest_subscribed', event.target.checked)}
              disabled={disabled}
              className="size-4 rounded border-slate-300 accent-brand-600"
            />
            Yup, Subscribe me
          </label>
        </div>
      </div>
      <StepActions onContinue={submit} onSkip={() => wizard.advance('basic-information')} />
    </div>
  )
}
