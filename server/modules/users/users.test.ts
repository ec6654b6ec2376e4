import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, ownerHandles, sessions, users } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildUser, emailLinkToken, type TestUser } from '../../test/factories.ts'
import { FAKE_GITHUB_CLIENT, type FakeGithub, signInWithGithub, startFakeGithub } from '../../test/fake-github.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { impersonate } from '../../test/stack-fixtures.ts'

let ctx: TestContext
let github: FakeGithub
beforeAll(async () => {
  github = await startFakeGithub()
  ctx = await createTestApp({ github: FAKE_GITHUB_CLIENT })
})
afterAll(async () => {
  await ctx.close()
  await github.close()
})

let nextGithubId = 7_000_000

/** An account made through GitHub (no password), signed in just now. */
async function buildGithubUser() {
  const id = nextGithubId++
  const email = `hub-${id}@example.test`
  const result = await signInWithGithub(ctx.app, github, { id, login: `hub${id}`, name: `Hub ${id}`, email })
  const current = await result.client.get('/api/v1/users/current')
  return { id: current.body.user.id as number, email, client: result.client }
}

/** Makes every session of the user look as if it was signed in an hour ago. */
async function ageSessions(userId: number) {
  await ctx.app.db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
    .where(eq(sessions.userId, userId))
}

/** A second browser of the same person, signed in with e-mail and password. */
async function signInElsewhere(user: TestUser) {
  const response = await new TestClient(ctx.app).post('/api/auth/sign-in/email', {
    email: user.email,
    password: user.password,
  })
  expect(response.status).toBe(200)
  const cookie = [response.headers['set-cookie']]
    .flat()
    .map((c) => String(c).split(';')[0])
    .join('; ')
  return new TestClient(ctx.app, cookie)
}

async function isSignedIn(client: TestClient) {
  return (await client.get('/api/v1/users/current')).body.user !== null
}

describe('current user', () => {
  it('answers {user: null} when signed out', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/users/current')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ user: null })
  })

  it('answers the spec record for a signed-in user', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.get('/api/v1/users/current')
    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({
      id: user.id,
      username: user.username,
      moderator: false,
      is_admin: false,
      impersonated: false,
      popularity: 0,
      notification_count: 0,
    })
  })

  it('shows moderator and admin flags from the role', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const response = await admin.client.get('/api/v1/users/current')
    expect(response.body.user).toMatchObject({ moderator: true, is_admin: true })
  })
})

describe('settings', () => {
  it('changes name and username, and frees the old handle', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/users/profile', {
      name: 'New Name',
      username: `${user.username}x`,
    })
    expect(response.status).toBe(200)
    const current = await user.client.get('/api/v1/users/current')
    expect(current.body.user).toMatchObject({ name: 'New Name', username: `${user.username}x` })
    const other = await buildUser(ctx.app, { username: user.username, email: `other-${user.email}` })
    expect(other.username).toBe(user.username)
  })

  it('answers 400 with a field error when the username is taken', async () => {
    const first = await buildUser(ctx.app)
    const second = await buildUser(ctx.app)
    const response = await second.client.post('/api/v1/users/profile', { name: 'Second', username: first.username })
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ username: ['is already taken'] })
  })

  it('answers 400 for a reserved username', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/users/profile', { name: 'x', username: 'settings' })
    expect(response.status).toBe(400)
    expect(response.body.error.fields.username).toEqual(['is reserved'])
  })

  it('answers 401 when signed out', async () => {
    const response = await new TestClient(ctx.app).post('/api/v1/users/profile', { name: 'x', username: 'abcdef' })
    expect(response.status).toBe(401)
  })

  it('changes the password only with the current one', async () => {
    const user = await buildUser(ctx.app)
    const wrong = await user.client.post('/api/v1/users/password', {
      current_password: 'nope',
      new_password: 'a-new-password',
    })
    expect(wrong.status).toBe(400)
    const right = await user.client.post('/api/v1/users/password', {
      current_password: user.password,
      new_password: 'a-new-password',
    })
    expect(right.status).toBe(200)
    const signIn = await new TestClient(ctx.app).post('/api/auth/sign-in/email', {
      email: user.email,
      password: 'a-new-password',
    })
    expect(signIn.status).toBe(200)
  })

  it('answers 400 with a field error for a wrong current password, and changes nothing', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/users/password', {
      current_password: 'not-my-password',
      new_password: 'a-new-password',
    })
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ current_password: ['is incorrect'] })
    expect(await isSignedIn(user.client)).toBe(true)
  })

  it('signs out every other session on a password change and keeps this browser signed in', async () => {
    const user = await buildUser(ctx.app)
    const elsewhere = await signInElsewhere(user)
    const response = await user.client.post('/api/v1/users/password', {
      current_password: user.password,
      new_password: 'another-new-password',
    })
    expect(response.status).toBe(200)
    expect(await isSignedIn(elsewhere)).toBe(false)
    // Better Auth replaced the sessions: the response carries this browser's new cookie
    const renewed = new TestClient(
      ctx.app,
      [response.headers['set-cookie']]
        .flat()
        .map((c) => String(c).split(';')[0])
        .join('; '),
    )
    expect(await isSignedIn(renewed)).toBe(true)
  })

  it('answers 400 no_password when an account made through GitHub tries to change a password it has not got', async () => {
    const person = await buildGithubUser()
    const response = await person.client.post('/api/v1/users/password', {
      current_password: 'anything',
      new_password: 'a-new-password',
    })
    expect(response.status).toBe(400)
    expect(response.body.error.error_msg).toBe('no_password')
  })

  it('answers 401 to every settings write when signed out', async () => {
    const anonymous = new TestClient(ctx.app)
    for (const [url, body] of [
      ['/api/v1/users/email', { email: 'x@example.test', current_password: 'whatever' }],
      ['/api/v1/users/password', { current_password: 'whatever', new_password: 'a-new-password' }],
      ['/api/v1/users/password/set', { new_password: 'a-new-password' }],
    ] as const) {
      expect((await anonymous.post(url, body)).status).toBe(401)
    }
  })
})

describe('impersonation', () => {
  it('answers 403 to an admin impersonating the user for the e-mail, password and first password', async () => {
    const user = await buildUser(ctx.app)
    const asAdmin = await impersonate(ctx.app, user)
    for (const [url, body] of [
      ['/api/v1/users/email', { email: `taken-over-${user.email}`, current_password: user.password }],
      ['/api/v1/users/password', { current_password: user.password, new_password: 'taken-over-password' }],
      ['/api/v1/users/password/set', { new_password: 'taken-over-password' }],
    ] as const) {
      expect((await asAdmin.post(url, body)).status).toBe(403)
    }
    expect((await user.client.get('/api/v1/users/current')).body.user.email).toBe(user.email)
  })
})

describe('e-mail change', () => {
  it('answers 400 when the current password is missing', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/users/email', { email: 'new-missing@example.test' })
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ current_password: ["can't be blank"] })
  })

  it('answers 400 when the current password is wrong, and keeps the address', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/users/email', {
      email: 'new-wrong@example.test',
      current_password: 'not-my-password',
    })
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ current_password: ['is incorrect'] })
    expect((await user.client.get('/api/v1/users/current')).body.user.email).toBe(user.email)
  })

  it('refuses an e-mail already used by another account', async () => {
    const first = await buildUser(ctx.app)
    const second = await buildUser(ctx.app)
    const response = await second.client.post('/api/v1/users/email', {
      email: first.email,
      current_password: second.password,
    })
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ email: ['has already been taken'] })
  })

  it('changes the address with the current password once the link to the new one is followed, the old one told', async () => {
    const user = await buildUser(ctx.app)
    const elsewhere = await signInElsewhere(user)
    const newEmail = `moved-${user.username}@example.test`
    const response = await user.client.post('/api/v1/users/email', {
      email: newEmail.toUpperCase(),
      current_password: user.password,
    })
    expect(response.status).toBe(200)
    expect(await isSignedIn(user.client)).toBe(true)
    expect(await isSignedIn(elsewhere)).toBe(false)
    // decision 052: nothing changes until the new address proves itself
    const [before] = await ctx.app.db.select().from(users).where(eq(users.id, user.id))
    expect(before).toMatchObject({ email: user.email, emailVerified: true })
    expect((await user.client.get('/api/v1/users/current')).body.user.pending_email).toBe(newEmail)
    const followed = await new TestClient(ctx.app).post('/api/v1/users/email/verify', {
      token: await emailLinkToken(ctx.app.db, newEmail),
    })
    expect(followed.status).toBe(200)
    expect(followed.body).toEqual({ purpose: 'change', email: newEmail })
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ email: newEmail, emailVerified: true })
    expect((await user.client.get('/api/v1/users/current')).body.user.pending_email).toBeNull()
    const told = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'account.email_changed'), eq(mailOutbox.toAddress, user.email)))
    expect(told).toHaveLength(1)
    expect(told[0]!.textBody).toContain(newEmail)
    const signIn = await new TestClient(ctx.app).post('/api/auth/sign-in/email', {
      email: newEmail,
      password: user.password,
    })
    expect(signIn.status).toBe(200)
  })

  it('lets an account made through GitHub change its address right after signing in, without a password', async () => {
    const person = await buildGithubUser()
    const response = await person.client.post('/api/v1/users/email', { email: `moved-${person.email}` })
    expect(response.status).toBe(200)
    expect((await person.client.get('/api/v1/users/current')).body.user.pending_email).toBe(`moved-${person.email}`)
    const token = await emailLinkToken(ctx.app.db, `moved-${person.email}`)
    expect((await new TestClient(ctx.app).post('/api/v1/users/email/verify', { token })).status).toBe(200)
    expect((await person.client.get('/api/v1/users/current')).body.user.email).toBe(`moved-${person.email}`)
  })

  it('answers 403 reauthenticate to an account made through GitHub whose sign-in is not recent', async () => {
    const person = await buildGithubUser()
    await ageSessions(person.id)
    const response = await person.client.post('/api/v1/users/email', { email: `stale-${person.email}` })
    expect(response.status).toBe(403)
    expect(response.body.error.error_msg).toBe('reauthenticate')
    expect((await person.client.get('/api/v1/users/current')).body.user.email).toBe(person.email)
  })
})

describe('setting a first password', () => {
  it('lets an account made through GitHub set a password after a recent sign-in, then sign in with it', async () => {
    const person = await buildGithubUser()
    expect((await person.client.get('/api/v1/users/current')).body.user).toMatchObject({
      has_password: false,
      sign_in_providers: ['github'],
    })
    const response = await person.client.post('/api/v1/users/password/set', { new_password: 'my-first-password' })
    expect(response.status).toBe(200)
    expect((await person.client.get('/api/v1/users/current')).body.user).toMatchObject({
      has_password: true,
      sign_in_providers: ['password', 'github'],
    })
    const signIn = await new TestClient(ctx.app).post('/api/auth/sign-in/email', {
      email: person.email,
      password: 'my-first-password',
    })
    expect(signIn.status).toBe(200)
  })

  it('answers 403 reauthenticate when the sign-in is not recent', async () => {
    const person = await buildGithubUser()
    await ageSessions(person.id)
    const response = await person.client.post('/api/v1/users/password/set', { new_password: 'my-first-password' })
    expect(response.status).toBe(403)
    expect(response.body.error.error_msg).toBe('reauthenticate')
  })

  it('answers 409 when the account already has a password', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/users/password/set', { new_password: 'my-first-password' })
    expect(response.status).toBe(409)
    expect(response.body.error.error_msg).toBe('password_already_set')
  })

  it('answers 400 with a field error for a short password', async () => {
    const person = await buildGithubUser()
    const response = await person.client.post('/api/v1/users/password/set', { new_password: 'short' })
    expect(response.status).toBe(400)
    expect(response.body.error.fields.new_password).toEqual(['is too short (minimum is 8 characters)'])
  })
})

describe('newsletter', () => {
  it('changes the weekly newsletter subscription with the profile', async () => {
    const user = await buildUser(ctx.app)
    expect((await user.client.get('/api/v1/users/current')).body.user.weekly_digest_subscribed).toBe(true)
    const response = await user.client.post('/api/v1/users/profile', {
      name: 'Quiet Person',
      username: user.username,
      weekly_digest_subscribed: false,
    })
    expect(response.status).toBe(200)
    expect((await user.client.get('/api/v1/users/current')).body.user.weekly_digest_subscribed).toBe(false)
  })
})

describe("profile settings: onboarding's basic information", () => {
  const basicInformation = {
    first_name: '  Ada ',
    last_name: 'Lovelace',
    company_name: 'Analytical Engines',
    title: 'Engineer',
    picture: '/uploads/avatars/ada.png',
    weekly_digest_subscribed: false,
  }
  const profileOf = async (client: TestClient) => (await client.get('/api/v1/users/current')).body.user
  /** Saves the profile settings of `user` (their own username unless given), the basic information above included. */
  const saveProfile = (user: TestUser, fields: Record<string, unknown> = {}, client = user.client) =>
    client.post('/api/v1/users/profile', { name: 'Ada L.', username: user.username, ...basicInformation, ...fields })

  it('saves the photo, names, company, job title and newsletter, and the current user answers them', async () => {
    const user = await buildUser(ctx.app)
    const response = await saveProfile(user)
    expect(response.status).toBe(200)
    expect(await profileOf(user.client)).toMatchObject({
      // The name is the one typed in settings, not "first last" as onboarding makes it.
      name: 'Ada L.',
      first_name: 'Ada',
      last_name: 'Lovelace',
      company_name: 'Analytical Engines',
      title: 'Engineer',
      image_url: '/uploads/avatars/ada.png',
      weekly_digest_subscribed: false,
    })
    // The public profile shows the new name and photo.
    const profile = await new TestClient(ctx.app).get(`/api/v1/users/${user.username}`)
    expect(profile.body.user).toMatchObject({ name: 'Ada L.', image_url: '/uploads/avatars/ada.png' })
  })

  it('clears blank fields, keeps the ones left out, and keeps the photo when none is sent', async () => {
    const user = await buildUser(ctx.app)
    await saveProfile(user)
    const response = await user.client.post('/api/v1/users/profile', {
      name: 'Ada',
      username: user.username,
      first_name: '   ',
      company_name: null,
      picture: null,
    })
    expect(response.status).toBe(200)
    expect(await profileOf(user.client)).toMatchObject({
      first_name: null,
      company_name: null,
      last_name: 'Lovelace',
      title: 'Engineer',
      image_url: '/uploads/avatars/ada.png',
      weekly_digest_subscribed: false,
    })
  })

  it('answers what onboarding saved (one record, two forms)', async () => {
    const user = await buildUser(ctx.app)
    await user.client.post('/api/v1/onboarding/submit_basic_information', { user: basicInformation })
    expect(await profileOf(user.client)).toMatchObject({ first_name: 'Ada', name: 'Ada Lovelace', title: 'Engineer' })
  })

  it("answers 400 in the error envelope with onboarding's limits, and writes nothing", async () => {
    const user = await buildUser(ctx.app, { name: 'Before' })
    const before = await profileOf(user.client)
    const response = await saveProfile(user, {
      name: 'After',
      username: `${user.username}x`,
      first_name: 'A'.repeat(31),
      company_name: 'C'.repeat(61),
      picture: 'javascript:alert(1)',
    })
    expect(response.status).toBe(400)
    expect(response.body.error).toMatchObject({
      code: 'validation_failed',
      fields: {
        first_name: ['is too long (maximum is 30 characters)'],
        company_name: ['is too long (maximum is 60 characters)'],
        picture: ['is invalid'],
      },
    })
    expect(await profileOf(user.client)).toEqual(before)
  })

  it('answers 400 for a taken username before writing any basic information', async () => {
    const first = await buildUser(ctx.app)
    const second = await buildUser(ctx.app)
    const before = await profileOf(second.client)
    const response = await saveProfile(second, { username: first.username })
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ username: ['is already taken'] })
    expect(await profileOf(second.client)).toEqual(before)
  })

  it('answers 500 and writes nothing when a write after the name and basic information fails (one transaction)', async () => {
    const user = await buildUser(ctx.app, { name: 'Before' })
    const before = await profileOf(user.client)
    // The handle namespace is written last (after the name, the basic information and the username): make it fail.
    await ctx.app.db.execute(
      sql.raw(`CREATE FUNCTION refuse_handle() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'forced failure'; END $$`),
    )
    await ctx.app.db.execute(
      sql.raw(`CREATE TRIGGER refuse_handle BEFORE INSERT ON owner_handle FOR EACH ROW
        WHEN (NEW.user_id = ${user.id}) EXECUTE FUNCTION refuse_handle()`),
    )
    try {
      const response = await saveProfile(user, { name: 'After', username: `${user.username}x` })
      expect(response.status).toBe(500)
    } finally {
      await ctx.app.db.execute(sql.raw('DROP TRIGGER refuse_handle ON owner_handle'))
      await ctx.app.db.execute(sql.raw('DROP FUNCTION refuse_handle()'))
    }
    expect(await profileOf(user.client)).toEqual(before)
    const [handle] = await ctx.app.db.select().from(ownerHandles).where(eq(ownerHandles.userId, user.id))
    expect(handle?.slug).toBe(user.username)
  })

  it('keeps the display spelling of the username and answers the new values at once', async () => {
    const user = await buildUser(ctx.app)
    const typed = `${user.username.toUpperCase()}x`
    expect((await saveProfile(user, { name: 'Ada New', username: typed })).status).toBe(200)
    expect(await profileOf(user.client)).toMatchObject({ name: 'Ada New', username: typed.toLowerCase() })
    const [row] = await ctx.app.db
      .select({ displayUsername: users.displayUsername })
      .from(users)
      .where(eq(users.id, user.id))
    expect(row?.displayUsername).toBe(typed)
    const [handle] = await ctx.app.db.select().from(ownerHandles).where(eq(ownerHandles.userId, user.id))
    expect(handle?.slug).toBe(typed.toLowerCase())
  })

  it('answers 401 when signed out, and 403 to an admin impersonating the user; nothing changes', async () => {
    const user = await buildUser(ctx.app)
    const before = await profileOf(user.client)
    const signedOut = await saveProfile(user, { name: 'Someone Else' }, new TestClient(ctx.app))
    expect(signedOut.status).toBe(401)
    expect(signedOut.body.error.code).toBe('unauthorized')
    const asAdmin = await impersonate(ctx.app, user)
    expect((await saveProfile(user, { name: 'Someone Else' }, asAdmin)).status).toBe(403)
    expect(await profileOf(user.client)).toEqual(before)
  })
})

describe('rate limits', () => {
  it('answers 429 after 10 password attempts in 15 minutes', async () => {
    const limited = await createTestApp({ rateLimitEnabled: true })
    try {
      const user = await buildUser(limited.app)
      const statuses: number[] = []
      for (let attempt = 0; attempt < 11; attempt++) {
        const response = await user.client.post('/api/v1/users/password', {
          current_password: 'not-my-password',
          new_password: 'a-new-password',
        })
        statuses.push(response.status)
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400))
      expect(statuses[10]).toBe(429)
    } finally {
      await limited.close()
    }
  })
})
