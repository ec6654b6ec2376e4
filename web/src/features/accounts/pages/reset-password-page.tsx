// /reset-password?token=: the e-mailed "Forgot password?" link (decision 074). Opening it changes nothing (mail
// scanners open links); choosing the password spends the link, signs out every session and proves the address.
import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import { FORGOT_PASSWORD_PATH, PASSWORD_RESET_DONE, RESET_LINK_INVALID } from '#contracts/password-reset.ts'
import { SIGN_IN_PATH } from '#contracts/sign-in.ts'
import { SetPasswordBody } from '#contracts/users.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { fieldMessage } from '../../../lib/field-errors.ts'
import { useResetPassword } from '../api/password-reset.ts'
import { AccountCard } from '../components/account-card.tsx'

export default function ResetPasswordPage() {
  useDocumentTitle('Choose a new password')
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  return (
    <AccountCard icon={KeyRound} title="Choose a new password">
      {token ? (
        <ResetForm token={token} />
      ) : (
        <Alert tone="error" className="mt-4">
          This link is missing its token. Check that you copied all of it.
        </Alert>
      )}
    </AccountCard>
  )
}

function ResetForm({ token }: { token: string }) {
  const reset = useResetPassword(token)
  const { register, handleSubmit, setError, formState } = useForm<SetPasswordBody>({
    resolver: zodResolver(SetPasswordBody),
  })
  const submit = handleSubmit(async ({ new_password }) => {
    try {
      await reset.mutateAsync(new_password)
    } catch (error) {
      // a password Better Auth refuses (its bounds are ours): on the field; anything else is the link's fault
      if (error instanceof ApiError && error.fields?.password) {
        setError('new_password', { message: error.fields.password[0] })
      }
    }
  })
  if (reset.isSuccess) {
    return (
      <>
        <p role="status" className="mt-3 text-center text-slate-700">
          {PASSWORD_RESET_DONE}
        </p>
        <p className="mt-6 text-center">
          <a href={SIGN_IN_PATH} className="font-medium text-brand-700 hover:underline">
            Sign in with the new password
          </a>
        </p>
      </>
    )
  }
  const linkFailed = reset.isError && !formState.errors.new_password
  return (
    <form method="post" onSubmit={submit} className="mt-4 space-y-4" noValidate>
      {linkFailed && (
        <Alert tone="error">
          {RESET_LINK_INVALID}{' '}
          <a href={FORGOT_PASSWORD_PATH} className="font-medium underline">
            Ask for a new link
          </a>
        </Alert>
      )}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus
        hint="At least 8 characters."
        {...register('new_password')}
        error={fieldMessage('New password', formState.errors.new_password?.message)}
      />
      <Button type="submit" className="w-full" isLoading={formState.isSubmitting}>
        Choose this password
      </Button>
    </form>
  )
}
