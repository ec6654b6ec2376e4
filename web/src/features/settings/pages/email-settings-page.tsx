// /settings/email (the avatar menu's Email Settings): the address the account signs in with. The current password
// confirms the change; accounts without one confirm with a recent sign-in through their own provider, single sign-on
// or GitHub (decisions 024, 081). The new address replaces the old one once the link e-mailed to it is followed
// (decision 052); an address never proved is replaced at once, and the new one gets the sign-up link (decision 074).
// With SSO_ONLY the address is the single sign-on's, and the page says so instead (decision 081).
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { addressManagedMessage, ChangeEmailBody, REAUTHENTICATE } from '#contracts/users.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api.ts'
import { DocumentTitle } from '../../../lib/document-title.ts'
import { fieldMessage } from '../../../lib/field-errors.ts'
import { applyServerErrors } from '../../../lib/form-errors.ts'
import { useCurrentUser } from '../../../lib/session.tsx'
import { siteQuery } from '../../../lib/site.ts'
import { useChangeEmail } from '../api/change-email.ts'
import { SettingsCard } from '../components/settings-card.tsx'
import { SignInConfirmation, useConfirmingProvider } from '../components/sign-in-confirmation.tsx'

const EMPTY: ChangeEmailBody = { email: '', current_password: '' }

export default function EmailSettingsPage() {
  const { data: site } = useQuery(siteQuery)
  if (site && !site.password_enabled) return <AddressManaged ssoName={site.sso_name ?? 'single sign-on'} />
  return <ChangeEmailSettings />
}

/** SSO_ONLY: the address comes from the provider; nothing here changes it (the API refuses too). */
function AddressManaged({ ssoName }: { ssoName: string }) {
  const { user } = useCurrentUser()
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <DocumentTitle title="Email settings" />
      <h2 className="text-lg font-semibold text-slate-900">Email</h2>
      <p className="mt-1 text-sm text-slate-600">
        <CurrentAddress user={user} /> {addressManagedMessage(ssoName)} To change it, ask the administrator of your{' '}
        {ssoName} account.
      </p>
    </section>
  )
}

function CurrentAddress({ user }: { user: ReturnType<typeof useCurrentUser>['user'] }): ReactNode {
  return (
    <>
      You sign in with <span className="break-words font-medium text-slate-900">{user?.email}</span>
      {user && !user.email_verified && ' (not verified yet)'}.
    </>
  )
}

function ChangeEmailSettings() {
  const { user } = useCurrentUser()
  const provider = useConfirmingProvider(user)
  const changeEmail = useChangeEmail()
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const [needsSignIn, setNeedsSignIn] = useState(false)
  const hasPassword = user?.has_password ?? true
  const { register, handleSubmit, setError, formState, reset } = useForm<ChangeEmailBody>({
    resolver: zodResolver(ChangeEmailBody),
    defaultValues: EMPTY,
  })

  const submit = handleSubmit(async (values) => {
    setNotice(null)
    setNeedsSignIn(false)
    try {
      await changeEmail.mutateAsync(
        hasPassword
          ? { email: values.email, current_password: values.current_password ?? '' }
          : { email: values.email },
      )
      reset(EMPTY)
      // an address never proved is simply replaced, and the new one is to be proved (decision 074)
      setNotice({
        tone: 'success',
        text: user?.email_verified
          ? `We sent a link to ${values.email}: your address changes when you open it. Your other sessions were signed out.`
          : `Your address is now ${values.email}: open the link we sent there to verify it. Your other sessions were signed out.`,
      })
    } catch (error) {
      if (error instanceof ApiError && error.errorMsg === REAUTHENTICATE) {
        setNeedsSignIn(true)
        return
      }
      const message = applyServerErrors(error, setError, ['email', 'current_password'])
      if (message) setNotice({ tone: 'error', text: message })
    }
  })

  return (
    <SettingsCard
      title="Email"
      description={
        <>
          <CurrentAddress user={user} />
          {user?.pending_email && (
            <>
              {' '}
              It becomes <span className="break-words font-medium text-slate-900">{user.pending_email}</span> when you
              open the link we sent there.
            </>
          )}
        </>
      }
      onSubmit={submit}
      footer={
        <Button type="submit" isLoading={formState.isSubmitting} disabled={user?.impersonated}>
          Change email
        </Button>
      }
    >
      <DocumentTitle title="Email settings" />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {user?.impersonated && <Alert tone="warning">You are impersonating this user: settings cannot be changed.</Alert>}
      {!hasPassword && <SignInConfirmation provider={provider} returnTo="/settings/email" isRequired={needsSignIn} />}
      <TextField
        label="New email address"
        type="email"
        autoComplete="email"
        {...register('email')}
        error={fieldMessage('Email', formState.errors.email?.message)}
      />
      {hasPassword && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="To confirm it's you."
          {...register('current_password')}
          error={fieldMessage('Current password', formState.errors.current_password?.message)}
        />
      )}
    </SettingsCard>
  )
}
