// POST /api/v1/onboarding/start: the wizard was shown, so a later sign-in no longer sends the user to it.
import { apiFetch } from '../../../lib/api.ts'

export function startOnboarding(): Promise<{ started: true }> {
  return apiFetch('/api/v1/onboarding/start', { method: 'POST', body: {} })
}
