import { count, desc, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { analyticsEvents } from '../../db/schema/index.ts'

const since = (days: number) =>
  sql<number>`count(*) filter (where ${analyticsEvents.createdAt} >= now() - make_interval(days => ${days}))`.mapWith(
    Number,
  )

/** Events per name over the last 7 and 30 days and all time, most frequent first. */
export async function countEventsByName(db: Db) {
  return db
    .select({
      name: analyticsEvents.name,
      last7Days: since(7),
      last30Days: since(30),
      allTime: count(),
    })
    .from(analyticsEvents)
    .groupBy(analyticsEvents.name)
    .orderBy(desc(count()), analyticsEvents.name)
}
