// The outbox's SQL: enqueue, start and settle an attempt (its job claimed on the job queue: mail-worker.ts), and the
// admin listing.
import { and, asc, count, desc, eq, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import { MAIL_PER_PAGE, type MailStatus } from '#contracts/mail.ts'
import type { Db } from '../../db/client.ts'
import { mailOutbox } from '../../db/schema/index.ts'

export type MailRow = typeof mailOutbox.$inferSelect

export async function insertMail(
  db: Db,
  values: {
    kind: string
    to: string
    subject: string
    text: string
    html?: string | null
    dedupeKey?: string
    headers?: Record<string, string>
  },
): Promise<MailRow | null> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: values.kind,
      toAddress: values.to,
      subject: values.subject,
      textBody: values.text,
      htmlBody: values.html ?? null,
      dedupeKey: values.dedupeKey ?? null,
      headers: values.headers ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning()
  return row ?? null
}

/**
 * Starts an attempt at a message whose job this worker claimed: one more attempt, this worker's name on it until the
 * attempt's longest time, and its Message-ID fixed at the first attempt, so a re-send after a crash carries the same
 * one (receivers may fold duplicates by it). Answers null when the message is no longer pending or not due yet.
 */
export async function startMailAttempt(
  db: Db,
  id: number,
  workerId: string,
  options: { holdSeconds: number; messageIdDomain: string },
): Promise<MailRow | null> {
  const [row] = await db
    .update(mailOutbox)
    .set({
      claimedBy: workerId,
      claimedUntil: sql`now() + make_interval(secs => ${options.holdSeconds})`,
      attempts: sql`${mailOutbox.attempts} + 1`,
      messageId: sql`coalesce(${mailOutbox.messageId}, '<' || gen_random_uuid() || '@' || ${options.messageIdDomain} || '>')`,
    })
    // a second of slack: a job queued for the next attempt's time may be claimed a hair before it by another clock
    .where(
      and(
        eq(mailOutbox.id, id),
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.nextAttemptAt, sql`now() + interval '1 second'`),
      ),
    )
    .returning()
  return row ?? null
}

/**
 * Settles an attempt only while this worker still holds it: a worker whose job was handed to another instance (its
 * heartbeat stopped, or it stopped past its grace) must not overwrite that instance's outcome.
 */
function heldBy(id: number, workerId: string) {
  return and(eq(mailOutbox.id, id), eq(mailOutbox.claimedBy, workerId), eq(mailOutbox.status, 'pending'))
}

export async function markMailSent(db: Db, id: number, workerId: string, smtpResponse: string) {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, smtpResponse, claimedUntil: null, lastError: null })
    .where(heldBy(id, workerId))
}

/** A failed attempt: retry at `retryAt`, or give up (`retryAt` null). Answers whether this worker still held it. */
export async function markMailAttemptFailed(
  db: Db,
  id: number,
  workerId: string,
  error: string,
  retryAt: Date | null,
): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set(
      retryAt === null
        ? { status: 'failed', lastError: error, claimedUntil: null }
        : { lastError: error, claimedUntil: null, nextAttemptAt: retryAt },
    )
    .where(heldBy(id, workerId))
    .returning({ id: mailOutbox.id })
  return rows.length > 0
}

/** An attempt given up by its instance (stopping): the message is nobody's until another instance starts one. */
export async function releaseMailAttempt(db: Db, id: number, workerId: string): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ claimedBy: null, claimedUntil: null })
    .where(heldBy(id, workerId))
    .returning({ id: mailOutbox.id })
  return rows.length > 0
}

/** The dead letters' verdict: every attempt was cut short (its instance kept dying), so the message is given up. */
export async function markMailGivenUp(db: Db, id: number, error: string) {
  await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: sql`coalesce(${mailOutbox.lastError}, ${error})`, claimedUntil: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')))
}

/**
 * Pending messages due for a while and held by no attempt: queued before their jobs existed (an older version, or a
 * job dropped after a year with no SMTP_URL anywhere), whose job the requeue pass queues again.
 */
export async function listStrandedMail(db: Db, options: { dueForSeconds: number; limit: number }) {
  return db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.nextAttemptAt, sql`now() - make_interval(secs => ${options.dueForSeconds})`),
        or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(options.limit)
}

/**
 * The queue as /metrics reports it, in one statement: pending messages (claimed by a worker or not), how long the
 * oldest unclaimed one has been due, and the messages queued in the last 24 hours that were given up on. Pending rows
 * come from the workers' partial index and the failed ones from the created_at index, so the cost follows the queue
 * and a day's mail, not the outbox's whole history.
 */
export async function readOutboxDepth(db: Db) {
  const unclaimed = sql`(${mailOutbox.claimedUntil} is null or ${mailOutbox.claimedUntil} <= now())`
  const [depth] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${unclaimed})`.mapWith(Number),
      claimed: sql<number>`count(*) filter (where not ${unclaimed})`.mapWith(Number),
      oldestDueSeconds: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.nextAttemptAt})
        filter (where ${unclaimed} and ${mailOutbox.nextAttemptAt} <= now())), 0)`.mapWith(Number),
      failedLastDay: sql<number>`(select count(*) from ${mailOutbox}
        where ${mailOutbox.createdAt} > now() - interval '1 day' and ${mailOutbox.status} = 'failed')`.mapWith(Number),
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'))
  return depth!
}

/** An admin's "try again" on a message the worker gave up on. */
export async function requeueFailedMail(db: Db, id: number): Promise<MailRow | null> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, claimedUntil: null, claimedBy: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning()
  return row ?? null
}

export async function listMail(db: Db, query: { status?: MailStatus; to?: string; page: number }) {
  const conditions: SQL[] = []
  if (query.status) conditions.push(eq(mailOutbox.status, query.status))
  if (query.to) {
    conditions.push(ilike(mailOutbox.toAddress, `%${query.to.replace(/[\\%_]/g, (character) => `\\${character}`)}%`))
  }
  const where = and(...conditions)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(MAIL_PER_PAGE)
      .offset((query.page - 1) * MAIL_PER_PAGE),
    db.select({ value: count() }).from(mailOutbox).where(where),
  ])
  return { rows, total: total?.value ?? 0 }
}

export async function findMail(db: Db, id: number): Promise<MailRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
  return row ?? null
}
