// POST /api/v1/stacks/update: the existing 'My Stack' gets the chosen services (spec §7).
import type { StackEdit, UpdateStackBody } from '#contracts/stacks.ts'
import { apiFetch } from '../../../lib/api.ts'

export function updateOnboardingStack(input: { id: number; services: number[]; userId: number }) {
  const body: UpdateStackBody = {
    stack: { id: input.id, services: input.services, owner: { type: 'User', id: input.userId } },
  }
  return apiFetch<StackEdit>('/api/v1/stacks/update', { method: 'POST', body })
}
