// POST /api/v1/onboarding/submit_basic_information: names, company, job title, photo, newsletter (spec §7).
import type { z } from 'zod'
import type { BasicInformationResponse, SubmitBasicInformationBody } from '#contracts/onboarding.ts'
import { apiFetch } from '../../../lib/api.ts'

/** Answers what was saved. */
export function submitBasicInformation(user: SubmitBasicInformationBody['user']) {
  const body: SubmitBasicInformationBody = { user }
  return apiFetch<z.infer<typeof BasicInformationResponse>>('/api/v1/onboarding/submit_basic_information', {
    method: 'POST',
    body,
  })
}
