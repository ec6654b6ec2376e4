// /settings/profile: name and username, and what onboarding asked ('You can update this information later',
// specs/onboarding-customers-teams-notifications.md §2): the photo, first and last name, company, job title and the
// weekly newsletter, with the onboarding step's own fields (components/basic-information/).
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { UpdateProfileBody } from '#contracts/users.ts'
import {
  BasicInformationFields,
  NewsletterCheckbox,
} from '../../../components/basic-information/basic-information-fields.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { DocumentTitle } from '../../../lib/document-title.ts'
import { fieldMessage } from '../../../lib/field-errors.ts'
import { applyServerErrors } from '../../../lib/form-errors.ts'
import { useCurrentUser } from '../../../lib/session.tsx'
import { useUpdateProfile } from '../api/update-profile.ts'
import { SettingsCard } from '../components/settings-card.tsx'

/** The inputs' values: blanks as '', and no photo until one is uploaded (the current one stays). */
interface ProfileForm {
  name: string
  username: string
  picture?: string
  first_name: string
  last_name: string
  company_name: string
  title: string
  weekly_digest_subscribed: boolean
}

/** The form's values from the saved profile (the current user, or what was just saved). */
function formValues(saved: Omit<UpdateProfileBody, 'picture'>, subscribed: boolean): ProfileForm {
  return {
    name: saved.name,
    username: saved.username,
    first_name: saved.first_name ?? '',
    last_name: saved.last_name ?? '',
    company_name: saved.company_name ?? '',
    title: saved.title ?? '',
    weekly_digest_subscribed: saved.weekly_digest_subscribed ?? subscribed,
  }
}

const SERVER_FIELDS = ['name', 'username', 'first_name', 'last_name', 'company_name', 'title'] as const

export default function ProfileSettingsPage() {
  const { user } = useCurrentUser()
  const updateProfile = useUpdateProfile()
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const { register, handleSubmit, setError, setValue, formState, reset, watch } = useForm<
    ProfileForm,
    unknown,
    UpdateProfileBody
  >({
    // The form holds a narrower shape than the body accepts (strings where the body also takes null).
    resolver: zodResolver(UpdateProfileBody) as Resolver<ProfileForm, unknown, UpdateProfileBody>,
    values: user ? formValues(user, user.weekly_digest_subscribed) : undefined,
    resetOptions: { keepDirtyValues: true },
  })
  const values = watch()
  const { errors } = formState

  const submit = handleSubmit(async (parsed) => {
    setNotice(null)
    try {
      await updateProfile.mutateAsync(parsed)
      reset(formValues(parsed, values.weekly_digest_subscribed))
      setNotice({ tone: 'success', text: 'Your profile was saved.' })
    } catch (error) {
      const message = applyServerErrors(error, setError, [...SERVER_FIELDS])
      if (message) setNotice({ tone: 'error', text: message })
    }
  })

  return (
    <SettingsCard
      title="Profile"
      description="Your photo and names, where you work, the username in your profile's address, and the newsletter."
      onSubmit={submit}
      footer={
        <Button type="submit" isLoading={formState.isSubmitting} disabled={!formState.isDirty}>
          Save profile
        </Button>
      }
    >
      <DocumentTitle title="Profile settings" />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="name"
          {...register('name')}
          error={fieldMessage('Name', errors.name?.message)}
          hint="The name people see on your profile and your stacks."
        />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...register('username')}
          error={fieldMessage('Username', errors.username?.message)}
          hint={
            <>
              Your profile lives at{' '}
              <span className="font-medium text-slate-700">
                /{(values.username || user?.username || '').toLowerCase()}
              </span>
              {user && !formState.isDirty && (
                <>
                  {' · '}
                  <Link
                    to={`/${user.username}`}
                    className="whitespace-nowrap text-brand-700 underline hover:text-brand-600"
                  >
                    View profile
                  </Link>
                </>
              )}
            </>
          }
        />
      </div>
      <section aria-labelledby="basic-information-heading" className="space-y-5 border-t border-slate-200 pt-5">
        <div>
          <h3 id="basic-information-heading" className="text-sm font-semibold text-slate-900">
            Your basic information
          </h3>
          <p className="mt-1 text-xs text-slate-500">
            What onboarding asked. Your photo shows on your profile and stacks; your first and last name, company and
            job title are not shown on your public profile.
          </p>
        </div>
        <BasicInformationFields
          values={{ ...values, picture: values.picture ?? user?.image_url ?? null }}
          onChange={(field, value) =>
            setValue(field, value, { shouldDirty: true, shouldValidate: formState.isSubmitted })
          }
          disabled={formState.isSubmitting}
          errors={{
            first_name: errors.first_name?.message,
            last_name: errors.last_name?.message,
            company_name: errors.company_name?.message,
            title: errors.title?.message,
          }}
        />
      </section>
      <NewsletterCheckbox {...register('weekly_digest_subscribed')} />
    </SettingsCard>
  )
}
