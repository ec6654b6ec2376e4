import type { AnalyticsCountsResponse } from '#contracts/analytics.ts'
import type { countEventsByName } from './analytics.queries.ts'

export function presentEventCounts(rows: Awaited<ReturnType<typeof countEventsByName>>): AnalyticsCountsResponse {
  const events = rows.map((row) => ({
    name: row.name,
    last_7_days: row.last7Days,
    last_30_days: row.last30Days,
    all_time: row.allTime,
  }))
  const sum = (key: 'last_7_days' | 'last_30_days' | 'all_time') =>
    events.reduce((total, event) => total + event[key], 0)
  return {
    events,
    totals: { last_7_days: sum('last_7_days'), last_30_days: sum('last_30_days'), all_time: sum('all_time') },
  }
}
