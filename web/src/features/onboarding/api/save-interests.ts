// POST /api/v1/onboarding/interests: the areas of interest map (spec §7).
import type { Interests, SaveInterestsBody } from '#contracts/onboarding.ts'
import { apiFetch } from '../../../lib/api.ts'

export function saveInterests(interests: Interests): Promise<Interests> {
  const body: SaveInterestsBody = { interests }
  return apiFetch('/api/v1/onboarding/interests', { method: 'POST', body })
}
