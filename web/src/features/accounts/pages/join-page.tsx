// /join?token=: an invitation's link (SIGNUP_MODE=invite, decision 052). Sign-up with the invited address fixed; the
// account starts verified, since the link reached that mailbox. Then the onboarding wizard, as after any sign-up.
import { zodResolver } from '@hookform/resolvers/zod'
import { UserPlus } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate, useSearchParams } from 'react-router'
import { SignUpForm } from '#contracts/auth.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { fieldMessage } from '../../../lib/field-errors.ts'
import { applyServerErrors } from '../../../lib/form-errors.ts'
import { ONBOARDING_START_PATH } from '../../../lib/onboarding-guide.ts'
import { useCurrentUser } from '../../../lib/session.tsx'
import { useSiteInvitationLink } from '../api/get-site-invitation-link.ts'
import { useSignUpByInvitation } from '../api/sign-up-by-invitation.ts'

export default function JoinPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const link = useSiteInvitationLink(token)
  const { user } = useCurrentUser()
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <title>Create your account | Stackatlas</title>
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <UserPlus className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-center text-xl font-semibold text-slate-900">Create your account</h1>
        {!token ? (
          <Alert tone="error" className="mt-4">
            This invitation link is missing its token. Check that you copied all of it.
          </Alert>
        ) : user ? (
          <Alert tone="info" className="mt-4">
            You are signed in as @{user.username}. Sign out to use this invitation.
          </Alert>
        ) : link.isPending ? (
          <PageSpinner />
        ) : link.isError ? (
          <Alert tone="error" className="mt-4">
            {link.error.message}
          </Alert>
        ) : (
          <JoinForm token={token} email={link.data.email} />
        )}
      </div>
    </div>
  )
}

function JoinForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate()
  const signUp = useSignUpByInvitation()
  const [formError, setFormError] = useState('')
  const { register, handleSubmit, setError, formState } = useForm<SignUpForm>({
    resolver: zodResolver(SignUpForm),
    defaultValues: { email, name: '', username: '', password: '' },
  })
  const submit = handleSubmit(async (values) => {
    setFormError('')
    try {
      await signUp.mutateAsync({ ...values, email, invitation: token })
      navigate(ONBOARDING_START_PATH)
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['name', 'username', 'password']))
    }
  })
  return (
    <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
      <p className="break-words text-center text-sm text-slate-600">
        You were invited as <span className="font-medium text-slate-900">{email}</span>.
      </p>
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField label="Email" type="email" value={email} readOnly aria-readonly="true" />
      <TextField
        label="Name"
        autoComplete="name"
        autoFocus
        {...register('name')}
        error={fieldMessage('Name', formState.errors.name?.message)}
      />
      <TextField
        label="Username"
        autoComplete="username"
        {...register('username')}
        error={fieldMessage('Username', formState.errors.username?.message)}
        hint="Your profile lives at /your-username"
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        {...register('password')}
        error={fieldMessage('Password', formState.errors.password?.message)}
        hint="At least 8 characters"
      />
      <Button type="submit" className="w-full" isLoading={formState.isSubmitting}>
        Create account
      </Button>
    </form>
  )
}
