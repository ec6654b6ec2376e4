// POST /api/v1/onboarding/finish: the wizard is left; the user is no longer sent back to it.
import { apiFetch } from '../../../lib/api.ts'

export function finishOnboarding(): Promise<{ onboarded: true }> {
  return apiFetch('/api/v1/onboarding/finish', { method: 'POST', body: {} })
}
