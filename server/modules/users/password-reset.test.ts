// "Forgot password?" (issue 31; decision 074): the e-mailed link, its single use, what it tells nobody, and what it
// proves: an account nobody had proved belongs to whoever holds the mailbox.
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, users } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: ['reset-boss@example.test'] })
})
afterAll(async () => {
  await ctx.close()
})

const anonymous = () => new TestClient(ctx.app)
const requestLink = (email: string) => anonymous().post('/api/auth/request-password-reset', { email })
const reset = (token: string, newPassword: string) =>
  anonymous().post('/api/auth/reset-password', { token, newPassword })
const signIn = (email: string, password: string) => anonymous().post('/api/auth/sign-in/email', { email, password })
const current = async (client: TestClient) => (await client.get('/api/v1/users/current')).body.user

/** The token of the newest reset e-mail to `to`, or null when none was queued. */
async function resetToken(to: string): Promise<string | null> {
  const [mail] = await ctx.app.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, 'account.reset_password')))
    .orderBy(desc(mailOutbox.id))
    .limit(1)
  const match = /\/reset-password\?token=(\S+)/.exec(mail?.text ?? '')
  return match ? decodeURIComponent(match[1]!) : null
}

describe('Forgot password?', () => {
  it('mails a link to the address, and the new password works once it is chosen; the old one and its sessions do not', async () => {
    const user = await buildUser(ctx.app)
    const asked = await requestLink(user.email)
    expect(asked.status).toBe(200)
    const token = await resetToken(user.email)
    expect(token).toBeTruthy()
    expect((await reset(token!, 'a-brand-new-password')).status).toBe(200)
    expect(await current(user.client)).toBeNull()
    expect((await signIn(user.email, user.password)).status).toBe(401)
    expect((await signIn(user.email, 'a-brand-new-password')).status).toBe(200)
    // single use
    expect((await reset(token!, 'yet-another-password')).status).toBe(400)
  })

  it('answers an address nobody uses exactly as one in use, and mails nothing', async () => {
    const asked = await requestLink('nobody-here@example.test')
    expect(asked.status).toBe(200)
    expect(asked.body.message).toBe((await requestLink((await buildUser(ctx.app)).email)).body.message)
    expect(await resetToken('nobody-here@example.test')).toBeNull()
  })

  it('refuses a password out of bounds, and a made-up token', async () => {
    const user = await buildUser(ctx.app)
    await requestLink(user.email)
    expect((await reset((await resetToken(user.email))!, 'short')).status).toBe(400)
    expect((await reset('made-up-token', 'a-long-enough-password')).status).toBe(400)
  })

  it('gives the owner of the mailbox an account someone else made with the address and never proved', async () => {
    // the squatter typed the owner's address, holds its password and a session
    const squatter = await buildUser(ctx.app, { email: 'reset-boss@example.test', verified: false })
    expect(await current(squatter.client)).toMatchObject({ email_verified: false, is_admin: false })
    await requestLink('reset-boss@example.test')
    expect((await reset((await resetToken('reset-boss@example.test'))!, 'owners-own-password')).status).toBe(200)
    expect(await current(squatter.client)).toBeNull()
    expect((await signIn('reset-boss@example.test', squatter.password)).status).toBe(401)
    const owner = await signIn('reset-boss@example.test', 'owners-own-password')
    expect(owner.status).toBe(200)
    const [row] = await ctx.app.db.select().from(users).where(eq(users.email, 'reset-boss@example.test'))
    // the link proved the address: verified, and what it grants (ADMIN_EMAILS) comes with it
    expect(row).toMatchObject({ emailVerified: true, role: 'admin' })
  })

  it('stops a link to an address once the account moved to another (the link proves only the address it went to)', async () => {
    const user = await buildUser(ctx.app, { verified: false })
    await requestLink(user.email)
    const token = await resetToken(user.email)
    const moved = await user.client.post('/api/v1/users/email', {
      email: `moved-${user.username}@example.test`,
      current_password: user.password,
    })
    expect(moved.status).toBe(200)
    expect((await reset(token!, 'a-long-enough-password')).status).toBe(400)
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.emailVerified).toBe(false)
  })
})
