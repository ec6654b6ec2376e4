// The log: one info line per request (method, URL, status, duration; no headers or bodies), and error lines for
// 5xx and unexpected failures only (decision 035).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../app.ts'
import type { Database } from '../db/client.ts'
import { openTestDatabase, testConfig } from '../test/harness.ts'
import { captureLog, type LogLine } from '../test/log-capture.ts'
import { loggedUrl } from './access-log.ts'

const { stream: logStream, lines } = captureLog()
let database: Database
let app: App
beforeAll(async () => {
  database = await openTestDatabase()
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

  it('never writes the query of a sign-in page or endpoint, and redacts secret-looking parameters everywhere', () => {
    expect(loggedUrl('/sign-in?email=a%40b.example&password=Passw0rd%21')).toBe('/sign-in?[redacted]')
    expect(loggedUrl('/sign-in?next=%2Ftools')).toBe('/sign-in?[redacted]')
    expect(loggedUrl('/settings/password?current_password=x&new_password=y')).toBe('/settings/password?[redacted]')
    expect(loggedUrl('/join?token=abc')).toBe('/join?[redacted]')
    expect(loggedUrl('/api/auth/callback/github?code=c0de&state=st4te')).toBe('/api/auth/callback/github?[redacted]')
    expect(
      loggedUrl('/tools?q=redis&password=p&Pass%77ord=p2&new_password=p3&api_key=k&client_secret=s&otp=1&page=2'),
    ).toBe(
      '/tools?q=redis&password=[redacted]&Pass%77ord=[redacted]&new_password=[redacted]&api_key=[redacted]' +
        '&client_secret=[redacted]&otp=[redacted]&page=2',
    )
    expect(loggedUrl('/api/v1/x?access_token=t&Authorization=b&session=s&sig=x&code=y')).toBe(
      '/api/v1/x?access_token=[redacted]&Authorization=[redacted]&session=[redacted]&sig=[redacted]&code=[redacted]',
    )
    expect(loggedUrl('/tools?%E0%A4%A=1&author=alice&sort=name')).toBe('/tools?%E0%A4%A=1&author=alice&sort=name')
  })

  it('answers a page form posted before its script ran with a 303 back to the page, logging no field of it', async () => {
    const logged = await linesOf(async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/sign-in?next=%2Ftools',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
        payload: 'email=mallory%40example.com&password=Passw0rd%21Passw0rd',
      })
      expect(response.statusCode).toBe(303)
      expect(response.headers.location).toBe('/sign-in?next=%2Ftools')
      expect(response.headers.location).not.toMatch(/Passw0rd|mallory/)
    })
    expect(logged.map((line) => [line.method, line.url, line.status])).toEqual([['POST', '/sign-in?[redacted]', 303]])
    expect(JSON.stringify(logged)).not.toMatch(/Passw0rd|mallory/)
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
