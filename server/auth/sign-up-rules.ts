// Who may create an account (issue 17, "Who may join"). Every new account, whatever the way in (the password form,
// GitHub, single sign-on), passes Better Auth's user create hook (auth.ts), which asks refuseNewAccount; signing in to
// an account that exists never comes here. The refusal's message reaches the person: the sign-up form shows it on
// the e-mail field, and a provider's callback lands on the sign-in error page with its code
// (docs/decisions/051-single-sign-on.md).
import type { GenericEndpointContext } from 'better-auth'
import { SIGN_UP_REFUSALS, signUpDomainsMessage } from '#contracts/auth.ts'
import type { AppConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { OIDC_PROVIDER_ID } from './single-sign-on.ts'

/** How a new account is being made: a provider id ('github', 'oidc'), the password form, or an admin. */
export type WayIn = 'password' | 'admin' | { provider: string }

export interface SignUpAttempt {
  /** The address the account would have, lower-cased by Better Auth. */
  email: string
  wayIn: WayIn
}

export interface SignUpRefusal {
  /** SIGN_UP_REFUSALS: the envelope's error_msg and the error page's ?error= */
  code: string
  message: string
}

/**
 * The site's rules for a new account. `invite` mode (SIGNUP_MODE=invite) is decided by the invitations of the
 * verification part of issue 17, which extends this function; until then it refuses no one here.
 */
export async function mayCreateAccount(
  _db: Db,
  config: Pick<AppConfig, 'signup'>,
  attempt: SignUpAttempt,
): Promise<SignUpRefusal | null> {
  const { mode, emailDomains } = config.signup
  if (mode === 'domains' && !isAddressAtDomains(attempt.email, emailDomains)) {
    return { code: SIGN_UP_REFUSALS.domain, message: signUpDomainsMessage(emailDomains) }
  }
  return null
}

/**
 * Whether the address is at one of the domains, exactly: a subdomain (eng.example.com) is not example.com, since a
 * company may hand subdomains to others (decision 051).
 */
export function isAddressAtDomains(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@')
  if (at < 1) return false
  return domains.includes(email.slice(at + 1).toLowerCase())
}

/**
 * The create hook's question: may this user row be created? Accounts an admin creates are not sign-ups; a single
 * sign-on identity must come with an address its provider vouches for (email_verified), or the domain rule would
 * rest on an address nobody checked.
 */
export async function refuseNewAccount(
  db: Db,
  config: Pick<AppConfig, 'signup' | 'oidc'>,
  user: { email: string; emailVerified?: unknown },
  context: GenericEndpointContext | null,
): Promise<SignUpRefusal | null> {
  const wayIn = signUpWayIn(context)
  if (wayIn === 'admin') return null
  if (typeof wayIn === 'object' && wayIn.provider === OIDC_PROVIDER_ID && user.emailVerified !== true) {
    return {
      code: SIGN_UP_REFUSALS.unverifiedSsoEmail,
      message: `${config.oidc?.name ?? 'Single sign-on'} did not confirm that ${user.email} is your address, so no account was made.`,
    }
  }
  return mayCreateAccount(db, config, { email: user.email, wayIn })
}

/**
 * Which Better Auth endpoint is making the user: the OAuth callback (/callback/:id) and the ID-token sign-in
 * (/sign-in/social) name their provider, the admin plugin's create-user is an admin's act; anything else, the
 * password form included, counts as a sign-up by password, so an unknown way in is held to the rules too.
 */
export function signUpWayIn(context: GenericEndpointContext | null): WayIn {
  const path = context?.path ?? ''
  if (path === '/admin/create-user') return 'admin'
  const params = context?.params as { id?: unknown } | undefined
  if (path.startsWith('/callback/') && typeof params?.id === 'string') return { provider: params.id }
  const body = context?.body as { provider?: unknown } | undefined
  if (path === '/sign-in/social' && typeof body?.provider === 'string') return { provider: body.provider }
  return 'password'
}
