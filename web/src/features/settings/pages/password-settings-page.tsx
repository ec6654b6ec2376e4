// /settings/password: the current password, then the new one twice; other sessions are signed out. Accounts made
// through GitHub or single sign-on set a first password instead, after a recent sign-in through that provider
// (decisions 024, 081).
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { type FieldErrors, type UseFormRegisterReturn, useForm } from 'react-hook-form'
import { z } from 'zod'
import { ChangePasswordBody, PASSWORD_MIN, REAUTHENTICATE, SetPasswordBody } from '#contracts/users.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api.ts'
import { DocumentTitle } from '../../../lib/document-title.ts'
import { fieldMessage } from '../../../lib/field-errors.ts'
import { applyServerErrors } from '../../../lib/form-errors.ts'
import { useCurrentUser } from '../../../lib/session.tsx'
import { siteQuery } from '../../../lib/site.ts'
import { useChangePassword } from '../api/change-password.ts'
import { useSetPassword } from '../api/set-password.ts'
import { SettingsCard } from '../components/settings-card.tsx'
import { SignInConfirmation, useConfirmingProvider } from '../components/sign-in-confirmation.tsx'

// The confirmation never leaves the browser: the request body is the contract's ChangePasswordBody.
const matchesNewPassword = {
  path: ['password_confirmation'],
  message: "doesn't match the new password",
}
const PasswordForm = ChangePasswordBody.extend({ password_confirmation: z.string() }).refine(
  (values) => values.password_confirmation === values.new_password,
  matchesNewPassword,
)
type PasswordForm = z.infer<typeof PasswordForm>

const EMPTY: PasswordForm = { current_password: '', new_password: '', password_confirmation: '' }

const FirstPasswordForm = SetPasswordBody.extend({ password_confirmation: z.string() }).refine(
  (values) => values.password_confirmation === values.new_password,
  matchesNewPassword,
)
type FirstPasswordForm = z.infer<typeof FirstPasswordForm>

type Notice = { tone: 'success' | 'error'; text: string }

const PASSWORD_SET: Notice = {
  tone: 'success',
  text: 'Your password is set: you can now sign in with your e-mail address too.',
}

export default function PasswordSettingsPage() {
  const { user } = useCurrentUser()
  const { data: site } = useQuery(siteQuery)
  // Once a first password is set the page becomes the change form; it keeps saying what just happened.
  const [wasSet, setWasSet] = useState(false)
  if (site && !site.password_enabled) return <PasswordsOff ssoName={site.sso_name ?? 'single sign-on'} />
  if (user && !user.has_password) return <FirstPasswordSettings onSet={() => setWasSet(true)} />
  return <ChangePasswordSettings initialNotice={wasSet ? PASSWORD_SET : null} />
}

/** SSO_ONLY: the section is off the menu; opened by its address, it says why (decision 051). */
function PasswordsOff({ ssoName }: { ssoName: string }) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Password</h2>
      <p className="mt-1 text-sm text-slate-600">
        Passwords are turned off on this site: you sign in with {ssoName}, where your password is kept.
      </p>
    </section>
  )
}

function ChangePasswordSettings({ initialNotice }: { initialNotice: Notice | null }) {
  const changePassword = useChangePassword()
  const [notice, setNotice] = useState<Notice | null>(null)
  const { register, handleSubmit, setError, formState, reset } = useForm<PasswordForm>({
    resolver: zodResolver(PasswordForm),
    defaultValues: EMPTY,
  })

  const submit = handleSubmit(async ({ current_password, new_password }) => {
    setNotice(null)
    try {
      await changePassword.mutateAsync({ current_password, new_password })
      reset(EMPTY)
      setNotice({ tone: 'success', text: 'Your password was changed. Your other sessions were signed out.' })
    } catch (error) {
      const message = applyServerErrors(error, setError, ['current_password', 'new_password'])
      if (message) setNotice({ tone: 'error', text: message })
    }
  })

  return (
    <SettingsCard
      title="Password"
      description={`Use at least ${PASSWORD_MIN} characters. You stay signed in on this device; other devices are signed out.`}
      onSubmit={submit}
      footer={
        <Button type="submit" isLoading={formState.isSubmitting}>
          Change password
        </Button>
      }
    >
      <DocumentTitle title="Password settings" />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {initialNotice && !notice && !formState.isSubmitted && (
        <Alert tone={initialNotice.tone}>{initialNotice.text}</Alert>
      )}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...register('current_password')}
        error={fieldMessage('Current password', formState.errors.current_password?.message)}
      />
      <NewPasswordFields
        newPassword={register('new_password')}
        confirmation={register('password_confirmation')}
        errors={formState.errors}
      />
    </SettingsCard>
  )
}

function FirstPasswordSettings({ onSet }: { onSet: () => void }) {
  const { user } = useCurrentUser()
  const provider = useConfirmingProvider(user)
  const setPassword = useSetPassword()
  const [needsSignIn, setNeedsSignIn] = useState(false)
  const [notice, setNotice] = useState<Notice | null>(null)
  const { register, handleSubmit, setError, formState, reset } = useForm<FirstPasswordForm>({
    resolver: zodResolver(FirstPasswordForm),
    defaultValues: { new_password: '', password_confirmation: '' },
  })

  const submit = handleSubmit(async ({ new_password }) => {
    setNotice(null)
    setNeedsSignIn(false)
    try {
      await setPassword.mutateAsync({ new_password })
      reset({ new_password: '', password_confirmation: '' })
      onSet()
    } catch (error) {
      if (error instanceof ApiError && error.errorMsg === REAUTHENTICATE) {
        setNeedsSignIn(true)
        return
      }
      const message = applyServerErrors(error, setError, ['new_password'])
      if (message) setNotice({ tone: 'error', text: message })
    }
  })

  return (
    <SettingsCard
      title="Set a password"
      description={`${provider ? `You sign in with ${provider.name}. ` : ''}Set a password (at least ${PASSWORD_MIN} characters) to sign in with your e-mail address as well.`}
      onSubmit={submit}
      footer={
        <Button type="submit" isLoading={formState.isSubmitting}>
          Set password
        </Button>
      }
    >
      <DocumentTitle title="Password settings" />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <SignInConfirmation provider={provider} returnTo="/settings/password" isRequired={needsSignIn} />
      <NewPasswordFields
        newPassword={register('new_password')}
        confirmation={register('password_confirmation')}
        errors={formState.errors}
      />
    </SettingsCard>
  )
}

/** The new password twice; both forms have these two fields. */
function NewPasswordFields({
  newPassword,
  confirmation,
  errors,
}: {
  newPassword: UseFormRegisterReturn
  confirmation: UseFormRegisterReturn
  errors: FieldErrors<FirstPasswordForm>
}) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        {...newPassword}
        error={fieldMessage('New password', errors.new_password?.message)}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...confirmation}
        error={fieldMessage('Confirmation', errors.password_confirmation?.message)}
      />
    </>
  )
}
