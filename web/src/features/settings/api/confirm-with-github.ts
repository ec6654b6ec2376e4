// POST /api/auth/sign-in/social: signs in again with GitHub and comes back to `returnTo`; a fresh sign-in is what
// accounts without a password show before changing their e-mail or setting a password (decision 024).
import { safeNextPath } from '#contracts/sign-in.ts'
import { apiFetch } from '../../../lib/api.ts'

export async function confirmWithGithub(returnTo: string): Promise<void> {
  const { url } = await apiFetch<{ url: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'github', callbackURL: safeNextPath(returnTo) },
  })
  window.location.assign(url)
}
