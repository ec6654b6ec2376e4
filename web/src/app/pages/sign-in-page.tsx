// /sign-in: the sign-in screen as a page of its own, drawn by the server. A private site (SITE_MODE=private) sends
// everyone not signed in here, with the page they asked for in ?next= (server/http/private-mode.ts); it shows the
// site's name and the ways to sign in, and nothing of the directory. Signed in, it goes on to ?next= (a path of this
// site only: safeNextPath). The page reloads there, so the server draws it for the new session (decision 053).
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { Navigate, redirect, useSearchParams } from 'react-router'
import { safeNextPath } from '#contracts/sign-in.ts'
import type { SiteInfo } from '#contracts/site.ts'
import type { CurrentUser } from '#contracts/users.ts'
import { PrivateSiteFrame } from '../../components/private-site-frame.tsx'
import { ResendButton } from '../../components/resend-button.tsx'
import { ProviderButtons, SignInFormView, SignUpFormView, signInDescription } from '../../components/sign-in-modal.tsx'
import { Button } from '../../components/ui/button.tsx'
import { useDocumentTitle } from '../../lib/document-title.ts'
import type { Prefetch } from '../../lib/prefetch.ts'
import { currentUserQuery } from '../../lib/session.tsx'
import { siteQuery, useSiteName } from '../../lib/site.ts'

export const prefetch: Prefetch = async (queryClient, { request }) => {
  const [current, site] = await Promise.all([
    queryClient.fetchQuery(currentUserQuery),
    queryClient.fetchQuery(siteQuery),
  ])
  if (current?.user && !mustVerifyFirst(site, current.user)) {
    return redirect(safeNextPath(new URL(request.url).searchParams.get('next')), 302)
  }
  return undefined
}

/** A private site shows nothing to an account whose address is not verified yet: the screen asks for the link. */
const mustVerifyFirst = (site: SiteInfo | undefined, user: CurrentUser) =>
  site?.mode === 'private' && !user.email_verified

export default function SignInPage() {
  const [params] = useSearchParams()
  const next = safeNextPath(params.get('next'))
  const { data: site } = useQuery(siteQuery)
  const { data: current } = useQuery(currentUserQuery)
  const [mode, setMode] = useState<'sign-in' | 'sign-up'>(params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in')
  const name = useSiteName()
  const isSignUp = mode === 'sign-up'
  useDocumentTitle(isSignUp ? 'Create your account' : 'Sign in')
  if (current?.user && mustVerifyFirst(site, current.user))
    return <VerifyFirst name={name} email={current.user.email} />
  if (current?.user) return <Navigate to={next} replace />
  const isPrivate = site?.mode === 'private'
  const passwordEnabled = site?.password_enabled ?? true
  const mayJoin = passwordEnabled && site?.sign_up !== 'invite'
  const goOn = async () => window.location.assign(next)
  return (
    <SignInFrame>
      <h1 className="text-xl font-semibold text-slate-900">{isSignUp ? 'Create your account' : 'Sign in'}</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600">
        {isPrivate ? `${name} is private to its members. Sign in to continue.` : signInDescription(site, isSignUp)}
      </p>
      <ProviderButtons passwordsOn={passwordEnabled} callbackURL={next} />
      {passwordEnabled && (isSignUp ? <SignUpFormView onDone={goOn} /> : <SignInFormView onDone={goOn} />)}
      {mayJoin && (
        <p className="mt-4 text-center text-sm text-slate-600">
          {isSignUp ? 'Already have an account? ' : 'New here? '}
          <Button variant="link" onClick={() => setMode(isSignUp ? 'sign-in' : 'sign-up')}>
            {isSignUp ? 'Sign in' : 'Create an account'}
          </Button>
        </p>
      )}
      {passwordEnabled && site?.sign_up === 'invite' && (
        <p className="mt-4 text-center text-sm text-slate-600">
          New here? Sign-up is by invitation only. Ask an admin to invite you.
        </p>
      )}
    </SignInFrame>
  )
}

/** Signed in on a private site, the address not verified yet: where the link went, Resend, and a way out. */
function VerifyFirst({ name, email }: { name: string; email: string }) {
  return (
    <SignInFrame>
      <h1 className="text-xl font-semibold text-slate-900">Verify your e-mail address</h1>
      <p className="mt-2 break-words text-sm text-slate-600">
        {name} opens once your address is verified. We sent a link to{' '}
        <span className="font-medium text-slate-900">{email}</span>: open it, then come back here.
      </p>
      <div className="mt-6 flex flex-col items-center gap-4 text-sm text-slate-600">
        <ResendButton />
        <a href="/users/logout" className="text-brand-700 underline-offset-2 hover:underline">
          Sign out
        </a>
      </div>
    </SignInFrame>
  )
}

/** The sign-in screen's frame: the site's name over a card, nothing of the directory. */
function SignInFrame({ children }: { children: ReactNode }) {
  return (
    <PrivateSiteFrame>
      <div className="mx-auto mt-6 max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        {children}
      </div>
    </PrivateSiteFrame>
  )
}
