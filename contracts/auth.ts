// Sign-in and sign-up forms (the server side is Better Auth, which enforces the same limits).
import { z } from 'zod'
import { Username } from './owners.ts'
import { PASSWORD_MIN } from './users.ts'

export const SignInForm = z.object({
  email: z.string().trim().email('is invalid'),
  password: z.string().min(1, "can't be blank"),
})
export type SignInForm = z.infer<typeof SignInForm>

/** "Forgot password?": the address a reset link goes to (decision 074). */
export const ForgotPasswordForm = SignInForm.pick({ email: true })
export type ForgotPasswordForm = z.infer<typeof ForgotPasswordForm>

export const SignUpForm = z.object({
  name: z.string().trim().min(1, "can't be blank").max(60, 'is too long (maximum is 60 characters)'),
  username: Username,
  email: z.string().trim().email('is invalid'),
  password: z
    .string()
    .min(PASSWORD_MIN, `is too short (minimum is ${PASSWORD_MIN} characters)`)
    .max(128, 'is too long (maximum is 128 characters)'),
})
export type SignUpForm = z.infer<typeof SignUpForm>

/**
 * Where Better Auth sends the browser back when a sign-in through a provider (GitHub, single sign-on) fails, with
 * `?error=<code>`: a page that says what happened (web/src/app/pages/sign-in-error-page.tsx).
 */
export const SIGN_IN_ERROR_PATH = '/users/sign-in-error'

/** Codes of our own refusals of a new account, in the error envelope's error_msg and the error page's ?error=. */
export const SIGN_UP_REFUSALS = {
  /** SIGNUP_MODE=domains and the address is at none of SIGNUP_EMAIL_DOMAINS. */
  domain: 'SIGN_UP_DOMAIN_NOT_ALLOWED',
  /** The single sign-on provider does not vouch for the address (email_verified is not true). */
  unverifiedSsoEmail: 'SSO_EMAIL_NOT_VERIFIED',
} as const

/** Code of the refusal of password sign-in, sign-up and password changes when SSO_ONLY is set. */
export const PASSWORDS_OFF = 'PASSWORDS_TURNED_OFF'

/** "Sign-up is limited to addresses at example.com." (issue 17), several domains joined by "or". */
export function signUpDomainsMessage(domains: readonly string[]): string {
  const listed = domains.length > 1 ? `${domains.slice(0, -1).join(', ')} or ${domains.at(-1)}` : (domains[0] ?? '')
  return `Sign-up is limited to addresses at ${listed}.`
}

/** The refusal of anything done with a password on an SSO_ONLY site. */
export function passwordsOffMessage(ssoName: string): string {
  return `Passwords are turned off on this site: sign in with ${ssoName}.`
}
