// GitHub sign-in through the real OAuth round trip against a fake GitHub on a loopback port: the login becomes the
// username when it is valid and free; otherwise the account still gets created, with a free handle derived from it.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { USERNAME_MAX } from '#contracts/owners.ts'
import { ownerHandles, users } from '../db/schema/index.ts'
import { TestClient } from '../test/client.ts'
import { buildCompany, buildUser } from '../test/factories.ts'
import { FAKE_GITHUB_CLIENT, type FakeGithub, signInWithGithub, startFakeGithub } from '../test/fake-github.ts'
import { createTestApp, type TestContext } from '../test/harness.ts'
import { chooseFreeHandle, generateHandle } from './handles.ts'

let ctx: TestContext
let github: FakeGithub
let nextGithubId = 9_000_000
beforeAll(async () => {
  github = await startFakeGithub()
  ctx = await createTestApp({ github: FAKE_GITHUB_CLIENT })
})
afterAll(async () => {
  await ctx.close()
  await github.close()
})

function profile(login: string) {
  const id = nextGithubId++
  return { id, login, name: `GitHub ${login}`, email: `gh-${id}@example.test` }
}

async function signedInUser(client: TestClient) {
  const current = await client.get('/api/v1/users/current')
  return current.body.user as { id: number; username: string } | null
}

describe('GitHub sign-in', () => {
  it('creates the account with the GitHub login as its username when it is free', async () => {
    const tokensBefore = github.tokenRequests
    const result = await signInWithGithub(ctx.app, github, profile('OctoFree'), '/tools')
    expect(result.status).toBe(302)
    expect(result.location).toBe('/tools')
    expect(github.tokenRequests).toBe(tokensBefore + 1)
    const user = await signedInUser(result.client)
    expect(user?.username).toBe('octofree')
    const [row] = await ctx.app.db.select().from(users).where(eq(users.username, 'octofree'))
    expect(row?.displayUsername).toBe('OctoFree')
    const [handle] = await ctx.app.db.select().from(ownerHandles).where(eq(ownerHandles.slug, 'octofree'))
    expect(handle?.userId).toBe(row?.id)
  })

  it('signs in with a derived handle when another user already has the login as username', async () => {
    const existing = await buildUser(ctx.app, { username: 'octotaken' })
    const result = await signInWithGithub(ctx.app, github, profile('octotaken'))
    expect(result.status).toBe(302)
    const user = await signedInUser(result.client)
    expect(user).not.toBeNull()
    expect(user?.id).not.toBe(existing.id)
    expect(user?.username).toMatch(/^octotaken-\d{1,4}$/)
  })

  it('signs in with a derived handle when a company owns the login as its slug', async () => {
    await buildCompany(ctx.app.db, { name: 'Octo Company', slug: 'octocorp' })
    const result = await signInWithGithub(ctx.app, github, profile('octocorp'))
    expect(result.status).toBe(302)
    expect((await signedInUser(result.client))?.username).toMatch(/^octocorp-\d{1,4}$/)
  })

  it.each(['api', 'tools', 'admin', 'settings'])(
    'signs in with a derived handle for the reserved login %s',
    async (login) => {
      const result = await signInWithGithub(ctx.app, github, profile(login))
      expect(result.status).toBe(302)
      const user = await signedInUser(result.client)
      expect(user?.username).toMatch(new RegExp(`^${login}-\\d{1,4}$`))
    },
  )

  it('signs in with a handle of at most USERNAME_MAX characters for a 39-character login', async () => {
    const login = 'a-very-long-github-login-of-39-chars-ok'
    expect(login).toHaveLength(39)
    const result = await signInWithGithub(ctx.app, github, profile(login))
    expect(result.status).toBe(302)
    const user = await signedInUser(result.client)
    expect(user?.username.length).toBeLessThanOrEqual(USERNAME_MAX)
    expect(user?.username.startsWith('a-very-long-github-login')).toBe(true)
  })

  it('signs the same GitHub account back in to the same user', async () => {
    const person = profile('octoreturn')
    const first = await signInWithGithub(ctx.app, github, person)
    const again = await signInWithGithub(ctx.app, github, person)
    expect(again.status).toBe(302)
    expect((await signedInUser(again.client))?.id).toBe((await signedInUser(first.client))?.id)
  })

  it('still refuses a username typed into the e-mail sign-up form when a company has it (422 on the field)', async () => {
    await buildCompany(ctx.app.db, { name: 'Typed Company', slug: 'typedcorp' })
    const response = await new TestClient(ctx.app).post('/api/auth/sign-up/email', {
      email: 'typed-taken@example.test',
      password: 'correct-horse-battery',
      name: 'Typed',
      username: 'typedcorp',
    })
    expect(response.status).toBe(422)
    expect(response.body.error.fields).toEqual({ username: ['Username is already taken. Please try another.'] })
  })
})

describe('handle choice', () => {
  it('takes the wished handle when it is valid and free, lower-cased', async () => {
    expect(await chooseFreeHandle(ctx.app.db, 'Fresh-Handle-1')).toBe('fresh-handle-1')
  })

  it('derives a valid free handle from an invalid wish', async () => {
    const handle = await chooseFreeHandle(ctx.app.db, '--')
    expect(handle).toMatch(/^[a-z0-9][a-z0-9-]{2,29}$/)
  })

  it('cuts a long source to leave room for the number', async () => {
    const long = 'x'.repeat(60)
    await buildUser(ctx.app, { username: 'x'.repeat(25) })
    const handle = await generateHandle(ctx.app.db, long)
    expect(handle).toMatch(/^x{25}-\d{1,4}$/)
  })
})
