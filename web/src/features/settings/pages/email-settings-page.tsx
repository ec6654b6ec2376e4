// /settings/email (the avatar menu's Email Settings): the address the account signs in with. The current password
// confirms the change; accounts made through GitHub confirm with a recent GitHub sign-in (decision 024). The new
// address replaces the old one once the link e-mailed to it is followed (decision 052).
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { ChangeEmailBody, REAUTHENTICATE } from '#contracts/users.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api.ts'
import { DocumentTitle } from '../../../lib/document-title.ts'
import { fieldMessage } from '../../../lib/field-errors.ts'
import { applyServerErrors } from '../../../lib/form-errors.ts'
import { useCurrentUser } from '../../../lib/session.tsx'
import { useChangeEmail } from '../api/change-email.ts'
import { GithubConfirmation } from '../components/github-confirmation.tsx'
import { SettingsCard } from '../components/settings-card.tsx'

const EMPTY: ChangeEmailBody = { email: '', current_password: '' }

export default function EmailSettingsPage() {
  const { user } = useCurrentUser()
  const changeEmail = useChangeEmail()
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const [needsGithub, setNeedsGithub] = useState(false)
  const hasPassword = user?.has_password ?? true
  const { register, handleSubmit, setError, formState, reset } = useForm<ChangeEmailBody>({
    resolver: zodResolver(ChangeEmailBody),
    defaultValues: EMPTY,
  })

  const submit = handleSubmit(async (values) => {
    setNotice(null)
    setNeedsGithub(false)
    try {
      await changeEmail.mutateAsync(
        hasPassword
          ? { email: values.email, current_password: values.current_password ?? '' }
          : { email: values.email },
      )
      reset(EMPTY)
      setNotice({
        tone: 'success',
        text: `We sent a link to ${values.email}: your address changes when you open it. Your other sessions were signed out.`,
      })
    } catch (error) {
      if (error instanceof ApiError && error.errorMsg === REAUTHENTICATE) {
        setNeedsGithub(true)
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
          You sign in with <span className="break-words font-medium text-slate-900">{user?.email}</span>
          {user && !user.email_verified && ' (not verified yet)'}.
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
      {!hasPassword && <GithubConfirmation returnTo="/settings/email" isRequired={needsGithub} />}
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
