// POST /api/auth/sign-in/social: signs in again through the account's own provider (the site's single sign-on or
// GitHub) and comes back to `returnTo`. A fresh sign-in is what accounts without a password show before changing their
// e-mail or setting a password (decisions 024, 081).
import { safeNextPath } from '#contracts/sign-in.ts'
import type { SignInProvider } from '#contracts/users.ts'
import { apiFetch } from '../../../lib/api.ts'

export async function confirmSignIn(provider: Exclude<SignInProvider, 'password'>, returnTo: string): Promise<void> {
  const { url } = await apiFetch<{ url: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider, callbackURL: safeNextPath(returnTo) },
  })
  window.location.assign(url)
}
