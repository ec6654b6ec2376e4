// /onboarding/basic-information (spec §2, §5, §7, §8): photo, first and last name, company, job title and the
// newsletter; Continue posts submit_basic_information, Skip moves on without saving. The form starts from the values
// saved now (the sign-up name until names are saved), read again each time the step opens: decision 039.
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { OnboardingInfo } from '#contracts/onboarding.ts'
import {
  BasicInformationFields,
  type BasicInformationValues,
  NewsletterCheckbox,
} from '../../../components/basic-information/basic-information-fields.tsx'
import { onboardingQuery, useSavedOnboarding } from '../api/get-onboarding.ts'
import { submitBasicInformation } from '../api/submit-basic-information.ts'
import { StepActions } from '../components/step-actions.tsx'
import { StepHeading } from '../components/step-heading.tsx'
import { StepLoading } from '../components/step-loading.tsx'
import { serverErrorNotification, useWizard } from '../state/wizard-context.tsx'

export function BasicInformationStep() {
  const { info } = useSavedOnboarding()
  if (!info) return <StepLoading label="Loading your basic information" />
  return <BasicInformationForm info={info} />
}

function BasicInformationForm({ info }: { info: OnboardingInfo }) {
  const wizard = useWizard()
  const queryClient = useQueryClient()
  const [values, setValues] = useState<BasicInformationValues & { weekly_digest_subscribed: boolean }>({
    picture: info.user_img,
    first_name: info.first_name ?? '',
    last_name: info.last_name ?? '',
    company_name: info.company_name ?? '',
    title: info.job_title ?? '',
    // spec §4: subscribed unless the user is private (or has unsubscribed)
    weekly_digest_subscribed: info.weekly_digest_subscribed && !info.is_private,
  })
  const change = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    // The user is fixing what the server refused: the error banner has done its job.
    if (wizard.isBlocked) wizard.notify(null)
  }

  const submit = async () => {
    wizard.setSaving(true)
    try {
      const saved = await submitBasicInformation({
        first_name: values.first_name,
        last_name: values.last_name,
        company_name: values.company_name,
        title: values.title,
        weekly_digest_subscribed: values.weekly_digest_subscribed,
        ...(values.picture ? { picture: values.picture } : {}),
      })
      queryClient.setQueryData(
        onboardingQuery.queryKey,
        (old) =>
          old && {
            ...old,
            first_name: saved.first_name,
            last_name: saved.last_name,
            company_name: saved.company_name,
            job_title: saved.title,
            user_img: saved.picture,
            weekly_digest_subscribed: saved.weekly_digest_subscribed,
          },
      )
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
