// POST /api/v1/stacks/create with onboarding true: the personal 'My Stack' (spec §7).
import type { CreateStackBody, CreateStackResponse } from '#contracts/stacks.ts'
import { apiFetch } from '../../../lib/api.ts'

export function createOnboardingStack(input: { name: string; services: number[]; userId: number }) {
  const body: CreateStackBody = {
    onboarding: true,
    stack: { name: input.name, services: input.services, owner: { type: 'User', id: input.userId } },
  }
  return apiFetch<CreateStackResponse>('/api/v1/stacks/create', { method: 'POST', body })
}
