// Failed sign-ins are limited per account and per address, apart, and a correct password works again once the
// window has passed (docs/decisions/035-client-address-rate-limits-and-lockout.md).
import crypto from 'node:crypto'
import http from 'node:http'
import { like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimits } from '../db/schema/index.ts'
import { TestClient } from '../test/client.ts'
import { buildUser, type TestUser } from '../test/factories.ts'
import { createTestApp, TEST_ORIGIN, type TestContext } from '../test/harness.ts'
import { SIGN_IN_FAILURE_LIMITS } from './sign-in-lockout.ts'

const ACCOUNT_MAX = SIGN_IN_FAILURE_LIMITS.account.max
const ADDRESS_MAX = SIGN_IN_FAILURE_LIMITS.address.max

let ctx: TestContext
let addressCounter = 0
beforeAll(async () => {
  ctx = await createTestApp({ rateLimitEnabled: true })
})
afterAll(() => ctx.close())

/** A fresh client address, so that the per-address request limit (10 a minute) stays out of the way. */
function newAddress() {
  addressCounter++
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`
}

function signIn(address: string, email: string, password: string) {
  return new TestClient(ctx.app, undefined, address).post('/api/auth/sign-in/email', { email, password })
}

/** The window passes: every count's window ends now (the database's clock decides, as in production). */
async function letWindowsPass(keyPattern = '%') {
  await ctx.app.db
    .update(rateLimits)
    .set({ resetAt: sql`now() - interval '1 second'` })
    .where(like(rateLimits.key, keyPattern))
}

async function failOn(user: TestUser, times: number, address = () => newAddress()) {
  for (let attempt = 0; attempt < times; attempt++) {
    expect((await signIn(address(), user.email, 'wrong-password')).status).toBe(401)
  }
}

describe('failed sign-ins per account', () => {
  it('answers 429 to the right password after 10 failures on the account, and 200 once the window has passed', async () => {
    const user = await buildUser(ctx.app)
    await failOn(user, ACCOUNT_MAX)
    const locked = await signIn(newAddress(), user.email, user.password)
    expect(locked.status).toBe(429)
    expect(locked.body.error).toMatchObject({ code: 'rate_limited' })
    expect(locked.body.error.message).toMatch(/^Too many failed sign-ins for this account\. Try again in 15 minutes\.$/)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60)
    // by username too: it is the same account
    const byUsername = await new TestClient(ctx.app, undefined, newAddress()).post('/api/auth/sign-in/username', {
      username: user.username,
      password: user.password,
    })
    expect(byUsername.status).toBe(429)

    await letWindowsPass()
    expect((await signIn(newAddress(), user.email, user.password)).status).toBe(200)
  })

  it('does not lock another account signing in from the address the failures came from', async () => {
    const [target, neighbour] = [await buildUser(ctx.app), await buildUser(ctx.app)]
    const shared = newAddress()
    // five failures from the shared address, the rest from elsewhere: the target is locked
    await failOn(target, 5, () => shared)
    await failOn(target, ACCOUNT_MAX - 5)
    expect((await signIn(newAddress(), target.email, target.password)).status).toBe(429)
    expect((await signIn(shared, neighbour.email, neighbour.password)).status).toBe(200)
  })

  it('forgets the failures of an account once its right password is given', async () => {
    const user = await buildUser(ctx.app)
    await failOn(user, ACCOUNT_MAX - 1)
    expect((await signIn(newAddress(), user.email, user.password)).status).toBe(200)
    await failOn(user, ACCOUNT_MAX - 1)
    expect((await signIn(newAddress(), user.email, user.password)).status).toBe(200)
  })

  it('locks an unknown e-mail the same way, so the answers do not tell which accounts exist', async () => {
    for (let attempt = 0; attempt < ACCOUNT_MAX; attempt++) {
      expect((await signIn(newAddress(), 'nobody-here@example.test', 'wrong-password')).status).toBe(401)
    }
    expect((await signIn(newAddress(), 'nobody-here@example.test', 'wrong-password')).status).toBe(429)
  })
})

describe('failed sign-ins per address', () => {
  it('answers 429 from an address past 30 failures on several accounts, not from others, and 200 after the window', async () => {
    const users = [
      await buildUser(ctx.app),
      await buildUser(ctx.app),
      await buildUser(ctx.app),
      await buildUser(ctx.app),
    ]
    const guesser = newAddress()
    for (let attempt = 0; attempt < ADDRESS_MAX; attempt++) {
      // the per-address request limit is 10 a minute: let its minute pass between rounds
      if (attempt % 10 === 0) await letWindowsPass('route:%')
      const user = users[attempt % users.length] as TestUser
      expect((await signIn(guesser, user.email, 'wrong-password')).status).toBe(401)
    }
    await letWindowsPass('route:%')
    const innocent = await buildUser(ctx.app)
    const refused = await signIn(guesser, innocent.email, innocent.password)
    expect(refused.status).toBe(429)
    expect(refused.body.error.message).toMatch(/^Too many failed sign-ins from your network\./)
    // the accounts themselves were failed fewer than 10 times each: from another address they sign in
    expect((await signIn(newAddress(), innocent.email, innocent.password)).status).toBe(200)

    await letWindowsPass()
    expect((await signIn(guesser, innocent.email, innocent.password)).status).toBe(200)
  })
})

describe('sign-in paths and bodies that would skip the count', () => {
  it('counts a failure on the e-mail typed even when the body also names another account by username', async () => {
    const [bystander, victim] = [await buildUser(ctx.app), await buildUser(ctx.app)]
    for (let attempt = 0; attempt < ACCOUNT_MAX; attempt++) {
      const answer = await new TestClient(ctx.app, undefined, newAddress()).post('/api/auth/sign-in/email', {
        email: victim.email,
        username: bystander.username,
        password: 'wrong-password',
      })
      expect(answer.status).toBe(401)
    }
    expect((await signIn(newAddress(), victim.email, victim.password)).status).toBe(429)
    expect((await signIn(newAddress(), bystander.email, bystander.password)).status).toBe(200)
  })

  it('answers 4xx, not 500, to a sign-in naming an e-mail or username thousands of characters long, and counts it', async () => {
    const long = crypto.randomBytes(3000).toString('hex')
    for (let attempt = 0; attempt <= ACCOUNT_MAX; attempt++) {
      const answer = await signIn(newAddress(), `${long}@example.test`, 'wrong-password')
      expect(answer.status).toBe(attempt < ACCOUNT_MAX ? 401 : 429)
    }
    const byUsername = await new TestClient(ctx.app, undefined, newAddress()).post('/api/auth/sign-in/username', {
      username: long,
      password: 'wrong-password',
    })
    expect(byUsername.status).toBeGreaterThanOrEqual(400)
    expect(byUsername.status).toBeLessThan(500)
  })

  // app.inject() resolves dot segments itself, so these go over a socket as a client would send them
  it('answers 404 to a sign-in path that only resolves to one once dot segments or backslashes are read', async () => {
    const user = await buildUser(ctx.app)
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const body = JSON.stringify({ email: user.email, password: 'wrong-password' })
    for (const path of [
      '/api/auth/./sign-in/email',
      '/api/auth/%2e/sign-in/email',
      '/api/auth/x/../sign-in/email',
      '/api/auth/sign-in\\email',
    ]) {
      const status = await new Promise<number>((resolve, reject) => {
        // a path of its own: a URL string would have its dot segments resolved before sending
        const request = http.request(address, {
          path,
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        })
        request.on('response', (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        })
        request.on('error', reject)
        request.end(body)
      })
      expect({ path, status }).toEqual({ path, status: 404 })
    }
  })
})
