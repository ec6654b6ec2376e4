// The sign-in page's redirect for someone already signed in (security report F-5, F-8): ?next= goes only to a path of
// this site, and a CR or LF in it never reaches the Location header (that was a 500). The page is drawn by the web
// app's server entry, loaded through Vite as in development, so this test needs no build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser, type TestUser } from '../test/factories.ts'
import { createTestApp, type TestContext } from '../test/harness.ts'

let ctx: TestContext
let member: TestUser
beforeAll(async () => {
  ctx = await createTestApp({ webDev: true })
  member = await buildUser(ctx.app)
}, 120_000)
afterAll(() => ctx?.close())

describe('GET /sign-in?next= while signed in', () => {
  it.each([
    ['/%0a/x', '/'],
    ['/%0d%0aSet-Cookie:%20a=b', '/'],
    ['%2F%09%2F127.0.0.1%3A3925%2Fowned', '/'],
    ['//evil.example', '/'],
    ['/%5Cevil.example', '/'],
    ['https://evil.example', '/'],
    ['/%E3%80%80/evil.example', '/'],
    ['%2Ftools%3Fq%3Dredis', '/tools?q=redis'],
  ])(
    'answers next=%s with a redirect to %s, never a 500',
    async (next, location) => {
      const response = await member.client.get(`/sign-in?next=${next}`)
      expect(response.status).toBe(302)
      expect(response.headers.location).toBe(location)
    },
    60_000,
  )
})
