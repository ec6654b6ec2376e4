// Two real server processes on one PostgreSQL database behind haproxy (server/test/cluster.ts), checked through the
// balancer as visitors reach them (issue 21, docs/decisions/058-several-instances-tested.md): a session made on one
// instance is valid on the other, a notification made through one arrives live on a stream held by the other, a
// catalog change made through one shows at once through the other, rate limits count across instances, queued mail
// and the weekly digest go out once, an upload made through one is served by the other from object storage (an S3
// server on loopback, server/test/s3-server.ts), and an instance killed mid-load loses no acknowledged write while
// the balancer's health check takes it out. PostgreSQL only: PGlite is one process's database.
import crypto from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type Database, openPostgres } from './db/client.ts'
import { comments, digestRuns, mailOutbox } from './db/schema/index.ts'
import { enqueueMail } from './modules/mail/mail.service.ts'
import { WEEKLY_DIGEST_JOB } from './modules/notifications/weekly-digest.ts'
import { createJobQueue, type JobQueue } from './queue/job-queue.ts'
import { type Cluster, HEALTH_CHECK, SERVED_BY, startCluster } from './test/cluster.ts'
import { EventStreamClient } from './test/event-stream-client.ts'
import { buildTool } from './test/factories.ts'
import { withDatabase } from './test/paths.ts'
import { startS3Server, type TestS3Server } from './test/s3-server.ts'
import { type SmtpReceiver, startSmtpReceiver } from './test/smtp-receiver.ts'

const postgresUrl = process.env.TEST_DATABASE_URL
const ADMIN_EMAIL = 'admin@multi.test'
/** A live event crosses instances through PostgreSQL's NOTIFY: a generous bound on a loaded 2-core machine. */
const ACROSS_WITHIN_MS = 5_000
const PASSWORD = 'correct-horse-battery'

interface Answer {
  status: number
  body: any
  servedBy: string
}

/** A visitor of the balancer: its own client address (X-Forwarded-For, believed from the balancer), a cookie. */
let visitors = 0
class Visitor {
  readonly address = `198.51.100.${++visitors}`
  cookie = ''
  readonly baseUrl: string
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl
  }

  async request(method: string, path: string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        origin: this.baseUrl,
        'x-forwarded-for': this.address,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.includes('session_token'))
    if (setCookie) this.cookie = setCookie.split(';')[0]!
    const text = await response.text()
    const isJson = (response.headers.get('content-type') ?? '').includes('json') && text
    return { status: response.status, body: isJson ? JSON.parse(text) : text, servedBy: servedByOf(response.headers) }
  }

  get(path: string) {
    return this.request('GET', path)
  }
  post(path: string, body: unknown = {}) {
    return this.request('POST', path, body)
  }

  /** The same request until every instance has answered it: the answers by instance. */
  async askEveryInstance(instances: number, ask: () => Promise<Answer>): Promise<Map<string, Answer>> {
    const byInstance = new Map<string, Answer>()
    for (let i = 0; i < instances * 4 && byInstance.size < instances; i++) {
      const answer = await ask()
      byInstance.set(answer.servedBy, answer)
    }
    return byInstance
  }
}

function servedByOf(headers: Headers): string {
  return headers.get(SERVED_BY) ?? ''
}

const skipReason = postgresUrl ? null : 'runs on PostgreSQL only: set TEST_DATABASE_URL'

describe.skipIf(skipReason)(`two instances behind haproxy${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let cluster: Cluster
  let database: Database
  let receiver: SmtpReceiver
  let s3: TestS3Server
  let databaseName: string
  /** The test's own view of the job queue: it queues jobs as an instance would, and runs none. */
  let jobQueue: JobQueue
  let member: Visitor
  let memberId: number
  let memberEmail: string
  let tool: { id: number; name: string }
  let pendingTool: { id: number; name: string }
  let digestReader: Visitor
  let digestReaderEmail: string
  const streams: EventStreamClient[] = []

  /** Signs up through the balancer and follows the e-mailed verification link there. */
  async function signUp(email = `${crypto.randomBytes(5).toString('hex')}@multi.test`) {
    const visitor = new Visitor(cluster.url)
    const username = `u${crypto.randomBytes(5).toString('hex')}`
    const answer = await visitor.post('/api/auth/sign-up/email', {
      email,
      password: PASSWORD,
      name: username,
      username,
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const mail = await waitForMail((message) => message.to.includes(email) && message.text.includes('/verify-email'))
    const token = /\/verify-email\?token=(\S+)/.exec(mail.text)![1]!
    expect((await visitor.post('/api/v1/users/email/verify', { token })).status).toBe(200)
    return { visitor, id: Number(answer.body.user.id), email }
  }

  async function waitForMail(matches: (message: SmtpReceiver['messages'][number]) => boolean, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = receiver.messages.find(matches)
      if (found) return found
      if (Date.now() > deadline) throw new Error('the e-mail did not arrive')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  beforeAll(async () => {
    receiver = await startSmtpReceiver()
    s3 = await startS3Server()
    // the test's own copy of the run's migrated template, with the tools it needs (so no catalog seed to wait for)
    databaseName = `stackatlas_multi_${crypto.randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: postgresUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${inject('templateDatabase')}`)
    await admin.end()
    const databaseUrl = withDatabase(postgresUrl!, databaseName)
    database = await openPostgres(databaseUrl, { max: 3 })
    jobQueue = createJobQueue({ database, log: { warn() {}, error() {} } })
    await jobQueue.start()
    tool = await buildTool(database.db)
    pendingTool = await buildTool(database.db, {
      name: `Pending${crypto.randomBytes(4).toString('hex')}`,
      isApproved: false,
    })
    cluster = await startCluster({
      instances: 2,
      adminUrl: postgresUrl!,
      databaseUrl,
      env: { SMTP_URL: receiver.url, ADMIN_EMAILS: ADMIN_EMAIL, ...s3.env },
    })
    // the digest's reader follows a tool: activity of the week
    const reader = await signUp()
    digestReader = reader.visitor
    digestReaderEmail = reader.email
    expect((await digestReader.get(`/api/v1/follows/toggle?followee_type=tool&followee_id=${tool.id}`)).status).toBe(
      200,
    )
    const signedUp = await signUp()
    member = signedUp.visitor
    memberId = signedUp.id
    memberEmail = signedUp.email
  }, 240_000)

  afterAll(async () => {
    for (const stream of streams) stream.close()
    await cluster?.stop()
    await jobQueue?.stop()
    await database?.close()
    await receiver?.close()
    await s3?.close()
    const admin = new pg.Client({ connectionString: postgresUrl })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`)
    await admin.end()
  }, 60_000)

  it('answers through the balancer from both instances, each named in X-Served-By', async () => {
    const answers = await member.askEveryInstance(2, () => member.get('/healthz'))
    expect([...answers.keys()].sort()).toEqual(['instance1', 'instance2'])
    expect(await cluster.serverStates()).toEqual({ instance1: 'UP', instance2: 'UP' })
  })

  it('keeps a session signed in on one instance valid on the other', async () => {
    const visitor = new Visitor(cluster.url)
    const signIn = await visitor.post('/api/auth/sign-in/email', { email: memberEmail, password: PASSWORD })
    expect(signIn.status).toBe(200)
    const answers = await visitor.askEveryInstance(2, () => visitor.get('/api/v1/users/current'))
    expect([...answers.keys()].sort()).toEqual(['instance1', 'instance2'])
    for (const answer of answers.values()) {
      expect(answer.status).toBe(200)
      expect(answer.body.user?.id).toBe(memberId)
    }
  })

  it('delivers a notification made through one instance live on a stream held by the other', async () => {
    // streams until each instance holds one: whichever takes the follow, the other's stream must hear it
    const held = new Map<string, EventStreamClient>()
    for (let i = 0; i < 8 && held.size < 2; i++) {
      const stream = await EventStreamClient.open(cluster.url, { cookie: member.cookie, origin: cluster.url })
      streams.push(stream)
      expect(stream.status).toBe(200)
      held.set(servedByOf(stream.headers), stream)
    }
    expect([...held.keys()].sort()).toEqual(['instance1', 'instance2'])
    for (const stream of held.values()) await stream.next('counts', 0, ACROSS_WITHIN_MS)
    const follower = (await signUp()).visitor
    const before = new Map([...held].map(([name, stream]) => [name, stream.events.length]))
    const follow = await follower.get(`/api/v1/follows/toggle?followee_type=user&followee_id=${memberId}`)
    expect(follow.status).toBe(200)
    for (const [name, stream] of held) {
      const { data } = await stream.next('notification', before.get(name)!, ACROSS_WITHIN_MS)
      expect(data.notification).toMatchObject({ n_type: 'follow' })
    }
  })

  it('shows a tool approved through one instance at once in search through the other', async () => {
    const search = () => member.get(`/api/v1/services/search?q=${pendingTool.name}&page=1`)
    // each instance keeps its answer (not found) for the answer cache's 60 s unless told of the change
    for (const answer of (await member.askEveryInstance(2, search)).values()) {
      expect(answer.status).toBe(200)
      expect(answer.body.tools).toEqual([])
    }
    const moderator = (await signUp(ADMIN_EMAIL)).visitor
    const approval = await moderator.post(`/api/v1/moderation/tools/${pendingTool.id}/approve`)
    expect(approval.status, JSON.stringify(approval.body)).toBe(200)
    // the other instance hears of the change by NOTIFY, milliseconds after the approval's answer: far inside the 60 s
    const foundOnEach = async () =>
      [...(await member.askEveryInstance(2, search)).entries()]
        .map(([instance, answer]) => [instance, answer.body.tools.map((found: { id: number }) => found.id)])
        .sort(([a], [b]) => String(a).localeCompare(String(b)))
    await expect.poll(foundOnEach, { timeout: 2000, interval: 20 }).toEqual([
      ['instance1', [pendingTool.id]],
      ['instance2', [pendingTool.id]],
    ])
  })

  it('counts sign-in attempts from one address on every instance against one limit (10 a minute)', async () => {
    const guesser = new Visitor(cluster.url)
    const attempts: Answer[] = []
    for (let i = 0; i < 12; i++) {
      attempts.push(await guesser.post('/api/auth/sign-in/email', { email: 'nobody@multi.test', password: 'wrong' }))
    }
    expect(new Set(attempts.slice(0, 10).map((answer) => answer.servedBy))).toEqual(new Set(['instance1', 'instance2']))
    expect(attempts.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(401))
    expect(attempts.slice(10).map((answer) => answer.status)).toEqual([429, 429])
  })

  it('sends each queued e-mail once although both instances run a mail worker', async () => {
    const subjects = Array.from({ length: 30 }, (_, i) => `Once ${crypto.randomBytes(4).toString('hex')} ${i}`)
    await database.db.transaction(async (tx) => {
      for (const subject of subjects)
        await enqueueMail(tx, jobQueue, { to: 'once@multi.test', subject, text: subject, kind: 'test' })
    })
    const deadline = Date.now() + 20_000
    while (Date.now() < deadline && receiver.messages.filter((m) => subjects.includes(m.subject)).length < 30)
      await new Promise((resolve) => setTimeout(resolve, 100))
    // both workers were woken for the new jobs: a second copy would arrive now if one were sent twice
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const received = receiver.messages.filter((message) => subjects.includes(message.subject))
    expect(received.map((message) => message.subject).sort()).toEqual([...subjects].sort())
    const rows = await database.db
      .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(inArray(mailOutbox.subject, subjects))
    expect(rows).toHaveLength(30)
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true)
    // and every message of the run so far (the sign-ups' links) went out once
    const ids = receiver.messages.map((message) => message.messageId)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('serves an upload made through one instance from object storage through the other', async () => {
    const boundary = '----stackatlas-multi-boundary'
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer()
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const upload = await fetch(`${cluster.url}/api/v1/uploads/logo`, {
      method: 'POST',
      headers: {
        origin: cluster.url,
        cookie: member.cookie,
        'x-forwarded-for': member.address,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
    })
    expect(upload.status).toBe(200)
    const { image_url: imageUrl } = (await upload.json()) as { image_url: string }
    const served = new Map<string, Buffer>()
    for (let i = 0; i < 8 && served.size < 2; i++) {
      const response = await fetch(`${cluster.url}${imageUrl}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/png')
      served.set(servedByOf(response.headers), Buffer.from(await response.arrayBuffer()))
    }
    expect([...served.keys()].sort()).toEqual(['instance1', 'instance2'])
    const [first, second] = [...served.values()]
    expect(first!.equals(second!)).toBe(true)
  })

  it('sends the weekly digest once, on one instance, and a second run of the week sends nothing more', async () => {
    // what pg-boss's schedule files on Monday 08:00, once across instances (server/queue/job-queue.schedule.test.ts)
    await jobQueue.send(database.db, WEEKLY_DIGEST_JOB, {})
    const digests = () => receiver.messages.filter((message) => message.subject.startsWith('This week on '))
    await waitForMail((message) => message.subject.startsWith('This week on '), 20_000)
    await waitForRun()
    // the week again (a retried run, an occurrence filed twice): everyone has theirs already
    await jobQueue.send(database.db, WEEKLY_DIGEST_JOB, {})
    await new Promise((resolve) => setTimeout(resolve, 5_000))
    expect(digests().filter((message) => message.to.includes(digestReaderEmail))).toHaveLength(1)
    const recipients = digests().flatMap((message) => message.to)
    expect(new Set(recipients).size).toBe(recipients.length)
    expect(await database.db.select({ week: digestRuns.week }).from(digestRuns)).toHaveLength(1)
  }, 60_000)

  async function waitForRun() {
    for (let tries = 0; tries < 100; tries++) {
      const [run] = await database.db.select({ finishedAt: digestRuns.finishedAt }).from(digestRuns)
      if (run?.finishedAt) return
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    throw new Error('the week did not finish')
  }

  it('loses no acknowledged write when an instance is killed mid-load, and the balancer takes it out', async () => {
    const acknowledged: string[] = []
    let failed = 0
    let writing = true
    const writer = async () => {
      while (writing) {
        const body = `load ${crypto.randomBytes(8).toString('hex')}`
        const answer = await member
          .post('/api/v1/comments', { comment: { body, commentable_id: tool.id, commentable_type: 'tool' } })
          .catch(() => null)
        if (answer && answer.status >= 200 && answer.status < 300) acknowledged.push(body)
        else failed++
      }
    }
    const writers = Array.from({ length: 4 }, writer)
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const beforeKill = acknowledged.length
    await cluster.instances[1]!.kill('SIGKILL')
    // out of rotation once its checks fail (fall x interval), plus a check's own timeout
    const deadline = Date.now() + HEALTH_CHECK.intervalMs * (HEALTH_CHECK.fall + 1) + 5_000
    while ((await cluster.serverStates()).instance2 !== 'DOWN' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await cluster.serverStates()).instance2).toBe('DOWN')
    const failedWhenOut = failed
    const ackedWhenOut = acknowledged.length
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    writing = false
    await Promise.all(writers)
    expect(beforeKill).toBeGreaterThan(0)
    // once the balancer has taken it out, every write succeeds on the survivor
    expect(failed).toBe(failedWhenOut)
    expect(acknowledged.length).toBeGreaterThan(ackedWhenOut)
    const after = await Promise.all(Array.from({ length: 6 }, () => member.get('/healthz')))
    expect(after.map((answer) => `${answer.status} ${answer.servedBy}`)).toEqual(Array(6).fill('200 instance1'))
    const stored = await database.db
      .select({ body: comments.body })
      .from(comments)
      .where(eq(comments.commentableId, tool.id))
    const storedBodies = new Set(stored.map((row) => row.body))
    expect(acknowledged.filter((body) => !storedBodies.has(body))).toEqual([])
  })
})
