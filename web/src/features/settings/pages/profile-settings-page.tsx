// /settings/profile: name, username and the weekly newsletter chosen in onboarding ('Yup, Subscribe me').
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { UpdateProfileBody } from '#contracts/users.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { fieldMessage } from '../../../lib/field-errors.ts'
import { applyServerErrors } from '../../../lib/form-errors.ts'
import { useCurrentUser } from '../../../lib/session.tsx'
import { useUpdateProfile } from '../api/update-profile.ts'
import { SettingsCard } from '../components/settings-card.tsx'

export default function ProfileSettingsPage() {
  const { user } = useCurrentUser()
  const updateProfile = useUpdateProfile()
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const { register, handleSubmit, setError, formState, reset, watch } = useForm<UpdateProfileBody>({
    resolver: zodResolver(UpdateProfileBody),
    values: user
      ? { name: user.name, username: user.username, weekly_digest_subscribed: user.weekly_digest_subscribed }
      : undefined,
    resetOptions: { keepDirtyValues: true },
  })
  const username = watch('username')

  const submit = handleSubmit(async (values) => {
    setNotice(null)
    try {
      await updateProfile.mutateAsync(values)
      reset(values)
      setNotice({ tone: 'success', text: 'Your profile was saved.' })
    } catch (error) {
      const message = applyServerErrors(error, setError, ['name', 'username'])
      if (message) setNotice({ tone: 'error', text: message })
    }
  })

  return (
    <SettingsCard
      title="Profile"
      description="Your name, the username in your profile's address, and the newsletter."
      onSubmit={submit}
      footer={
        <Button type="submit" isLoading={formState.isSubmitting} disabled={!formState.isDirty}>
          Save profile
        </Button>
      }
    >
      <title>Profile settings | Stackatlas</title>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <TextField
        label="Name"
        autoComplete="name"
        {...register('name')}
        error={fieldMessage('Name', formState.errors.name?.message)}
      />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...register('username')}
        error={fieldMessage('Username', formState.errors.username?.message)}
        hint={
          <>
            Your profile lives at{' '}
            <span className="font-medium text-slate-700">/{(username || user?.username || '').toLowerCase()}</span>
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
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">The weekly newsletter</legend>
        <label className="mt-2 flex w-fit cursor-pointer items-center gap-3 text-sm text-slate-700">
          <input
            type="checkbox"
            {...register('weekly_digest_subscribed')}
            className="size-4 shrink-0 accent-brand-600"
          />
          Yup, Subscribe me
        </label>
        <p className="mt-1 text-xs text-slate-500">Never miss out on the latest tech trends.</p>
      </fieldset>
    </SettingsCard>
  )
}
