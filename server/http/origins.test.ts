// Better Auth and our CSRF check accept the same origins (BASE_URL, TRUSTED_ORIGINS, and in development BASE_URL's
// loopback aliases) and refuse the others alike, saying where to open the site (decision 035).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loopbackAliases } from '../config.ts'
import { TestClient } from '../test/client.ts'
import { buildUser } from '../test/factories.ts'
import { createTestApp, TEST_ORIGIN, type TestContext } from '../test/harness.ts'

const WRONG_ORIGIN = `This site is configured for ${TEST_ORIGIN}; open it there or set BASE_URL.`

let ctx: TestContext
beforeAll(async () => {
  // what configFromEnv gives in development for BASE_URL=http://localhost:3000 (config.test.ts)
  ctx = await createTestApp({ trustedOrigins: [TEST_ORIGIN, ...loopbackAliases(TEST_ORIGIN)] })
})
afterAll(() => ctx.close())

/** A browser on the page at `origin`: it sends that Origin and Host, and whatever cookies it holds there. */
function browserAt(origin: string, cookie = 'theme=dark') {
  return { origin, host: new URL(origin).host, cookie }
}

function signUp(headers: Record<string, string>, name: string) {
  return new TestClient(ctx.app).post(
    '/api/auth/sign-up/email',
    { email: `${name}@example.test`, password: 'correct-horse-battery', name, username: name },
    headers,
  )
}

describe('a page opened at a loopback alias of BASE_URL', () => {
  it('signs up from http://127.0.0.1:3000 and http://[::1]:3000', async () => {
    expect((await signUp(browserAt('http://127.0.0.1:3000'), 'alias4')).status).toBe(200)
    expect((await signUp(browserAt('http://[::1]:3000'), 'alias6')).status).toBe(200)
  })

  it('passes the CSRF check with a session cookie', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post(
      '/api/v1/users/profile',
      { name: 'Looped Back', username: user.username },
      { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
    )
    expect(response.body).toEqual({ ok: true })
  })
})

describe('a page opened at an address the site is not configured for', () => {
  const lan = 'http://192.168.1.20:3000'

  it('answers sign-up 403 in the envelope, saying where to open the site', async () => {
    const response = await signUp(browserAt(lan), 'lanuser')
    expect(response.status).toBe(403)
    expect(response.body.error).toMatchObject({ code: 'csrf_failed', message: WRONG_ORIGIN })
  })

  it('answers a cookie-authenticated write 403 with the same message, though the Host header matches it', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post(
      '/api/v1/users/profile',
      { name: 'Lan' },
      { origin: lan, host: '192.168.1.20:3000' },
    )
    expect(response.status).toBe(403)
    expect(response.body.error).toMatchObject({ code: 'csrf_failed', message: WRONG_ORIGIN })
  })

  it('accepts a loopback alias only on the same port', async () => {
    const response = await signUp(browserAt('http://127.0.0.1:3001'), 'otherport')
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe(WRONG_ORIGIN)
  })
})
