// /forgot-password: "Forgot password?" of the sign-in form (decision 074). The answer never says whether an account
// uses the address; the e-mailed link opens /reset-password.
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { ForgotPasswordForm } from '#contracts/auth.ts'
import { RESET_LINK_SENT } from '#contracts/password-reset.ts'
import { SIGN_IN_PATH } from '#contracts/sign-in.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { fieldMessage } from '../../../lib/field-errors.ts'
import { applyServerErrors } from '../../../lib/form-errors.ts'
import { siteQuery } from '../../../lib/site.ts'
import { useRequestPasswordReset } from '../api/password-reset.ts'
import { AccountCard } from '../components/account-card.tsx'

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot your password?')
  const { data: site } = useQuery(siteQuery)
  const request = useRequestPasswordReset()
  const { register, handleSubmit, setError, formState } = useForm<ForgotPasswordForm>({
    resolver: zodResolver(ForgotPasswordForm),
  })
  const submit = handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync(email)
    } catch (error) {
      applyServerErrors(error, setError, ['email'])
    }
  })
  if (site && !site.password_enabled) {
    return (
      <AccountCard icon={KeyRound} title="Forgot your password?">
        <p className="mt-3 text-center text-slate-700">
          This site has no passwords: sign in with {site.sso_name ?? 'single sign-on'}.
        </p>
        <BackToSignIn />
      </AccountCard>
    )
  }
  return (
    <AccountCard icon={KeyRound} title="Forgot your password?">
      {request.isSuccess ? (
        <>
          <p role="status" className="mt-3 text-center text-slate-700">
            {RESET_LINK_SENT}
          </p>
          <BackToSignIn />
        </>
      ) : (
        <form method="post" onSubmit={submit} className="mt-4 space-y-4" noValidate>
          <p className="text-center text-slate-700">
            Type the address you sign in with, and we will e-mail you a link to choose a new password.
          </p>
          {request.isError && !formState.errors.email && <Alert tone="error">{request.error.message}</Alert>}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            {...register('email')}
            error={fieldMessage('Email', formState.errors.email?.message)}
          />
          <Button type="submit" className="w-full" isLoading={formState.isSubmitting}>
            Send me a link
          </Button>
          <BackToSignIn />
        </form>
      )}
    </AccountCard>
  )
}

function BackToSignIn() {
  return (
    <p className="mt-6 text-center text-sm">
      <a href={SIGN_IN_PATH} className="font-medium text-brand-700 hover:underline">
        Back to sign in
      </a>
    </p>
  )
}
