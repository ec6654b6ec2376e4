// POST /api/v1/onboarding/submit_basic_information: names, company, job title, photo, newsletter (spec §7).
import type { SubmitBasicInformationBody } from '#contracts/onboarding.ts'
import { apiFetch } from '../../../lib/api.ts'

export function submitBasicInformation(user: SubmitBasicInformationBody['user']) {
  const body: SubmitBasicInformationBody = { user }
  return apiFetch('/api/v1/onboarding/submit_basic_information', { method: 'POST', body })
}
