// Who may create an account (issue 17, "Who may join"). Every new account, whatever the way in (the password form,
// GitHub, single sign-on), passes Better Auth's user create hook (auth.ts), which asks refuseNewAccount; signing in to
// an account that exists never comes here. The refusal's message reaches the person: the sign-up form shows it on
// the e-mail field, and a provider's callback lands on the sign-in error page with its code
// (docs/decisions/051-single-sign-on.md).
import type { GenericEndpointContext } from 'better-auth'
import { SIGN_UP_REFUSALS, signUpDomainsMessage } from '#contracts/auth.ts'
import { INVITE_ONLY } from '#contracts/site-invitations.ts'
import type { AppConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { mayCreateAccountByInvitation } from './invite-rule.ts'
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
  /** 422 for the domain rule (a field of the form), 403 for the invite rule */
  status: 403 | 422
}

/** Code of the invite rule's refusal (SIGNUP_MODE=invite). */
export const INVITE_ONLY_CODE = 'SIGN_UP_BY_INVITATION_ONLY'

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
    return { code: SIGN_UP_REFUSALS.domain, message: signUpDomainsMessage(emailDomains), status: 422 }
  }
  return null
}

/**
 * The site's rules asked of an address an account is to hold: on every new account, whatever the way in, and again on
 * every change of an account's address, when it is asked for and when its link is followed (decision 074). The domain
 * rule is about addresses, so it is always asked. The invite rule is about who joins: `admitted` says the account was
 * let in already (it proved the address it joined with, or an invitation's link made it), so only an account that
 * has proved nothing is asked it again, and it must then be invited at its new address.
 */
export async function addressRefusal(
  db: Db,
  config: Pick<AppConfig, 'signup' | 'adminEmails'>,
  email: string,
  { admitted }: { admitted: boolean },
): Promise<SignUpRefusal | null> {
  const domain = await mayCreateAccount(db, config, { email, wayIn: 'password' })
  if (domain) return domain
  if (admitted || (await mayCreateAccountByInvitation(db, config, email))) return null
  return { code: INVITE_ONLY_CODE, message: INVITE_ONLY, status: 403 }
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
 * rest on an address nobody checked. `invited`: the sign-up carries its invitation's link for this very address.
 */
export async function refuseNewAccount(
  db: Db,
  config: Pick<AppConfig, 'signup' | 'oidc' | 'adminEmails'>,
  user: { email: string; emailVerified?: unknown },
  context: GenericEndpointContext | null,
  { invited }: { invited: boolean },
): Promise<SignUpRefusal | null> {
  const wayIn = signUpWayIn(context)
  if (wayIn === 'admin') return null
  if (typeof wayIn === 'object' && wayIn.provider === OIDC_PROVIDER_ID && user.emailVerified !== true) {
    return {
      code: SIGN_UP_REFUSALS.unverifiedSsoEmail,
      message: `${config.oidc?.name ?? 'Single sign-on'} did not confirm that ${user.email} is your address, so no account was made.`,
      status: 422,
    }
  }
  return addressRefusal(db, config, user.email, { admitted: invited })
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
