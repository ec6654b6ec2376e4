// The outbox and its worker against a real SMTP server on a loopback port: queued in the caller's transaction, sent
// once, retried with exponential backoff, never lost when a worker dies between claiming and sending.
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Listen } from '../../db/client.ts'
import { mailOutbox } from '../../db/schema/index.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { type SmtpReceiver, startSmtpReceiver } from '../../test/smtp-receiver.ts'
import { claimDueMail, findMail, markMailSent } from './mail.queries.ts'
import { backoffDelay, enqueueMail } from './mail.service.ts'
import { createMailWorker, domainOf, type MailWorker, type MailWorkerOptions } from './mail-worker.ts'

let ctx: TestContext
/** Which database this run uses (TEST_DATABASE_URL selects PostgreSQL), known before the app is built. */
const databaseKind = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')
let receiver: SmtpReceiver
const workers: MailWorker[] = []

beforeAll(async () => {
  ctx = await createTestApp()
  receiver = await startSmtpReceiver()
})
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()))
  receiver.messages.length = 0
  receiver.failWith = null
  // each test starts with an empty outbox
  await ctx.app.db.delete(mailOutbox)
})
afterAll(async () => {
  await receiver.close()
  await ctx.close()
})

function worker(overrides: Partial<MailWorkerOptions> = {}) {
  const created = createMailWorker({
    db: ctx.app.db,
    smtpUrl: receiver.url,
    from: 'Stackatlas <no-reply@stackatlas.test>',
    ...overrides,
  })
  workers.push(created)
  return created
}

let sequence = 0
function message(overrides: Partial<Parameters<typeof enqueueMail>[1]> = {}) {
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

async function rowOf(id: number) {
  const row = await findMail(ctx.app.db, id)
  if (!row) throw new Error(`no outbox row ${id}`)
  return row
}

describe('enqueueMail', () => {
  it('writes the message in the caller’s transaction: nothing when it rolls back, one pending row when it commits', async () => {
    const rolledBack = message()
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await enqueueMail(tx, rolledBack)
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, rolledBack.to))).toEqual([])

    const committed = message()
    const row = await ctx.app.db.transaction((tx) => enqueueMail(tx, committed))
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
  })

  it('keeps one message per dedupe key and answers null for the second', async () => {
    const first = await enqueueMail(ctx.app.db, message({ dedupeKey: 'digest:1:2026-47' }))
    const second = await enqueueMail(ctx.app.db, message({ dedupeKey: 'digest:1:2026-47' }))
    expect(first).not.toBeNull()
    expect(second).toBeNull()
    const rows = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, 'digest:1:2026-47'))
    expect(rows.map((row) => row.id)).toEqual([first!.id])
  })

  it('refuses header lines it must not carry: the ones the worker sets, bad names, line breaks', async () => {
    for (const headers of [
      { Subject: 'x' },
      { 'message-id': '<a@b>' },
      { 'Bad Name': 'x' },
      { 'X-Ok': 'a\r\nBcc: x@y.z' },
    ] as Record<string, string>[]) {
      await expect(enqueueMail(ctx.app.db, message({ headers }))).rejects.toThrow(/header not allowed/)
    }
  })

  it('refuses what is not an address or a one-line subject (a programming error, not user input)', async () => {
    await expect(enqueueMail(ctx.app.db, message({ to: 'not an address' }))).rejects.toThrow('not an e-mail address')
    await expect(enqueueMail(ctx.app.db, message({ subject: 'two\r\nBcc: x@example.test' }))).rejects.toThrow(
      'subject must be one line',
    )
  })
})

describe('the mail worker', () => {
  it('sends a queued message over SMTP and records the Message-ID and the server’s answer', async () => {
    const queued = message()
    const row = await enqueueMail(ctx.app.db, queued)
    expect(await worker().runOnce()).toBe(1)

    expect(receiver.messages).toHaveLength(1)
    const [received] = receiver.messages
    expect(received).toMatchObject({
      from: 'no-reply@stackatlas.test',
      to: [queued.to],
      subject: queued.subject,
      text: queued.text,
      html: queued.html,
    })
    const sent = await rowOf(row!.id)
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, claimedUntil: null, lastError: null })
    expect(sent.sentAt).toBeInstanceOf(Date)
    expect(sent.messageId).toMatch(/^<[0-9a-f-]{36}@stackatlas\.test>$/)
    expect(received!.messageId).toBe(sent.messageId)
    expect(sent.smtpResponse).toMatch(/^250 /)
    // nothing left to do
    expect(await workers[0]!.runOnce()).toBe(0)
    expect(receiver.messages).toHaveLength(1)
  })

  it('sends the extra headers a message was queued with', async () => {
    await enqueueMail(
      ctx.app.db,
      message({
        headers: {
          'List-Unsubscribe': '<https://example.test/u?token=1>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      }),
    )
    await worker().runOnce()
    const [received] = await receiver.waitFor(1)
    expect(received!.raw).toMatch(/^List-Unsubscribe: <https:\/\/example\.test\/u\?token=1>\r?$/m)
    expect(received!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m)
  })

  it('loses nothing when a worker dies between claiming and sending: the claim expires and another sends it once', async () => {
    const row = await enqueueMail(ctx.app.db, message())
    // Worker "dead" claims the message and crashes before sending (its process is gone: nothing more happens).
    const [claimed] = await claimDueMail(ctx.app.db, 'dead', { limit: 1, leaseMs: 60_000, messageIdDomain: 'x.test' })
    expect(claimed).toMatchObject({ id: row!.id, claimedBy: 'dead', attempts: 1 })

    // While the lease holds, nobody else takes it: the dead worker might still be sending.
    const survivor = worker({ workerId: 'survivor' })
    expect(await survivor.runOnce()).toBe(0)
    expect(receiver.messages).toHaveLength(0)

    // The lease runs out (a minute passes), and the survivor sends it, with the Message-ID fixed at the first claim.
    await ctx.app.db
      .update(mailOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, row!.id))
    expect(await survivor.runOnce()).toBe(1)
    expect(receiver.messages).toHaveLength(1)
    const sent = await rowOf(row!.id)
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, claimedBy: 'survivor' })
    expect(receiver.messages[0]!.messageId).toBe(claimed!.messageId)

    // Had the dead worker only been slow, its late "sent" changes nothing: the claim is no longer its own.
    await markMailSent(ctx.app.db, row!.id, 'dead', '250 late')
    expect((await rowOf(row!.id)).smtpResponse).not.toBe('250 late')
  })

  it('takes a stale claim again after a real (short) lease, as a restarted server would', async () => {
    const row = await enqueueMail(ctx.app.db, message())
    await claimDueMail(ctx.app.db, 'crashed', { limit: 1, leaseMs: 300, messageIdDomain: 'x.test' })
    const restarted = worker()
    expect(await restarted.runOnce()).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(await restarted.runOnce()).toBe(1)
    expect(receiver.messages).toHaveLength(1)
    expect(await rowOf(row!.id)).toMatchObject({ status: 'sent', attempts: 2 })
  })

  it('sends each message once when two workers run at the same time', async () => {
    const rows = []
    for (let index = 0; index < 12; index++) rows.push(await enqueueMail(ctx.app.db, message()))
    const [first, second] = await Promise.all([worker().runOnce(), worker().runOnce()])
    expect(first + second).toBe(12)
    expect(receiver.messages).toHaveLength(12)
    expect(new Set(receiver.messages.map((received) => received.to[0])).size).toBe(12)
    const settled = await ctx.app.db.select().from(mailOutbox)
    expect(settled.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true)
  })

  it('retries a refused message with exponential backoff, then sends it when the server recovers', async () => {
    receiver.failWith = { code: 451, message: 'Try again later' }
    const row = await enqueueMail(ctx.app.db, message())
    const failing = worker({ backoff: { baseMs: 10_000, maxMs: 60_000 } })

    const delays: number[] = []
    for (let attempt = 1; attempt <= 4; attempt++) {
      const before = Date.now()
      expect(await failing.runOnce()).toBe(1)
      const retrying = await rowOf(row!.id)
      expect(retrying).toMatchObject({ status: 'pending', attempts: attempt, claimedUntil: null })
      expect(retrying.lastError).toContain('451')
      delays.push(retrying.nextAttemptAt.getTime() - before)
      // not due yet: a second round sends nothing
      expect(await failing.runOnce()).toBe(0)
      // time passes until it is due
      await ctx.app.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, row!.id))
    }
    // 10 s, 20 s, 40 s, then the 60 s cap (each up to 10% later, plus the time the round took)
    const expected = [10_000, 20_000, 40_000, 60_000]
    delays.forEach((delay, index) => {
      expect(delay).toBeGreaterThanOrEqual(expected[index]! - 1000)
      expect(delay).toBeLessThanOrEqual(expected[index]! * 1.1 + 1000)
    })
    expect(receiver.messages).toHaveLength(0)

    receiver.failWith = null
    expect(await failing.runOnce()).toBe(1)
    expect(receiver.messages).toHaveLength(1)
    expect(await rowOf(row!.id)).toMatchObject({ status: 'sent', attempts: 5, lastError: null })
  })

  it('gives up at once on a permanent refusal (5xx), and after the last attempt on temporary ones', async () => {
    receiver.failWith = { code: 550, message: 'No such mailbox' }
    const refused = await enqueueMail(ctx.app.db, message())
    await worker().runOnce()
    const failed = await rowOf(refused!.id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed.lastError).toContain('550')

    receiver.failWith = { code: 421, message: 'Busy' }
    const busy = await enqueueMail(ctx.app.db, message())
    const limited = worker({ maxAttempts: 2, backoff: { baseMs: 60_000, maxMs: 60_000 } })
    await limited.runOnce()
    expect(await rowOf(busy!.id)).toMatchObject({ status: 'pending', attempts: 1 })
    await ctx.app.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, busy!.id))
    await limited.runOnce()
    expect(await rowOf(busy!.id)).toMatchObject({ status: 'failed', attempts: 2 })
    expect(await limited.runOnce()).toBe(0)
  })

  it('keeps messages queued while the SMTP server is unreachable', async () => {
    const row = await enqueueMail(ctx.app.db, message())
    await worker({ smtpUrl: 'smtp://127.0.0.1:1' }).runOnce()
    const queued = await rowOf(row!.id)
    expect(queued).toMatchObject({ status: 'pending', attempts: 1 })
    expect(queued.lastError).toMatch(/ECONNREFUSED|connect/i)
  })

  it('wakes up for new mail when started (LISTEN/NOTIFY), and stops cleanly', async () => {
    const running = worker({ listen: ctx.database.listen, pollMs: 60_000 })
    await running.start()
    await ctx.app.db.transaction((tx) => enqueueMail(tx, message()))
    await receiver.waitFor(1)
    const started = Date.now()
    await running.stop()
    expect(Date.now() - started).toBeLessThan(5000)
    // stopping twice is harmless, and a stopped worker does not start again
    await running.stop()
    await running.start()
    await enqueueMail(ctx.app.db, message())
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(receiver.messages).toHaveLength(1)
  })

  it('looks for mail once its LISTEN connection is back, since NOTIFYs sent meanwhile reached nobody', async () => {
    let reconnect: (() => void) | undefined
    // a LISTEN that hears nothing, as while its connection is down; onReconnect is what it calls once back
    const deaf: Listen = async (_channel, _onPayload, options) => {
      reconnect = options?.onReconnect
      return async () => {}
    }
    const running = worker({ listen: deaf, pollMs: 600_000 })
    await running.start()
    const row = await enqueueMail(ctx.app.db, message({ subject: 'Queued while deaf' }))
    expect(reconnect).toBeTypeOf('function')
    reconnect!()
    const [received] = await receiver.waitFor(1)
    expect(received!.subject).toBe('Queued while deaf')
    await running.stop() // settles the message in flight
    expect((await rowOf(row!.id)).status).toBe('sent')
  })

  it.skipIf(databaseKind() !== 'postgres')(
    'keeps waking up for new mail after its LISTEN backend is terminated on PostgreSQL',
    async () => {
      const running = worker({ listen: ctx.database.listen, pollMs: 600_000 })
      await running.start()
      const terminated = await ctx.app.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      )
      expect((terminated as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0)
      // queued during the outage or after it: either way it goes out now, not at the 10-minute poll
      await enqueueMail(ctx.app.db, message({ subject: 'After the drop' }))
      const [received] = await receiver.waitFor(1)
      expect(received!.subject).toBe('After the drop')
    },
  )

  it('runs with the app when SMTP_URL is set and stops when the app closes', async () => {
    const withSmtp = await createTestApp({ smtpUrl: receiver.url })
    try {
      await enqueueMail(withSmtp.app.db, message({ subject: 'From the app' }))
      const [received] = await receiver.waitFor(1)
      expect(received!.subject).toBe('From the app')
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
