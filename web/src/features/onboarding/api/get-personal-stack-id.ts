// GET /api/v1/stacks/name_is_available_with_id?owner=personal&name=My Stack (no cache): the id of the user's
// 'My Stack' when it exists (spec §7).
import { apiFetch } from '../../../lib/api.ts'

export async function getPersonalStackId(name: string): Promise<number | null> {
  const answer = await apiFetch<{ available: boolean; stack_id: number | null }>(
    '/api/v1/stacks/name_is_available_with_id',
    { query: { owner: 'personal', name } },
  )
  return answer.available ? null : answer.stack_id
}
