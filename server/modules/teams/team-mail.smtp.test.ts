// Team invitations over real SMTP (issue 6 "E-mail"): an app started with SMTP_URL pointing at a real SMTP server on
// a loopback port sends the invitation with its signed link, and the link accepts it. On PostgreSQL, a worker in a
// process of its own is killed with SIGKILL in the middle of sending, as a crash would: the message is not lost, a
// surviving server sends it once, with the Message-ID fixed at the first attempt (decision 014), within about 30 s
// (once the dead worker's job heartbeat is stale, the job queue hands the job over: decision 065).
import { spawn } from 'node:child_process'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'
import { eq, ne, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type App, buildApp } from '../../app.ts'
import type { Database } from '../../db/client.ts'
import { mailOutbox } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildCompany, buildUser } from '../../test/factories.ts'
import { openTestDatabase, testConfig } from '../../test/harness.ts'
import { withDatabase } from '../../test/paths.ts'
import { type SmtpReceiver, startSmtpReceiver, startStallingSmtpServer } from '../../test/smtp-receiver.ts'

const postgresUrl = process.env.TEST_DATABASE_URL
const node = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url))
const workerScript = fileURLToPath(new URL('../../test/mail-worker-process.ts', import.meta.url))

let database: Database
let receiver: SmtpReceiver
beforeAll(async () => {
  database = await openTestDatabase()
  receiver = await startSmtpReceiver()
})
afterAll(async () => {
  await receiver.close()
  await database.close()
})

/** An app on the shared test database; with `smtpUrl`, its mail worker runs (started on ready, stopped on close). */
async function startApp(smtpUrl?: string): Promise<App> {
  const app = await buildApp({ database, config: testConfig(smtpUrl ? { smtpUrl } : {}), logger: false })
  await app.ready()
  return app
}

async function claimOf(id: number) {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
  return row!
}

/** The team invitation among what arrived (new accounts' verification links arrive too: decision 052). */
async function invitationMail() {
  for (let tries = 0; tries < 150; tries++) {
    const mail = receiver.messages.find((message) => message.subject.includes('invited you to join'))
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('no team invitation arrived')
}

const linkIn = (text: string) => /http:\/\/localhost:3000(\/invitations\/accept\?token=[A-Za-z0-9_.-]+)/.exec(text)?.[1]

async function inviteSomeone(app: App) {
  const admin = await buildUser(app)
  const invitee = await buildUser(app)
  const company = await buildCompany(app.db, { members: [{ userId: admin.id, role: 'admin' }] })
  const response = await admin.client.post('/api/v1/company_owner_invites', {
    company_id: company.id,
    email: invitee.email,
    role: 'admin',
  })
  expect(response.status).toBe(200)
  return { admin, invitee, company }
}

/** Opens the link as the invitee would: the page previews it, then accepting joins the team with the invited role. */
async function acceptThroughLink(app: App, invitee: { client: TestClient }, link: string, companyId: number) {
  const token = new URL(link, 'http://localhost:3000').searchParams.get('token')!
  const preview = await new TestClient(app).get(`/api/v1/company_owner_invites/show?token=${encodeURIComponent(token)}`)
  expect(preview.status).toBe(200)
  const accepted = await invitee.client.post('/api/v1/company_owner_invites/accept', { token })
  expect(accepted.status).toBe(200)
  const team = await invitee.client.get(`/api/v1/company_owners?company_id=${companyId}`)
  expect(team.body.current_user.role).toBe('admin')
}

describe('team invitations over SMTP', () => {
  it('sends the invitation through SMTP_URL with its signed link, and the link accepts the invitation', async () => {
    receiver.messages.length = 0
    const app = await startApp(receiver.url)
    try {
      const { invitee, company } = await inviteSomeone(app)
      const mail = await invitationMail()
      expect(mail!.to).toEqual([invitee.email])
      expect(mail!.subject).toContain('invited you to join')
      const link = linkIn(mail!.text)
      expect(link).toBeDefined()
      expect(mail!.html).toContain(`href="http://localhost:3000${link!.replace(/&/g, '&amp;')}"`)
      await acceptThroughLink(app, invitee, link!, company.id)
    } finally {
      await app.close()
    }
  })

  it.skipIf(!postgresUrl)(
    'loses nothing when the sending process is killed mid-send: a surviving server sends it once, same Message-ID',
    async () => {
      receiver.messages.length = 0
      // queued by a server without SMTP (no worker of its own)
      const queuing = await startApp()
      const { invitee, company } = await inviteSomeone(queuing)
      await queuing.close()
      // the new accounts' verification links (decision 052) are not this test's: the invitation is the one to send
      await database.db.delete(mailOutbox).where(ne(mailOutbox.kind, 'team.invitation'))
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, invitee.email))
      expect(row).toMatchObject({ status: 'pending', attempts: 0 })

      // an SMTP server that takes the whole message and never answers, so the worker is caught mid-send
      const stalling = await startStallingSmtpServer()
      const [{ name }] = (
        (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
      ).rows as [{ name: string }]
      const child = spawn(node, [workerScript], {
        env: { ...process.env, DATABASE_URL: withDatabase(postgresUrl!, name), SMTP_URL: stalling.url },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('exit', (_code, signal) => resolve(signal)),
      )
      const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]()
      const doomedId = String((await lines.next()).value)
      await stalling.arrived
      const claimed = await claimOf(row!.id)
      // mid-send: the dead-to-be worker's attempt, its Message-ID fixed
      expect(claimed).toMatchObject({ status: 'pending', attempts: 1, claimedBy: doomedId })
      expect(claimed.messageId).toMatch(/^<[0-9a-f-]+@stackatlas\.test>$/)
      child.kill('SIGKILL')
      const killedAt = Date.now()
      expect(await exited).toBe('SIGKILL')
      await stalling.close()

      // a server restarted with SMTP sends it, once, when the dead worker's heartbeat is stale and the job is handed
      // over: within about 30 s of the kill (a 10 s heartbeat, a 5 s supervise pass, a 2 s poll)
      const survivor = await startApp(receiver.url)
      try {
        const [mail] = await receiver.waitFor(1, 45_000)
        expect(Date.now() - killedAt).toBeLessThan(30_000)
        expect(mail!.messageId).toBe(claimed.messageId)
        const link = linkIn(mail!.text)
        // the invitee's browser session, now talking to the surviving server
        await acceptThroughLink(
          survivor,
          { client: new TestClient(survivor, invitee.client.cookie) },
          link!,
          company.id,
        )
        await vi.waitFor(async () => expect((await claimOf(row!.id)).status).toBe('sent'))
      } finally {
        await survivor.close()
      }
      const [sent] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id))
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, claimedBy: survivor.jobQueue.workerId })
      expect(receiver.messages).toHaveLength(1)
    },
    90_000,
  )
})
