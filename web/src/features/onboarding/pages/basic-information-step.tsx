// /onboarding/basic-information (spec §2, §5, §7, §8): photo, first and last name, company, job title and the
// newsletter; Continue posts submit_basic_information, Skip moves on without saving.
import { useState } from 'react'
import {
  BasicInformationFields,
  type BasicInformationValues,
  NewsletterCheckbox,
} from '../../../components/basic-information/basic-information-fields.tsx'
import { submitBasicInformation } from '../api/submit-basic-information.ts'
import { StepActions } from '../components/step-actions.tsx'
import { StepHeading } from '../components/step-heading.tsx'
import { serverErrorNotification, useWizard } from '../state/wizard-context.tsx'

export function BasicInformationStep() {
  const wizard = useWizard()
  const { info } = wizard
  const [values, setValues] = useState<BasicInformationValues & { weekly_digest_subscribed: boolean }>({
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
      <BasicInformationFields values={values} onChange={change} disabled={disabled} />
      <NewsletterCheckbox
        checked={values.weekly_digest_subscribed}
        onChange={(event) => change('weekly_digest_subscribed', event.target.checked)}
        disabled={disabled}
      />
      <StepActions onContinue={submit} onSkip={() => wizard.advance('basic-information')} />
    </div>
  )
}
