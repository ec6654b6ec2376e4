// The reusable sign-in / sign-up modal. Opened through useSignInModal(); after success the pending action runs
// and the user stays on the page they were on. Opened plainly (the navbar's Sign up / Sign in), a user who was never
// shown the onboarding wizard lands on it once, and it returns to this page when they leave it; signed up from an
// action prompt, the action runs and the onboarding guide offers the wizard above the page
// (web/src/lib/onboarding-guide.ts, docs/decisions/012-onboarding-wizard.md). A new account cannot act until its
// address is verified (decision 052): signed up from an action prompt, the modal waits for the e-mailed link to be
// opened, then the action runs.

import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Building2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useLocation, useNavigate } from 'react-router'
import { SignInForm, SignUpForm, signUpDomainsMessage } from '#contracts/auth.ts'
import { FORGOT_PASSWORD_PATH } from '#contracts/password-reset.ts'
import { safeNextPath } from '#contracts/sign-in.ts'
import type { SiteInfo } from '#contracts/site.ts'
import type { CurrentUser } from '#contracts/users.ts'
import { apiFetch } from '../lib/api.ts'
import { onEmailVerifiedElsewhere } from '../lib/email-verified.ts'
import { fieldMessage } from '../lib/field-errors.ts'
import { applyServerErrors } from '../lib/form-errors.ts'
import {
  markGuidePending,
  needsOnboarding,
  ONBOARDING_START_PATH,
  offerOnboarding,
  rememberSignInPage,
} from '../lib/onboarding-guide.ts'
import { currentUserQuery, useSignInModal } from '../lib/session.tsx'
import { siteQuery } from '../lib/site.ts'
import { ResendButton } from './resend-button.tsx'
import { Alert } from './ui/alert.tsx'
import { Button } from './ui/button.tsx'
import { Dialog } from './ui/dialog.tsx'
import { TextField } from './ui/field.tsx'
import { GithubIcon } from './ui/github-icon.tsx'

export function SignInModal() {
  const modal = useSignInModal()
  const isSignUp = modal.mode === 'sign-up'
  const navigate = useNavigate()
  const location = useLocation()
  // Something the user was doing continues instead: the wizard would take them away from it.
  const complete = (isNewAccount: boolean) =>
    modal.complete(async (user: CurrentUser) => {
      if (modal.isForAction) {
        // A new account is still guided to the wizard: offered beside the action instead of taking them from it.
        if (isNewAccount && (await needsOnboarding(user))) offerOnboarding(user.id)
        return undefined
      }
      rememberSignInPage(location.pathname + location.search)
      return (await needsOnboarding(user)) ? () => navigate(ONBOARDING_START_PATH) : undefined
    })
  const { data: site } = useQuery(siteQuery)
  // SSO_ONLY: the provider's button alone; its first sign-in makes the account, so there is no sign-up form either
  const passwordsOn = site?.password_enabled ?? true
  const queryClient = useQueryClient()
  // the address a new account must verify before the action it was signed up for can run
  const [awaiting, setAwaiting] = useState<string | null>(null)
  const afterSignUp = async () => {
    if (modal.isForAction) {
      const { user } = await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 })
      if (user && !user.email_verified) {
        setAwaiting(user.email)
        return
      }
    }
    await complete(true)
  }
  const finishVerified = async () => {
    setAwaiting(null)
    await complete(true)
  }
  return (
    <Dialog
      open={modal.isOpen}
      onOpenChange={(open) => {
        if (open) return
        setAwaiting(null)
        modal.close()
      }}
      title={awaiting ? 'Check your inbox' : isSignUp && passwordsOn ? 'Create your account' : 'Sign in'}
      description={awaiting ? undefined : (modal.reason ?? signInDescription(site, isSignUp))}
    >
      {awaiting ? (
        <CheckInbox email={awaiting} onVerified={finishVerified} />
      ) : (
        <>
          <ProviderButtons passwordsOn={passwordsOn} />
          {!passwordsOn ? null : isSignUp ? (
            <SignUpFormView onDone={afterSignUp} invitation={modal.invitation} />
          ) : (
            <SignInFormView onDone={() => complete(false)} />
          )}
        </>
      )}
      {passwordsOn && !awaiting && (
        <p className="mt-4 text-center text-sm text-slate-600">
          {isSignUp ? 'Already have an account? ' : 'New here? '}
          <Button variant="link" onClick={() => modal.setMode(isSignUp ? 'sign-in' : 'sign-up')}>
            {isSignUp ? 'Sign in' : 'Create an account'}
          </Button>
        </p>
      )}
    </Dialog>
  )
}

/** What a sign-in form says under its title: the modal's, and the sign-in screen's on a public site. */
export function signInDescription(site: SiteInfo | undefined, isSignUp: boolean): string {
  // SSO_ONLY: the provider's first sign-in makes the account
  if (site && !site.password_enabled) {
    return `Sign in with your ${site.sso_name} account: the first time creates your account here.`
  }
  return isSignUp ? 'Share your stack, follow tools and find jobs that match.' : 'Welcome back.'
}

/** The new account's address waits for its link; the action continues once it is verified (here or in another tab). */
function CheckInbox({ email, onVerified }: { email: string; onVerified: () => Promise<void> }) {
  const queryClient = useQueryClient()
  const [notYet, setNotYet] = useState(false)
  const [isChecking, setIsChecking] = useState(false)
  const check = async () => {
    setIsChecking(true)
    const { user } = await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 })
    setIsChecking(false)
    if (user?.email_verified) await onVerified()
    else setNotYet(true)
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: listen once while the step is shown
  useEffect(() => onEmailVerifiedElsewhere(() => void check()), [])
  return (
    <div className="space-y-4">
      <p className="break-words text-sm text-slate-700">
        Your account is ready. We sent a link to <span className="font-medium text-slate-900">{email}</span>: open it to
        verify your address, then continue here.
      </p>
      {notYet && <Alert tone="error">Your address is not verified yet. Open the link we sent, then try again.</Alert>}
      <Button className="w-full" onClick={check} isLoading={isChecking}>
        I opened the link: continue
      </Button>
      <p className="text-center text-sm text-slate-600">
        No e-mail? <ResendButton />
      </p>
    </div>
  )
}

/**
 * Single sign-on (OIDC_NAME) and GitHub, when configured, and "or" before the password form when there is one: the
 * modal's, and the sign-in screen's. Back at `callbackURL` (a path of this site; the page it is on by default).
 */
export function ProviderButtons({ passwordsOn, callbackURL }: { passwordsOn: boolean; callbackURL?: string }) {
  const { data } = useQuery(siteQuery)
  const [starting, setStarting] = useState<'oidc' | 'github' | null>(null)
  if (!data?.sso_name && !data?.github_enabled) return null
  const start = async (provider: 'oidc' | 'github') => {
    setStarting(provider)
    // The page reloads on the way back, so an action in progress is gone whatever happens: a user who never saw
    // the wizard is guided to it then, from an action prompt too.
    // a sign-in that asked for a page (the sign-in screen's ?next=) goes there, where the wizard is offered to a new
    // account rather than opened (decision 082)
    const asked = callbackURL && callbackURL !== '/' ? callbackURL : null
    rememberSignInPage(asked ?? window.location.pathname + window.location.search)
    markGuidePending(asked ? 'offer' : 'open')
    const result = await apiFetch<{ url: string }>('/api/auth/sign-in/social', {
      method: 'POST',
      // a path of this site only, whatever the page's address or `next` held (safeNextPath; security report F-5)
      body: { provider, callbackURL: safeNextPath(callbackURL ?? window.location.pathname + window.location.search) },
    }).catch(() => null)
    if (result?.url) window.location.assign(result.url)
    else setStarting(null)
  }
  return (
    <div className="mb-4 space-y-3">
      {data.sso_name && (
        <Button className="w-full" onClick={() => start('oidc')} isLoading={starting === 'oidc'}>
          <Building2 className="size-4" aria-hidden="true" /> Sign in with {data.sso_name}
        </Button>
      )}
      {data.github_enabled && (
        <Button
          variant="secondary"
          className="w-full"
          onClick={() => start('github')}
          isLoading={starting === 'github'}
        >
          <GithubIcon className="size-4" /> Continue with GitHub
        </Button>
      )}
      {passwordsOn && (
        <div className="my-4 flex items-center gap-3 text-xs uppercase text-slate-500">
          <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
        </div>
      )}
    </div>
  )
}

/**
 * The forms holding a password are `method="post"`: submitted before the page's script has taken over, the password
 * goes in a body the server answers with a 303 back to the page (server/http/page-post.ts), never in the URL.
 */
export function SignInFormView({ onDone }: { onDone: () => Promise<void> }) {
  const [formError, setFormError] = useState('')
  const { register, handleSubmit, setError, formState } = useForm<SignInForm>({ resolver: zodResolver(SignInForm) })
  const submit = handleSubmit(async (values) => {
    setFormError('')
    try {
      await apiFetch('/api/auth/sign-in/email', { method: 'POST', body: values })
      await onDone()
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email', 'password']) || 'Invalid email or password')
    }
  })
  return (
    <form method="post" onSubmit={submit} className="space-y-4" noValidate>
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        {...register('email')}
        error={fieldMessage('Email', formState.errors.email?.message)}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...register('password')}
        error={fieldMessage('Password', formState.errors.password?.message)}
      />
      <p className="-mt-2 text-right text-sm">
        {/* a whole page: the modal does not follow client-side navigation (decision 074) */}
        <a href={FORGOT_PASSWORD_PATH} className="font-medium text-brand-700 hover:underline">
          Forgot password?
        </a>
      </p>
      <Button type="submit" className="w-full" isLoading={formState.isSubmitting}>
        Sign in
      </Button>
    </form>
  )
}

/**
 * The sign-up form: the modal's, the sign-in screen's and an invitation's (/join), which fixes the invited address
 * (`invitedEmail`) and sends the invitation's token along (decision 052).
 */
export function SignUpFormView({
  onDone,
  invitation,
  invitedEmail,
}: {
  onDone: () => Promise<void>
  invitation?: string
  invitedEmail?: string
}) {
  const { data: site } = useQuery(siteQuery)
  const [formError, setFormError] = useState('')
  const { register, handleSubmit, setError, formState } = useForm<SignUpForm>({
    resolver: zodResolver(SignUpForm),
    defaultValues: invitedEmail ? { email: invitedEmail, name: '', username: '', password: '' } : undefined,
  })
  const submit = handleSubmit(async (values) => {
    setFormError('')
    try {
      await apiFetch('/api/auth/sign-up/email', {
        method: 'POST',
        body: invitation ? { ...values, invitation } : values,
      })
      await onDone()
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['name', 'username', 'email', 'password']))
    }
  })
  return (
    <form method="post" onSubmit={submit} className="space-y-4" noValidate>
      {site?.sign_up === 'invite' && !invitation && (
        <p className="text-sm text-slate-600">Sign-up is by invitation: use the address you were invited at.</p>
      )}
      {invitedEmail && (
        <p className="break-words text-center text-sm text-slate-600">
          You were invited as <span className="font-medium text-slate-900">{invitedEmail}</span>.
        </p>
      )}
      {formError && <Alert tone="error">{formError}</Alert>}
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
        label="Email"
        type="email"
        autoComplete="email"
        {...register('email')}
        readOnly={invitedEmail !== undefined}
        aria-readonly={invitedEmail !== undefined ? 'true' : undefined}
        error={fieldMessage('Email', formState.errors.email?.message)}
        hint={site?.sign_up === 'domains' && !invitedEmail ? signUpDomainsMessage(site.sign_up_domains) : undefined}
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
