// Reads and writes of the audit log (decision 050). Rows are only ever inserted (the table's trigger refuses
// anything else); pages go newest first by id, the order events were recorded in, with the last id as the cursor.
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { AuditFilter } from '#contracts/audit.ts'
import type { Db } from '../../db/client.ts'
import { auditEvents, users } from '../../db/schema/index.ts'

export type AuditEventRow = typeof auditEvents.$inferSelect
export type NewAuditEvent = typeof auditEvents.$inferInsert

export async function insertAuditEvent(db: Db, event: NewAuditEvent): Promise<AuditEventRow> {
  const [row] = await db.insert(auditEvents).values(event).returning()
  return row!
}

/** The username an impersonating admin has now (recorded beside their id). */
export async function findUsername(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId))
  return row?.username ?? null
}

/** The day after a YYYY-MM-DD day, at 00:00 UTC: the end of a range that includes the whole `to` day. */
function dayAfter(day: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date
}

function conditionsOf(filter: AuditFilter): SQL[] {
  const conditions: SQL[] = []
  if (filter.actor) conditions.push(eq(auditEvents.actorUsername, filter.actor))
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action))
  if (filter.subject_type) conditions.push(eq(auditEvents.subjectType, filter.subject_type))
  if (filter.from) conditions.push(gte(auditEvents.at, new Date(`${filter.from}T00:00:00.000Z`)))
  if (filter.to) conditions.push(lt(auditEvents.at, dayAfter(filter.to)))
  return conditions
}

/** One page of events matching the filter, older than `before` (an id) when given, newest first. */
export async function listAuditEvents(
  db: Db,
  filter: AuditFilter,
  page: { before?: number; limit: number },
): Promise<AuditEventRow[]> {
  const conditions = conditionsOf(filter)
  if (page.before) conditions.push(lt(auditEvents.id, page.before))
  return db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.id))
    .limit(page.limit)
}

/** The mode the last site.mode_changed event recorded, or null when none was ever recorded. */
export async function findLastRecordedSiteMode(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ mode: sql<string | null>`${auditEvents.details} -> 'after' ->> 'mode'` })
    .from(auditEvents)
    .where(eq(auditEvents.action, 'site.mode_changed'))
    .orderBy(desc(auditEvents.id))
    .limit(1)
  return row?.mode ?? null
}
