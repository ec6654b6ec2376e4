// The log: one info line per request (method, URL, status, duration; no headers or bodies), and error lines for
// 5xx and unexpected failures only (decision 035).
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../app.ts'
import type { Database } from '../db/client.ts'
import { openTestDatabase, testConfig } from '../test/harness.ts'

interface LogLine {
  level: number
  msg: string
  [field: string]: unknown
}

const lines: LogLine[] = []
let database: Database
let app: App
beforeAll(async () => {
  database = await openTestDatabase()
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  app = await buildApp({ database, config: testConfig({ logLevel: 'info' }), logStream })
  app.get('/api/v1/test/explode', { schema: { hide: true } }, async () => {
    throw new Error('the disk is on fire')
  })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await database.close()
})

async function linesOf(request: () => Promise<unknown>): Promise<LogLine[]> {
  const before = lines.length
  await request()
  await new Promise((resolve) => setImmediate(resolve))
  return lines.slice(before)
}

describe('the access log', () => {
  it('writes one info line for a request, with method, URL, status and duration only', async () => {
    const logged = await linesOf(() =>
      app.inject({ method: 'GET', url: '/healthz?probe=1', headers: { cookie: 'secret=1', 'user-agent': 'probe' } }),
    )
    expect(logged).toHaveLength(1)
    const [line] = logged as [LogLine]
    expect(line).toMatchObject({ level: 30, msg: 'request', method: 'GET', url: '/healthz?probe=1', status: 200 })
    expect(typeof line.durationMs).toBe('number')
    expect(JSON.stringify(line)).not.toMatch(/secret|probe"|user-agent|headers/)
  })

  it("leaves e-mailed links' tokens and OAuth's code and state out of the line", async () => {
    const logged = await linesOf(() =>
      app.inject({ method: 'GET', url: '/api/v1/notifications/unsubscribe?token=s3cret-link&page=2&STATE=xyz' }),
    )
    const [line] = logged as [LogLine]
    expect(line.url).toBe('/api/v1/notifications/unsubscribe?token=[redacted]&page=2&STATE=[redacted]')
    expect(JSON.stringify(logged)).not.toMatch(/s3cret-link|xyz/)
  })

  it('logs a refused request (404, 400) at info, not as an error', async () => {
    const logged = await linesOf(async () => {
      await app.inject({ method: 'GET', url: '/api/v1/nope' })
      await app.inject({ method: 'POST', url: '/api/v1/analytics/track', payload: { name: 42 } })
    })
    expect(logged.map((line) => [line.level, line.status])).toEqual([
      [30, 404],
      [30, 400],
    ])
  })

  it("logs Better Auth's refusal of a foreign origin at info, not as an error", async () => {
    const logged = await linesOf(() =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: 'http://192.168.1.20:3000', cookie: 'theme=dark' },
        payload: { email: 'lan@example.test', password: 'correct-horse-battery', name: 'Lan', username: 'lanuser' },
      }),
    )
    expect(logged.find((line) => line.msg === 'request')).toMatchObject({ status: 403 })
    expect(logged.filter((line) => line.level >= 40)).toEqual([])
    expect(logged.map((line) => line.msg)).toContain('Better Auth: Invalid origin: http://192.168.1.20:3000')
  })

  it('logs an unexpected failure once at error, beside its access line', async () => {
    const logged = await linesOf(() => app.inject({ method: 'GET', url: '/api/v1/test/explode' }))
    const errors = logged.filter((line) => line.level >= 50)
    expect(errors).toHaveLength(1)
    expect(errors[0]?.err).toMatchObject({ message: 'the disk is on fire' })
    expect(logged.filter((line) => line.msg === 'request').map((line) => line.status)).toEqual([500])
  })
})
