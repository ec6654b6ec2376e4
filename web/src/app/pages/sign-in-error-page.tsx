// /users/sign-in-error?error=<code>: where Better Auth sends the browser back when a sign-in through a provider
// (single sign-on, GitHub) fails (SIGN_IN_ERROR_PATH, server/auth/auth.ts). It says what happened in words chosen
// here for each code; the URL's error_description is never shown, so a crafted link cannot put its own text on the
// site (decision 051).
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { SIGN_UP_REFUSALS, signUpDomainsMessage } from '#contracts/auth.ts'
import type { SiteInfo } from '#contracts/site.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { useDocumentTitle } from '../../lib/document-title.ts'
import { useSignInModal } from '../../lib/session.tsx'
import { siteQuery } from '../../lib/site.ts'

/** What each code means to the person, with the provider's name (OIDC_NAME) where the provider is the cause. */
function explain(code: string, site: SiteInfo | undefined): string {
  const provider = site?.sso_name ?? 'the sign-in provider'
  switch (code) {
    case SIGN_UP_REFUSALS.domain:
      return site?.sign_up_domains.length
        ? signUpDomainsMessage(site.sign_up_domains)
        : 'Sign-up is limited to addresses of certain domains.'
    case SIGN_UP_REFUSALS.unverifiedSsoEmail:
    case 'email_not_verified':
      return `${provider} did not confirm that the e-mail address of your account there is yours, so no account was made here. Ask your administrator to verify it, then try again.`
    case 'account_not_linked':
    case 'unable_to_link_account':
      return 'An account with this e-mail address already exists here, and one of the two addresses is not verified, so they were not joined. Sign in to that account as you did before and verify its address, then try again.'
    case 'email_not_found':
      return `${provider} did not give an e-mail address for your account, and an account here needs one.`
    case 'state_mismatch':
    case 'state_security_mismatch':
    case 'state_not_found':
    case 'please_restart_the_process':
    case 'invalid_callback_request':
    case 'no_code':
      return 'The sign-in could not be matched to this browser: it took too long, or it was started in another window or browser. Please start again from here.'
    case 'invalid_code':
    case 'unable_to_get_user_info':
    case 'issuer_mismatch':
    case 'nonce_binding_missing':
      return `The answer from ${provider} could not be verified, so you were not signed in. Please try again; if it keeps happening, tell your administrator.`
    case 'access_denied':
      return 'The sign-in was cancelled.'
    case 'signup_disabled':
      return 'New accounts cannot be made this way on this site.'
    default:
      return 'Something went wrong while signing you in, and you were not signed in. Please try again.'
  }
}

export default function SignInErrorPage() {
  useDocumentTitle('Sign-in did not work')
  const [params] = useSearchParams()
  const { data: site } = useQuery(siteQuery)
  const modal = useSignInModal()
  const code = params.get('error') ?? ''
  return (
    <div className="mx-auto flex max-w-xl flex-col px-4 py-16 sm:py-24">
      <h1 className="text-2xl font-semibold text-slate-900">Sign-in did not work</h1>
      <Alert tone="error" className="mt-6">
        {explain(code, site)}
      </Alert>
      <div className="mt-8 flex flex-wrap gap-3">
        <Button onClick={() => modal.open()}>Try again</Button>
        <Link
          to="/"
          className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Go home
        </Link>
      </div>
    </div>
  )
}
