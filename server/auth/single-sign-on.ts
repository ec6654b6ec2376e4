// OpenID Connect single sign-on (issue 17) through Better Auth's generic OAuth plugin, from the four OIDC_* settings:
// discovery, the authorization code flow with PKCE, `state` bound to the browser, and an ID token whose signature,
// issuer, audience and `nonce` are checked against the provider's discovery document and keys. SSO_ONLY turns every
// password endpoint off. docs/decisions/051-single-sign-on.md, docs/single-sign-on.md (providers' settings).
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { genericOAuth } from 'better-auth/plugins'
import { PASSWORDS_OFF, passwordsOffMessage } from '#contracts/auth.ts'
import type { AppConfig } from '../config.ts'

/** The provider id: the callback is BASE_URL/api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = 'oidc'

export const OIDC_SCOPES = ['openid', 'email', 'profile']

/** The discovery document's address (OpenID Connect Discovery 1.0: the issuer plus a fixed path). */
export const discoveryUrlOf = (issuer: string) => `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`

export function singleSignOnPlugin(oidc: NonNullable<AppConfig['oidc']>) {
  return genericOAuth({
    config: [
      {
        providerId: OIDC_PROVIDER_ID,
        name: oidc.name,
        discoveryUrl: discoveryUrlOf(oidc.issuer),
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        scopes: OIDC_SCOPES,
        pkce: true,
        // No ID token check, no sign-in: without the issuer and keys from discovery the plugin would only decode the
        // token, so the provider is left out (and discovery retried at the next sign-in) until they are there.
        requireIdTokenVerification: true,
        mapProfileToUser: mapOidcProfile,
      },
    ],
  })
}

const ID_TOKEN_REFUSAL = 'Single sign-on goes through the sign-in page of the provider.'

/** Our refusals as Better Auth logs them: the client's doing, logged as info like its other refusals (decision 035). */
export function isSignInRefusal(message: string): boolean {
  return message === ID_TOKEN_REFUSAL || /^Passwords are turned off on this site: /.test(message)
}

/**
 * What the provider's claims add to the user Better Auth builds. The username is only a wish, like GitHub's login:
 * the create hook (auth.ts) makes a valid free handle of it; Entra ID and others send an address as
 * preferred_username, whose local part is the wish then. Entra ID sends no email_verified: its optional claim
 * xms_edov ("e-mail domain owner verified") vouches for the address instead, when the tenant adds it to the ID token.
 */
export function mapOidcProfile(profile: Record<string, unknown>): { displayUsername?: string; emailVerified?: true } {
  const preferred = typeof profile.preferred_username === 'string' ? profile.preferred_username : ''
  const wish = (preferred || (typeof profile.email === 'string' ? profile.email : '')).split('@')[0] ?? ''
  const domainOwnerVerified =
    profile.email_verified === undefined && (profile.xms_edov === true || profile.xms_edov === 'true')
  return { ...(wish ? { displayUsername: wish } : {}), ...(domainOwnerVerified ? { emailVerified: true } : {}) }
}

/** Better Auth endpoints that take or set a password: refused when SSO_ONLY is set. */
const PASSWORD_PATHS = new Set([
  '/sign-in/email',
  '/sign-in/username',
  '/sign-up/email',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
  '/set-password',
])

/**
 * Refusals before Better Auth acts: every password endpoint when SSO_ONLY is set (403 in the envelope, with the
 * reason), and an ID token handed to /sign-in/social, which would sign in with a token minted for another flow,
 * past this browser's `state` and PKCE: single sign-on goes through the redirect only.
 */
export function singleSignOnGuard(config: Pick<AppConfig, 'ssoOnly' | 'oidc'>) {
  return createAuthMiddleware(async (ctx) => {
    if (config.ssoOnly && PASSWORD_PATHS.has(ctx.path)) {
      throw new APIError('FORBIDDEN', { message: passwordsOffMessage(config.oidc?.name ?? 'SSO'), code: PASSWORDS_OFF })
    }
    const body = ctx.body as { provider?: unknown; idToken?: unknown } | undefined
    if (ctx.path === '/sign-in/social' && body?.provider === OIDC_PROVIDER_ID && body.idToken !== undefined) {
      throw new APIError('BAD_REQUEST', {
        message: ID_TOKEN_REFUSAL,
        code: 'ID_TOKEN_SIGN_IN_REFUSED',
      })
    }
  })
}
