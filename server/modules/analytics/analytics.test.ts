import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyticsEvents } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { track } from './analytics.service.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const eventsNamed = (name: string) => ctx.app.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, name))

describe('POST /api/v1/analytics/track', () => {
  it('records an anonymous event with its properties', async () => {
    const response = await new TestClient(ctx.app).post('/api/v1/analytics/track', {
      name: 'i_use_this.clicked',
      properties: { service_id: 12 },
    })
    expect(response.status).toBe(200)
    const [event] = await eventsNamed('i_use_this.clicked')
    expect(event).toMatchObject({ properties: { service_id: 12 }, userId: null })
  })

  it('records the signed-in user and defaults properties to {}', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/analytics/track', { name: 'signed-in.event' })
    expect(response.status).toBe(200)
    const [event] = await eventsNamed('signed-in.event')
    expect(event).toMatchObject({ properties: {}, userId: user.id })
  })

  it('answers 400 with a field error for a name outside [a-z0-9_.-]', async () => {
    const response = await new TestClient(ctx.app).post('/api/v1/analytics/track', { name: 'Bad Name!' })
    expect(response.status).toBe(400)
    expect(response.body.error.fields.name).toBeDefined()
  })

  it('answers 400 for an empty name and for a name over 100 characters', async () => {
    const client = new TestClient(ctx.app)
    expect((await client.post('/api/v1/analytics/track', { name: '' })).status).toBe(400)
    expect((await client.post('/api/v1/analytics/track', { name: 'a'.repeat(101) })).status).toBe(400)
    expect((await client.post('/api/v1/analytics/track', { name: 'a'.repeat(100) })).status).toBe(200)
  })

  it('answers 400 when the properties are too large or not an object', async () => {
    const client = new TestClient(ctx.app)
    const large = await client.post('/api/v1/analytics/track', { name: 'x', properties: { blob: 'a'.repeat(3000) } })
    expect(large.status).toBe(400)
    expect(large.body.error.fields.properties).toEqual(['is too large (maximum is 2048 bytes)'])
    const list = await client.post('/api/v1/analytics/track', { name: 'x', properties: [1, 2] })
    expect(list.status).toBe(400)
  })

  it('answers 429 after too many events from one IP when rate limits are on', async () => {
    const limited = await createTestApp({ rateLimitEnabled: true })
    try {
      const client = new TestClient(limited.app)
      const statuses: number[] = []
      for (let i = 0; i < 121; i++)
        statuses.push((await client.post('/api/v1/analytics/track', { name: 'burst' })).status)
      expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true)
      expect(statuses[120]).toBe(429)
    } finally {
      await limited.close()
    }
  })
})

describe('track() for other modules', () => {
  it('stores an event server-side', async () => {
    const user = await buildUser(ctx.app)
    await track(ctx.app.db, 'server.side', { ok: true }, user.id)
    const [event] = await eventsNamed('server.side')
    expect(event).toMatchObject({ properties: { ok: true }, userId: user.id })
  })
})

describe('GET /api/v1/admin/analytics', () => {
  it('counts events per name over 7 days, 30 days and all time for an admin', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const now = Date.now()
    const day = 24 * 60 * 60 * 1000
    await ctx.app.db.insert(analyticsEvents).values([
      { name: 'counted.event', createdAt: new Date(now - day) },
      { name: 'counted.event', createdAt: new Date(now - 10 * day) },
      { name: 'counted.event', createdAt: new Date(now - 100 * day) },
    ])
    const response = await admin.client.get('/api/v1/admin/analytics')
    expect(response.status).toBe(200)
    expect(response.body.events).toContainEqual({
      name: 'counted.event',
      last_7_days: 1,
      last_30_days: 2,
      all_time: 3,
    })
    const sum = response.body.events.reduce((total: number, event: any) => total + event.all_time, 0)
    expect(response.body.totals.all_time).toBe(sum)
  })

  it('answers 401 when signed out', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/admin/analytics')
    expect(response.status).toBe(401)
    expect(response.body.error.code).toBe('unauthorized')
  })

  it('answers 403 for a moderator who is not admin', async () => {
    const moderator = await buildUser(ctx.app, { role: 'moderator' })
    const response = await moderator.client.get('/api/v1/admin/analytics')
    expect(response.status).toBe(403)
    expect(response.body.error.code).toBe('forbidden')
  })
})
