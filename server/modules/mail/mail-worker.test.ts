// The outbox on the one job queue (decisions 014 and 065), against a real SMTP server on a loopback port: a message
// and its job are queued in the caller's transaction by one instance and sent once by another instance's worker,
// retried with the outbox's exponential backoff (each next attempt a job of its own), given up on a permanent refusal
// or after the last attempt, and given up by the dead letters when its attempts keep being cut short.
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { mailOutbox } from '../../db/schema/index.ts'
import { rowsOf } from '../../db/statements.ts'
import { createJobQueue, type JobQueue } from '../../queue/job-queue.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { type SmtpReceiver, startSmtpReceiver } from '../../test/smtp-receiver.ts'
import { findMail, insertMail } from './mail.queries.ts'
import { backoffDelay, enqueueMail, MAIL_JOB, mailJobKey } from './mail.service.ts'
import {
  domainOf,
  MAIL_REQUEUE_JOB,
  type MailOutcome,
  type MailWorkerOptions,
  registerMailWorker,
} from './mail-worker.ts'

let ctx: TestContext
let receiver: SmtpReceiver
const queues: JobQueue[] = []
const quiet = { warn() {}, error() {} }

beforeAll(async () => {
  // the app queues mail (it has no SMTP_URL, so no worker of its own); the workers below are other instances
  ctx = await createTestApp()
  receiver = await startSmtpReceiver()
})
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()))
  receiver.messages.length = 0
  receiver.failWith = null
  // each test starts with an empty outbox and no mail jobs left over
  await ctx.app.db.delete(mailOutbox)
  await ctx.app.db.execute(sql`delete from pgboss.job where name like 'mail.%'`)
})
afterAll(async () => {
  await receiver.close()
  await ctx.close()
})

/** Another instance on the same database with SMTP_URL: its job queue, running a mail worker. */
async function startSender(overrides: Partial<MailWorkerOptions> = {}) {
  const queue = createJobQueue({ database: ctx.database, log: quiet, timing: { pollingIntervalSeconds: 0.5 } })
  const outcomes: { outcome: MailOutcome; at: number }[] = []
  registerMailWorker(queue, {
    db: ctx.app.db,
    smtpUrl: receiver.url,
    from: 'Stackatlas <no-reply@stackatlas.test>',
    onOutcome: (outcome) => outcomes.push({ outcome, at: Date.now() }),
    ...overrides,
  })
  await queue.start()
  queues.push(queue)
  return { queue, outcomes }
}

let sequence = 0
function message(overrides: Partial<Parameters<typeof enqueueMail>[2]> = {}) {
  sequence++
  return {
    to: `person${sequence}@example.test`,
    subject: `Hello number ${sequence}`,
    text: `Plain text ${sequence}: https://example.test/a?b=c&d=${'é'.repeat(3)}`,
    html: `<p>HTML ${sequence}</p>`,
    kind: 'test.hello',
    ...overrides,
  }
}

const enqueue = (overrides: Partial<Parameters<typeof enqueueMail>[2]> = {}) =>
  enqueueMail(ctx.app.db, ctx.app.jobQueue, message(overrides)).then((row) => row!)

async function rowOf(id: number) {
  const row = await findMail(ctx.app.db, id)
  if (!row) throw new Error(`no outbox row ${id}`)
  return row
}

/** The message's jobs on the queue, oldest first: their states and when they may start. */
async function jobsOf(id: number) {
  const result = await ctx.app.db.execute(
    sql`select state, start_after from pgboss.job where name = ${MAIL_JOB.name} and singleton_key = ${mailJobKey(id)}
        order by created_on`,
  )
  return rowsOf(result).map((row) => ({ state: String(row.state), startAfter: new Date(row.start_after as string) }))
}

const settled = (id: number, status: 'sent' | 'failed', timeout = 15_000) =>
  vi.waitFor(async () => expect((await rowOf(id)).status).toBe(status), { timeout, interval: 100 })

describe('enqueueMail', () => {
  it('writes the message and its job in the caller’s transaction: neither when it rolls back, both when it commits', async () => {
    const rolledBack = message()
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await enqueueMail(tx, ctx.app.jobQueue, rolledBack)
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, rolledBack.to))).toEqual([])
    const orphans = await ctx.app.db.execute(
      sql`select count(*)::int as count from pgboss.job where name = 'mail.send'`,
    )
    expect(rowsOf(orphans)).toEqual([{ count: 0 }])

    const committed = message()
    const row = await ctx.app.db.transaction((tx) => enqueueMail(tx, ctx.app.jobQueue, committed))
    expect(row).toMatchObject({
      kind: 'test.hello',
      toAddress: committed.to,
      subject: committed.subject,
      textBody: committed.text,
      htmlBody: committed.html,
      status: 'pending',
      attempts: 0,
      sentAt: null,
    })
    expect((await jobsOf(row!.id)).map((job) => job.state)).toEqual(['created'])
  })

  it('keeps one message per dedupe key and answers null for the second', async () => {
    const first = await enqueueMail(ctx.app.db, ctx.app.jobQueue, message({ dedupeKey: 'digest:1:2026-47' }))
    const second = await enqueueMail(ctx.app.db, ctx.app.jobQueue, message({ dedupeKey: 'digest:1:2026-47' }))
    expect(first).not.toBeNull()
    expect(second).toBeNull()
    const rows = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, 'digest:1:2026-47'))
    expect(rows.map((row) => row.id)).toEqual([first!.id])
    expect(await jobsOf(first!.id)).toHaveLength(1)
  })

  it('refuses header lines it must not carry: the ones the worker sets, bad names, line breaks', async () => {
    for (const headers of [
      { Subject: 'x' },
      { 'message-id': '<a@b>' },
      { 'Bad Name': 'x' },
      { 'X-Ok': 'a\r\nBcc: x@y.z' },
    ] as Record<string, string>[]) {
      await expect(enqueueMail(ctx.app.db, ctx.app.jobQueue, message({ headers }))).rejects.toThrow(
        /header not allowed/,
      )
    }
  })

  it('refuses what is not an address or a one-line subject (a programming error, not user input)', async () => {
    await expect(enqueueMail(ctx.app.db, ctx.app.jobQueue, message({ to: 'not an address' }))).rejects.toThrow(
      'not an e-mail address',
    )
    await expect(
      enqueueMail(ctx.app.db, ctx.app.jobQueue, message({ subject: 'two\r\nBcc: x@example.test' })),
    ).rejects.toThrow('subject must be one line')
  })
})

describe('the mail worker', () => {
  it('sends a message queued by one instance from another, and records the Message-ID and the server’s answer', async () => {
    const queued = message()
    const row = await enqueueMail(ctx.app.db, ctx.app.jobQueue, queued)
    const { queue } = await startSender()
    const [received] = await receiver.waitFor(1)
    await settled(row!.id, 'sent')

    expect(received).toMatchObject({
      from: 'no-reply@stackatlas.test',
      to: [queued.to],
      subject: queued.subject,
      text: queued.text,
      html: queued.html,
    })
    const sent = await rowOf(row!.id)
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, claimedUntil: null, claimedBy: queue.workerId })
    expect(sent.lastError).toBeNull()
    expect(sent.sentAt).toBeInstanceOf(Date)
    expect(sent.messageId).toMatch(/^<[0-9a-f-]{36}@stackatlas\.test>$/)
    expect(received!.messageId).toBe(sent.messageId)
    expect(sent.smtpResponse).toMatch(/^250 /)
    expect((await jobsOf(row!.id)).map((job) => job.state)).toEqual(['completed'])
  })

  it('sends the extra headers a message was queued with', async () => {
    await enqueue({
      headers: {
        'List-Unsubscribe': '<https://example.test/u?token=1>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    })
    await startSender()
    const [received] = await receiver.waitFor(1)
    expect(received!.raw).toMatch(/^List-Unsubscribe: <https:\/\/example\.test\/u\?token=1>\r?$/m)
    expect(received!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m)
  })

  it('sends each message once when two instances’ workers run at the same time', async () => {
    const rows = []
    for (let index = 0; index < 12; index++) rows.push(await enqueue())
    const first = await startSender()
    const second = await startSender()
    await receiver.waitFor(12, 30_000)
    for (const row of rows) await settled(row.id, 'sent')
    expect(new Set(receiver.messages.map((received) => received.to[0])).size).toBe(12)
    const sent = await ctx.app.db.select().from(mailOutbox)
    expect(sent.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true)
    // nothing else arrives later
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(receiver.messages).toHaveLength(12)
    expect(first.outcomes.length + second.outcomes.length).toBe(12)
  })

  it('retries a refused message with exponential backoff, each attempt a job queued for its time, then sends it', async () => {
    receiver.failWith = { code: 451, message: 'Try again later' }
    const row = await enqueue()
    const { outcomes } = await startSender({ backoff: { baseMs: 500, maxMs: 2000 } })

    // four refusals: 500 ms, 1 s, 2 s, then the 2 s cap (each up to 10% later)
    await vi.waitFor(() => expect(outcomes).toHaveLength(4), { timeout: 20_000, interval: 50 })
    receiver.failWith = null
    const retrying = await rowOf(row.id)
    expect(retrying).toMatchObject({ status: 'pending', attempts: 4, claimedUntil: null })
    expect(retrying.lastError).toContain('451')
    // the next attempt is a job of its own, waiting for the time the row says
    const waiting = (await jobsOf(row.id)).filter((job) => job.state === 'created')
    expect(waiting).toHaveLength(1)
    expect(Math.abs(waiting[0]!.startAfter.getTime() - retrying.nextAttemptAt.getTime())).toBeLessThan(5)
    const expected = [500, 1000, 2000]
    for (const [index, delay] of expected.entries()) {
      const waited = outcomes[index + 1]!.at - outcomes[index]!.at
      expect(waited).toBeGreaterThanOrEqual(delay - 50)
      expect(waited).toBeLessThan(delay * 1.1 + 1500)
    }

    await receiver.waitFor(1)
    await settled(row.id, 'sent')
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 5, lastError: null })
    expect(outcomes.map((entry) => entry.outcome)).toEqual(['retrying', 'retrying', 'retrying', 'retrying', 'sent'])
  })

  it('gives up at once on a permanent refusal (5xx), and after the last attempt on temporary ones', async () => {
    receiver.failWith = { code: 550, message: 'No such mailbox' }
    const refused = await enqueue()
    const { outcomes } = await startSender({ maxAttempts: 2, backoff: { baseMs: 300, maxMs: 300 } })
    await settled(refused.id, 'failed')
    const failed = await rowOf(refused.id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed.lastError).toContain('550')

    receiver.failWith = { code: 421, message: 'Busy' }
    const busy = await enqueue()
    await settled(busy.id, 'failed')
    expect(await rowOf(busy.id)).toMatchObject({ status: 'failed', attempts: 2 })
    expect((await rowOf(busy.id)).lastError).toContain('421')
    expect(outcomes.map((entry) => entry.outcome)).toEqual(['failed', 'retrying', 'failed'])
    // no attempt is left queued
    expect((await jobsOf(busy.id)).filter((job) => job.state === 'created')).toEqual([])
  })

  it('keeps messages queued while the SMTP server is unreachable, the next attempt queued', async () => {
    const row = await enqueue()
    await startSender({ smtpUrl: 'smtp://127.0.0.1:1' })
    await vi.waitFor(async () => expect((await rowOf(row.id)).attempts).toBe(1), { timeout: 15_000 })
    await vi.waitFor(async () => expect((await rowOf(row.id)).lastError).toMatch(/ECONNREFUSED|connect/i))
    const queued = await rowOf(row.id)
    expect(queued.status).toBe('pending')
    expect(queued.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000)
    expect((await jobsOf(row.id)).filter((job) => job.state === 'created')).toHaveLength(1)
  })

  it('gives a message up through the dead letters when every attempt was cut short', async () => {
    const doomed = await enqueue()
    // what pg-boss does once a job's retries are spent (instances kept dying mid-send): its data goes to the dead letters
    await ctx.app.db.execute(
      sql`delete from pgboss.job where name = 'mail.send' and singleton_key = ${mailJobKey(doomed.id)}`,
    )
    await ctx.app.jobQueue.send(ctx.app.db, { ...MAIL_JOB, name: `${MAIL_JOB.name}.dead` }, { mailId: doomed.id })
    const { outcomes } = await startSender()
    await settled(doomed.id, 'failed')
    expect(await rowOf(doomed.id)).toMatchObject({ status: 'failed', attempts: 0 })
    expect((await rowOf(doomed.id)).lastError).toMatch(/cut short/)
    await vi.waitFor(() => expect(outcomes.map((entry) => entry.outcome)).toEqual(['failed']))
    expect(receiver.messages).toEqual([])
  })

  it('queues again a message left without a job (queued by an older version), and ignores a job of a sent one', async () => {
    const stranded = await insertMail(ctx.app.db, message())
    await ctx.app.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '10 minutes'` })
      .where(eq(mailOutbox.id, stranded!.id))
    const { queue } = await startSender()
    // the requeue pass, as its schedule runs it every 10 minutes
    await queue.send(ctx.app.db, MAIL_REQUEUE_JOB, {})
    await receiver.waitFor(1)
    await settled(stranded!.id, 'sent')
    // a stray job for the sent message (a second requeue, say) sends nothing more
    await queue.send(ctx.app.db, MAIL_JOB, { mailId: stranded!.id }, { key: mailJobKey(stranded!.id) })
    await vi.waitFor(async () =>
      expect((await jobsOf(stranded!.id)).map((job) => job.state)).toEqual(['completed', 'completed']),
    )
    expect(receiver.messages).toHaveLength(1)
    expect(await rowOf(stranded!.id)).toMatchObject({ attempts: 1 })
  })

  it('runs with the app when SMTP_URL is set and stops when the app closes', async () => {
    const withSmtp = await createTestApp({ smtpUrl: receiver.url })
    try {
      await enqueueMail(withSmtp.app.db, withSmtp.app.jobQueue, message({ subject: 'From the app' }))
      const [received] = await receiver.waitFor(1)
      expect(received!.subject).toBe('From the app')
      await vi.waitFor(async () => {
        const [row] = await withSmtp.app.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'From the app'))
        expect(row!.status).toBe('sent')
      })
    } finally {
      await withSmtp.close()
    }
  })
})

describe('helpers', () => {
  it('doubles the delay from the base up to the cap, with at most 10% jitter', () => {
    const options = { baseMs: 30_000, maxMs: 3_600_000 }
    expect([1, 2, 3, 4, 8, 20].map((attempt) => backoffDelay(attempt, options, () => 0))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ])
    expect(backoffDelay(1, options, () => 1)).toBe(33_000)
  })

  it('takes the Message-ID domain from MAIL_FROM', () => {
    expect(domainOf('Stackatlas <No-Reply@Example.org>')).toBe('example.org')
    expect(domainOf('no-reply@mail.example.org')).toBe('mail.example.org')
    expect(domainOf('nobody')).toBe('localhost')
  })
})
