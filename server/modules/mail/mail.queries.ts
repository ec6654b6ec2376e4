// The outbox's SQL: enqueue, claim with a lease (FOR UPDATE SKIP LOCKED), settle a claim, and the admin listing.
import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import { MAIL_PER_PAGE, type MailStatus } from '#contracts/mail.ts'
import type { Db } from '../../db/client.ts'
import { mailOutbox } from '../../db/schema/index.ts'

export type MailRow = typeof mailOutbox.$inferSelect

/** The NOTIFY channel that wakes workers when a transaction that queued mail commits. */
export const MAIL_CHANNEL = 'mail_outbox'

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
  // NOTIFY inside a transaction is delivered when it commits, and dropped if it rolls back.
  if (row) await db.execute(sql`select pg_notify(${MAIL_CHANNEL}, ${String(row.id)})`)
  return row ?? null
}

/**
 * Takes up to `limit` due messages for `workerId` until `now + leaseMs`, in one short transaction: pending, due, and
 * either never claimed or whose previous claim expired (its worker died). SKIP LOCKED lets concurrent workers take
 * disjoint rows instead of waiting on each other; the lease is what hands a dead worker's rows to the living.
 */
export async function claimDueMail(
  db: Db,
  workerId: string,
  options: { limit: number; leaseMs: number; messageIdDomain: string },
) {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(options.limit)
      .for('update', { skipLocked: true })
    return tx
      .update(mailOutbox)
      .set({
        claimedBy: workerId,
        claimedUntil: sql`now() + make_interval(secs => ${options.leaseMs / 1000})`,
        attempts: sql`${mailOutbox.attempts} + 1`,
        // Fixed at the first claim, so a re-send after a crash carries the same Message-ID (receivers may fold
        // duplicates by it).
        messageId: sql`coalesce(${mailOutbox.messageId}, '<' || gen_random_uuid() || '@' || ${options.messageIdDomain} || '>')`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning()
  })
}

/** Settles a claim only while this worker still holds it: a worker whose lease ran out must not overwrite. */
function heldBy(id: number, workerId: string) {
  return and(eq(mailOutbox.id, id), eq(mailOutbox.claimedBy, workerId), eq(mailOutbox.status, 'pending'))
}

export async function markMailSent(db: Db, id: number, workerId: string, smtpResponse: string) {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, smtpResponse, claimedUntil: null, lastError: null })
    .where(heldBy(id, workerId))
}

/**
 * The heartbeat of a send in progress: pushes the claim `leaseMs` further while this worker still holds it. False when
 * it no longer does (its lease ran out and another worker may have taken the message).
 */
export async function renewMailClaim(db: Db, id: number, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(heldBy(id, workerId))
    .returning({ id: mailOutbox.id })
  return rows.length > 0
}

/** A worker shutting down hands back what it still holds, so another instance sends it now rather than at expiry. */
export async function releaseMailClaims(db: Db, workerId: string): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ claimedBy: null, claimedUntil: null })
    .where(and(eq(mailOutbox.claimedBy, workerId), eq(mailOutbox.status, 'pending')))
    .returning({ id: mailOutbox.id })
  return rows.length
}

/** A failed attempt: retry after `retryInMs`, or give up (`retryInMs` null). */
export async function markMailAttemptFailed(
  db: Db,
  id: number,
  workerId: string,
  error: string,
  retryInMs: number | null,
) {
  await db
    .update(mailOutbox)
    .set(
      retryInMs === null
        ? { status: 'failed', lastError: error, claimedUntil: null }
        : {
            lastError: error,
            claimedUntil: null,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
          },
    )
    .where(heldBy(id, workerId))
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
  if (row) await db.execute(sql`select pg_notify(${MAIL_CHANNEL}, ${String(row.id)})`)
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
