// First-party analytics: the one way to record an event, from the web (POST /api/v1/analytics/track) or from
// another module server-side (`await track(db, 'stack.created', { stack_id }, user.id)`).
import type { Db } from '../../db/client.ts'
import { analyticsEvents } from '../../db/schema/index.ts'

export async function track(
  db: Db,
  name: string,
  properties: Record<string, unknown> = {},
  userId?: number | null,
): Promise<void> {
  await db.insert(analyticsEvents).values({ name, properties, userId: userId ?? null })
}
