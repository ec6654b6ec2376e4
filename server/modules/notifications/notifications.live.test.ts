// Live delivery over server-sent events, through real listening servers (app.inject cannot hold a stream open):
// in-process on either database, and across two app instances on one PostgreSQL database (TEST_DATABASE_URL).
import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type App, buildApp } from '../../app.ts'
import { type Database, openPostgres } from '../../db/client.ts'
import { sessions } from '../../db/schema/index.ts'
import { createApiTokenFor } from '../../test/api-token-fixtures.ts'
import { sessionCookieFrom, TestClient } from '../../test/client.ts'
import { EventStreamClient } from '../../test/event-stream-client.ts'
import { buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext, testConfig } from '../../test/harness.ts'
import { withDatabase } from '../../test/paths.ts'

/** The spec's "within a second", as the bound of each wait (not a timing assertion on the happy path). */
const LIVE_WITHIN_MS = 1_000

/** The session token inside a cookie pair ('stackatlas.session_token=TOKEN.SIGNATURE'). */
function sessionTokenOf(cookie: string): string {
  return decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!
}

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  return `http://127.0.0.1:${address.port}`
}

const follow = (user: TestUser, id: number) =>
  user.client.get(`/api/v1/follows/toggle?followee_type=user&followee_id=${id}`)

describe('live notifications over server-sent events', () => {
  let context: TestContext
  let baseUrl: string
  const streams: EventStreamClient[] = []
  beforeAll(async () => {
    context = await createTestApp()
    baseUrl = await listen(context.app)
  })
  afterAll(async () => {
    for (const stream of streams) stream.close()
    await context.close()
  })

  it('answers 401 without a session, and streams counts first for a signed-in user', async () => {
    const refused = await fetch(`${baseUrl}/api/v1/notifications/stream`)
    expect(refused.status).toBe(401)
    const alice = await buildUser(context.app)
    const stream = await EventStreamClient.open(baseUrl, alice.client.cookie!)
    streams.push(stream)
    expect(stream.status).toBe(200)
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8')
    const first = await stream.next('counts', 0)
    expect(first.data).toEqual({ notification_count: 0, unread_notifications_count: 0 })
  })

  it("delivers a follow to the followee's open stream, and only to theirs", async () => {
    const alice = await buildUser(context.app)
    const bob = await buildUser(context.app)
    const aliceStream = await EventStreamClient.open(baseUrl, alice.client.cookie!)
    const bobStream = await EventStreamClient.open(baseUrl, bob.client.cookie!)
    streams.push(aliceStream, bobStream)
    await aliceStream.next('counts', 0)
    await bobStream.next('counts', 0)
    const before = aliceStream.events.length
    expect((await follow(bob, alice.id)).status).toBe(200)
    const { data } = await aliceStream.next('notification', before)
    expect(data.notification).toMatchObject({ n_type: 'follow', content: `${bob.username} started following you` })
    expect(data.counts).toEqual({ notification_count: 1, unread_notifications_count: 1 })
    expect(bobStream.events.filter((event) => event.event === 'notification')).toEqual([])

    // opening the bell elsewhere updates the badge of this page too
    const at = aliceStream.events.length
    await alice.client.post('/api/v1/notifications/clear')
    expect((await aliceStream.next('counts', at)).data).toEqual({
      notification_count: 1,
      unread_notifications_count: 0,
    })
  })

  it("closes a stream when its session ends: signing out, and not the user's other sessions", async () => {
    const alice = await buildUser(context.app)
    const signIn = await new TestClient(context.app).post('/api/auth/sign-in/email', {
      email: alice.email,
      password: alice.password,
    })
    const otherCookie = sessionCookieFrom(signIn.headers)
    const leaving = await EventStreamClient.open(baseUrl, alice.client.cookie!)
    const staying = await EventStreamClient.open(baseUrl, otherCookie)
    streams.push(leaving, staying)
    await leaving.next('counts', 0)
    await staying.next('counts', 0)
    expect((await alice.client.post('/api/auth/sign-out', {})).status).toBe(200)
    await leaving.next('session_ended', 0)
    expect(await leaving.waitForEnd(LIVE_WITHIN_MS)).toBe(true)
    // the other device's session still stands: its stream stays open and keeps receiving
    const bob = await buildUser(context.app)
    const before = staying.events.length
    await follow(bob, alice.id)
    await staying.next('notification', before)
    expect(staying.ended).toBe(false)
  })

  it('closes the streams of a deleted account, and those whose session expired when the user is told to check', async () => {
    const alice = await buildUser(context.app)
    const expired = await buildUser(context.app)
    const stream = await EventStreamClient.open(baseUrl, alice.client.cookie!)
    streams.push(stream)
    await stream.next('counts', 0)
    const deleted = await alice.client.post('/users/delete', { confirmation: alice.username })
    expect(deleted.status).toBe(200)
    await stream.next('session_ended', 0)
    expect(await stream.waitForEnd(LIVE_WITHIN_MS)).toBe(true)

    // an expired session is closed at the next check (each keepalive, or any session of the user ending)
    const second = await new TestClient(context.app).post('/api/auth/sign-in/email', {
      email: expired.email,
      password: expired.password,
    })
    const expiring = await EventStreamClient.open(baseUrl, expired.client.cookie!)
    streams.push(expiring)
    await expiring.next('counts', 0)
    await context.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, sessionTokenOf(expired.client.cookie!)))
    expect(
      (await new TestClient(context.app, sessionCookieFrom(second.headers)).post('/api/auth/sign-out', {})).status,
    ).toBe(200)
    await expiring.next('session_ended', 0)
    expect(await expiring.waitForEnd(LIVE_WITHIN_MS)).toBe(true)
  })

  it('streams to an API token, and ends that stream at once when the token is revoked', async () => {
    const alice = await buildUser(context.app)
    const token = await createApiTokenFor(alice, { scope: 'read' })
    const stream = await EventStreamClient.open(baseUrl, { authorization: `Bearer ${token.secret}` })
    streams.push(stream)
    expect(stream.status).toBe(200)
    await stream.next('counts', 0)
    const bob = await buildUser(context.app)
    await follow(bob, alice.id)
    await stream.next('notification', 0)
    expect((await alice.client.delete(`/api/v1/users/tokens/${token.id}`)).status).toBe(200)
    await stream.next('session_ended', 0)
    expect(await stream.waitForEnd(LIVE_WITHIN_MS)).toBe(true)
  })

  it('ends open streams when the server shuts down, so it closes promptly', async () => {
    const own = await createTestApp()
    const ownUrl = await listen(own.app)
    const alice = await buildUser(own.app)
    const stream = await EventStreamClient.open(ownUrl, alice.client.cookie!)
    await stream.next('counts', 0)
    const started = Date.now()
    await own.close()
    // generous bound: without the preClose hook close() waits for the client forever
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(await stream.waitForEnd(2_000)).toBe(true)
  })
})

const postgresUrl = process.env.TEST_DATABASE_URL

describe.skipIf(!postgresUrl)('two app instances on one PostgreSQL database', () => {
  const name = `stackatlas_test_${crypto.randomBytes(6).toString('hex')}`
  let first: { app: App; database: Database }
  let second: { app: App; database: Database }
  let secondUrl: string
  const streams: EventStreamClient[] = []

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: postgresUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`)
    await admin.end()
    const url = withDatabase(postgresUrl!, name)
    const open = async () => {
      const database = await openPostgres(url, { max: 5 })
      const app = await buildApp({ database, config: testConfig(), logger: false })
      await app.ready()
      return { app, database }
    }
    first = await open()
    second = await open()
    secondUrl = await listen(second.app)
  })

  afterAll(async () => {
    for (const stream of streams) stream.close()
    for (const instance of [first, second]) {
      if (!instance) continue
      await instance.app.close()
      await instance.database.close()
    }
    const dropper = new pg.Client({ connectionString: postgresUrl })
    await dropper.connect()
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await dropper.end()
  })

  /** alice's page is served by the second instance; bob acts through the first. */
  async function alicePageAndBob() {
    const alice = await buildUser(first.app)
    const bob = await buildUser(first.app)
    const stream = await EventStreamClient.open(secondUrl, alice.client.cookie!)
    streams.push(stream)
    await stream.next('counts', 0)
    return { alice, bob, stream }
  }

  async function expectFollowDelivered(stream: EventStreamClient, alice: TestUser, bob: TestUser) {
    const before = stream.events.length
    expect((await follow(bob, alice.id)).status).toBe(200)
    const { data } = await stream.next('notification', before)
    expect(data.notification).toMatchObject({ n_type: 'follow', content: `${bob.username} started following you` })
  }

  it('delivers a notification written through one instance to a stream open on the other', async () => {
    const { alice, bob, stream } = await alicePageAndBob()
    await expectFollowDelivered(stream, alice, bob)
  })

  it('survives its LISTEN backend being terminated: the page is told to refetch, and later notifications arrive', async () => {
    const { alice, bob, stream } = await alicePageAndBob()
    const before = stream.events.length
    // what a PostgreSQL restart or a connection-killing proxy does to the instances' listening connections
    const terminated = await first.app.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    )
    expect((terminated as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0)
    // back on LISTEN, the instance sends fresh counts to every open stream (NOTIFYs in the gap were missed), which
    // makes the page refetch its notifications; bounded by the reconnect backoff, not by the spec's second
    await stream.next('counts', before, 10_000)
    await expectFollowDelivered(stream, alice, bob)
  })
})
