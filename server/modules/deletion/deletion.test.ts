import fs from 'node:fs'
import path from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  COMPANY_NAME_MISMATCH,
  IMPERSONATED_DELETE_ACCOUNT,
  IMPERSONATED_DELETE_COMPANY,
  ONLY_ADMINS_DELETE_COMPANY,
  USERNAME_MISMATCH,
} from '#contracts/deletion.ts'
import {
  accounts,
  comments,
  commentVotes,
  companies,
  companyCustomers,
  companyInvitations,
  companyMembers,
  follows,
  notifications,
  ownerHandles,
  reasons,
  reasonVotes,
  sessions,
  stacks,
  tools,
  users,
} from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildCompany, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { impersonate, insertReason, insertTool } from '../../test/stack-fixtures.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const db = () => ctx.app.db

async function toolRow(id: number) {
  const [row] = await db().select().from(tools).where(eq(tools.id, id))
  return row!
}

async function createStack(user: TestUser, services: number[], owner: { type: 'User' | 'Company'; id: number }) {
  const response = await user.client.post('/api/v1/stacks/create', {
    stack: { name: `Stack ${Math.random().toString(36).slice(2, 8)}`, services, owner },
  })
  expect(response.status).toBe(200)
  const [row] = await db()
    .select()
    .from(stacks)
    .where(owner.type === 'User' ? eq(stacks.ownerUserId, owner.id) : eq(stacks.ownerCompanyId, owner.id))
    .orderBy(sql`${stacks.id} desc`)
    .limit(1)
  return row!
}

/** A user with a public personal stack, a follow, a reason vote, a comment with a reply and an up-vote elsewhere. */
async function busyUser() {
  const user = await buildUser(ctx.app)
  const other = await buildUser(ctx.app)
  const tool = await insertTool(db())
  const followed = await insertTool(db())
  const stack = await createStack(user, [tool.id], { type: 'User', id: user.id })
  await user.client.get(`/api/v1/follows/toggle?followee_type=tool&followee_id=${followed.id}`)
  await other.client.get(`/api/v1/follows/toggle?followee_type=stack&followee_id=${stack.id}`)
  await other.client.get(`/api/v1/follows/toggle?followee_type=user&followee_id=${user.id}`)
  const reason = await insertReason(db(), followed.id, `Fast ${user.id}`)
  expect((await user.client.post('/api/v1/reasons/toggle_vote', { id: reason.id, vote: 1 })).status).toBe(200)
  const otherComment = await other.client.post('/api/v1/comments', {
    comment: { body: 'Nice tool', commentable_id: followed.id, commentable_type: 'tool' },
  })
  expect(otherComment.status).toBe(200)
  const [otherRow] = await db().select().from(comments).where(eq(comments.userId, other.id))
  await user.client.post(`/api/v1/comments/${otherRow!.id}/toggle_upvote`)
  const own = await user.client.post('/api/v1/comments', {
    comment: { body: 'My comment', commentable_id: followed.id, commentable_type: 'tool' },
  })
  expect(own.status).toBe(200)
  await other.client.post('/api/v1/comments', {
    comment: { body: 'On the stack', commentable_id: stack.id, commentable_type: 'stack' },
  })
  return { user, other, tool, followed, stack, reason, otherCommentId: otherRow!.id }
}

describe('POST /users/delete', () => {
  it('deletes the account, its stacks, follows, votes and comments, keeps counters right and signs out everywhere', async () => {
    const { user, other, tool, followed, stack, reason, otherCommentId } = await busyUser()
    const secondDevice = new TestClient(
      ctx.app,
      (
        await new TestClient(ctx.app).post('/api/auth/sign-in/username', {
          username: user.username,
          password: user.password,
        })
      ).headers['set-cookie']!.toString().split(';')[0],
    )
    expect((await secondDevice.get('/api/v1/users/current')).body.user.id).toBe(user.id)
    expect((await toolRow(tool.id)).stacksCount).toBe(1)
    expect((await toolRow(followed.id)).followersCount).toBe(1)
    expect((await toolRow(followed.id)).votesCount).toBe(1)

    const response = await user.client.post('/users/delete', { confirmation: user.username })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ ok: true, redirect_to: '/' })
    expect(String(response.headers['set-cookie'])).toContain('stackatlas.session_token=;')

    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([])
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([])
    expect(await db().select().from(accounts).where(eq(accounts.userId, user.id))).toEqual([])
    expect(await db().select().from(ownerHandles).where(eq(ownerHandles.slug, user.username))).toEqual([])
    expect(await db().select().from(stacks).where(eq(stacks.id, stack.id))).toEqual([])
    expect((await toolRow(tool.id)).stacksCount).toBe(0)
    expect((await toolRow(followed.id)).followersCount).toBe(0)
    expect((await toolRow(followed.id)).votesCount).toBe(0)
    const [reasonRow] = await db().select().from(reasons).where(eq(reasons.id, reason.id))
    expect(reasonRow!.votesTotal).toBe(0)
    expect(await db().select().from(reasonVotes).where(eq(reasonVotes.reasonId, reason.id))).toEqual([])
    const [otherComment] = await db().select().from(comments).where(eq(comments.id, otherCommentId))
    expect(otherComment!.votes).toBe(0)
    expect(await db().select().from(commentVotes).where(eq(commentVotes.userId, user.id))).toEqual([])
    // the stack's comments and follows, and the follows of the user, go too
    expect(await db().select().from(comments).where(eq(comments.commentableId, stack.id))).toEqual([])
    expect(await db().select().from(follows).where(eq(follows.userId, other.id))).toEqual([])

    // signed out everywhere: the old cookies are worthless
    expect((await user.client.get('/api/v1/users/current')).body).toEqual({ user: null })
    expect((await secondDevice.get('/api/v1/users/current')).body).toEqual({ user: null })
    // the username is free again
    expect((await buildUser(ctx.app, { username: user.username })).username).toBe(user.username)
  })

  it('deletes the companies where the user is the only member, and leaves a company with another admin', async () => {
    const user = await buildUser(ctx.app)
    const colleague = await buildUser(ctx.app)
    const tool = await insertTool(db())
    const solo = await buildCompany(db(), { members: [{ userId: user.id, role: 'admin' }] })
    const shared = await buildCompany(db(), {
      members: [
        { userId: user.id, role: 'admin' },
        { userId: colleague.id, role: 'admin' },
      ],
    })
    await createStack(user, [tool.id], { type: 'Company', id: solo.id })
    await createStack(user, [tool.id], { type: 'Company', id: shared.id })
    expect((await toolRow(tool.id)).stacksCount).toBe(2)
    const preview = await user.client.get('/api/v1/users/deletion')
    expect(preview.body).toEqual({
      username: user.username,
      blocking_companies: [],
      deleted_companies: [{ id: solo.id, name: solo.name, slug: solo.slug }],
      stacks_count: 0,
    })
    expect((await user.client.post('/users/delete', { confirmation: user.username })).status).toBe(200)
    expect(await db().select().from(companies).where(eq(companies.id, solo.id))).toEqual([])
    expect(await db().select().from(companies).where(eq(companies.id, shared.id))).toHaveLength(1)
    expect(await db().select().from(stacks).where(eq(stacks.ownerCompanyId, shared.id))).toHaveLength(1)
    expect((await toolRow(tool.id)).stacksCount).toBe(1)
  })

  it('answers 409 while the user is the last admin of a company with other members, until they hand over', async () => {
    const user = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const company = await buildCompany(db(), {
      name: `Team ${user.id}`,
      members: [
        { userId: user.id, role: 'admin' },
        { userId: member.id, role: 'member' },
      ],
    })
    const preview = await user.client.get('/api/v1/users/deletion')
    expect(preview.body.blocking_companies).toEqual([{ id: company.id, name: company.name, slug: company.slug }])
    const refused = await user.client.post('/users/delete', { confirmation: user.username })
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toBe(
      `Sorry - Before you can delete your account, you need to make someone else an admin of ${company.name}.`,
    )
    expect(await db().select().from(users).where(eq(users.id, user.id))).toHaveLength(1)
    await db().update(companyMembers).set({ role: 'admin' }).where(eq(companyMembers.userId, member.id))
    expect((await user.client.post('/users/delete', { confirmation: user.username })).status).toBe(200)
    expect(await db().select().from(companyMembers).where(eq(companyMembers.companyId, company.id))).toEqual([
      expect.objectContaining({ userId: member.id, role: 'admin' }),
    ])
  })

  it('answers 400 for a confirmation that is not exactly the username', async () => {
    const user = await buildUser(ctx.app)
    for (const confirmation of [user.username.toUpperCase(), ` ${user.username}`, '', 'someone']) {
      const response = await user.client.post('/users/delete', { confirmation })
      expect(response.status).toBe(400)
      expect(response.body.error.fields).toEqual({ confirmation: [USERNAME_MISMATCH] })
    }
    expect((await user.client.post('/users/delete', {})).status).toBe(400)
    expect(await db().select().from(users).where(eq(users.id, user.id))).toHaveLength(1)
  })

  it('answers 403 to an impersonated session and 401 when signed out', async () => {
    const user = await buildUser(ctx.app)
    const impersonated = await (await impersonate(ctx.app, user)).post('/users/delete', { confirmation: user.username })
    expect(impersonated.status).toBe(403)
    expect(impersonated.body.error.message).toBe(IMPERSONATED_DELETE_ACCOUNT)
    expect((await new TestClient(ctx.app).post('/users/delete', { confirmation: user.username })).status).toBe(401)
    expect((await new TestClient(ctx.app).get('/api/v1/users/deletion')).status).toBe(401)
    expect(await db().select().from(users).where(eq(users.id, user.id))).toHaveLength(1)
  })

  it('leaves nothing half-written when the deletion fails midway', async () => {
    const { user, tool, followed, stack, reason, otherCommentId } = await busyUser()
    const before = {
      tool: await toolRow(tool.id),
      followed: await toolRow(followed.id),
      comment: (await db().select().from(comments).where(eq(comments.id, otherCommentId)))[0],
      reason: (await db().select().from(reasons).where(eq(reasons.id, reason.id)))[0],
    }
    // The user row is the last thing deleted: fail there, after every other step has run.
    await db().execute(
      sql.raw(`create or replace function refuse_user_delete() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`),
    )
    await db().execute(
      sql.raw(`
      create trigger refuse_user_delete before delete on "user"
        for each row when (old.id = ${user.id}) execute function refuse_user_delete();`),
    )
    try {
      const response = await user.client.post('/users/delete', { confirmation: user.username })
      expect(response.status).toBe(500)
    } finally {
      await db().execute(sql.raw('drop trigger refuse_user_delete on "user"'))
      await db().execute(sql.raw('drop function refuse_user_delete()'))
    }
    expect(await db().select().from(stacks).where(eq(stacks.id, stack.id))).toHaveLength(1)
    expect(await toolRow(tool.id)).toEqual(before.tool)
    expect(await toolRow(followed.id)).toEqual(before.followed)
    expect((await db().select().from(comments).where(eq(comments.id, otherCommentId)))[0]).toEqual(before.comment)
    expect((await db().select().from(reasons).where(eq(reasons.id, reason.id)))[0]).toEqual(before.reason)
    expect(await db().select().from(comments).where(eq(comments.commentableId, stack.id))).toHaveLength(1)
    expect(await db().select().from(follows).where(eq(follows.userId, user.id))).toHaveLength(1)
    expect((await user.client.get('/api/v1/users/current')).body.user.id).toBe(user.id)
  })
})

describe('pending team invitations', () => {
  it("go with their company; those a deleted user sent stay the company's", async () => {
    const leaver = await buildUser(ctx.app)
    const admin = await buildUser(ctx.app)
    const company = await buildCompany(db(), {
      members: [
        { userId: leaver.id, role: 'admin' },
        { userId: admin.id, role: 'admin' },
      ],
    })
    const other = await buildCompany(db(), { members: [{ userId: admin.id, role: 'admin' }] })
    const invite = (companyId: number, email: string) => ({
      companyId,
      email,
      invitedById: leaver.id,
      nonce: email,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    const [kept] = await db()
      .insert(companyInvitations)
      .values(invite(company.id, `kept${leaver.id}@x.example`))
      .returning()
    const [gone] = await db()
      .insert(companyInvitations)
      .values(invite(other.id, `gone${leaver.id}@x.example`))
      .returning()
    expect((await leaver.client.post('/users/delete', { confirmation: leaver.username })).status).toBe(200)
    const [row] = await db().select().from(companyInvitations).where(eq(companyInvitations.id, kept!.id))
    expect(row).toMatchObject({ companyId: company.id, invitedById: null, acceptedAt: null })
    expect(
      (await admin.client.post('/companies/delete', { companyId: other.id, confirmation: other.name })).status,
    ).toBe(200)
    expect(await db().select().from(companyInvitations).where(eq(companyInvitations.id, gone!.id))).toEqual([])
  })
})

describe('notifications about deleted things', () => {
  it('go with the stack, the company or the comment they point at; others stay', async () => {
    const admin = await buildUser(ctx.app)
    const reader = await buildUser(ctx.app)
    const tool = await insertTool(db())
    const company = await buildCompany(db(), { members: [{ userId: admin.id, role: 'admin' }] })
    const stack = await createStack(admin, [tool.id], { type: 'Company', id: company.id })
    const note = (groupKey: string) => ({
      key: `${groupKey}:${Math.random()}`,
      recipientId: reader.id,
      type: groupKey.split(':')[0]!,
      groupKey,
      targetPath: '/somewhere',
    })
    await db()
      .insert(notifications)
      .values([
        note(`stack_tool_added:stack:${stack.id}`),
        note(`company_follow:company:${company.id}`),
        note(`stack_tool_added:stack:${stack.id + 100000}`),
        note(`tool_approved:tool:${tool.id}`),
      ])
    expect(
      (await admin.client.post('/companies/delete', { companyId: company.id, confirmation: company.name })).status,
    ).toBe(200)
    const left = await db().select().from(notifications).where(eq(notifications.recipientId, reader.id))
    expect(left.map((row) => row.groupKey).sort()).toEqual(
      [`stack_tool_added:stack:${stack.id + 100000}`, `tool_approved:tool:${tool.id}`].sort(),
    )
  })
})

describe("notifications by a deleted account's actions", () => {
  it("leave others' lists and unread counts: its follows, comments, replies and votes are gone", async () => {
    const alice = await buildUser(ctx.app)
    const [bob, carol] = [await buildUser(ctx.app), await buildUser(ctx.app)]
    const tool = await insertTool(db())
    const stack = await createStack(alice, [tool.id], { type: 'User', id: alice.id })
    const reason = await insertReason(db(), tool.id, 'Fast')
    await db().update(reasons).set({ userId: alice.id }).where(eq(reasons.id, reason.id))
    const posted = await alice.client.post('/api/v1/comments', {
      comment: { body: 'Use it as a cache', commentable_id: tool.id, commentable_type: 'tool' },
    })
    expect(posted.status).toBe(200)
    const commentId = posted.body.id as number
    const call = async (response: Promise<{ status: number }>) => expect((await response).status).toBe(200)
    await call(bob.client.get(`/api/v1/follows/toggle?followee_type=user&followee_id=${alice.id}`))
    await call(bob.client.post(`/api/v1/comments/${commentId}/toggle_upvote`))
    await call(carol.client.post(`/api/v1/comments/${commentId}/toggle_upvote`))
    await call(
      bob.client.post('/api/v1/comments/reply', {
        comment: { parent_id: commentId, body: 'Agreed', commentable_id: tool.id, commentable_type: 'tool' },
      }),
    )
    await call(
      bob.client.post('/api/v1/comments', {
        comment: { body: 'Nice stack', commentable_id: stack.id, commentable_type: 'stack' },
      }),
    )
    await call(bob.client.post('/api/v1/reasons/toggle_vote', { id: reason.id, vote: 1 }))
    const counts = async () => (await alice.client.get('/api/v1/notifications/notification_count')).body
    expect(await counts()).toEqual({ notification_count: 5, unread_notifications_count: 5 })

    expect((await bob.client.post('/users/delete', { confirmation: bob.username })).status).toBe(200)
    const current = (await alice.client.get('/api/v1/users/current')).body.user
    expect(current.notifications.map((item: { content: string }) => item.content)).toEqual([
      `${carol.username} upvoted your comment on ${tool.name}`,
    ])
    expect(current.notification_count).toBe(1)
    expect(current.unread_notifications_count).toBe(1)
    expect(await counts()).toEqual({ notification_count: 1, unread_notifications_count: 1 })
  })
})

describe('POST /companies/delete', () => {
  it("deletes the company, its stacks, members and customers, keeps other vendors' customers by name", async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const follower = await buildUser(ctx.app)
    const tool = await insertTool(db())
    const company = await buildCompany(db(), {
      members: [
        { userId: admin.id, role: 'admin' },
        { userId: member.id, role: 'member' },
      ],
    })
    const stack = await createStack(admin, [tool.id], { type: 'Company', id: company.id })
    await follower.client.get(`/api/v1/follows/toggle?followee_type=company&followee_id=${company.id}`)
    await follower.client.get(`/api/v1/follows/toggle?followee_type=stack&followee_id=${stack.id}`)
    const otherVendor = await buildCompany(db())
    const [listedElsewhere] = await db()
      .insert(companyCustomers)
      .values({
        vendorCompanyId: otherVendor.id,
        toolId: tool.id,
        customerCompanyId: company.id,
        companyName: company.name,
        email: 'a@b.example',
      })
      .returning()
    const [ownCustomer] = await db()
      .insert(companyCustomers)
      .values({ vendorCompanyId: company.id, toolId: tool.id, companyName: 'Theirs', email: 'c@d.example' })
      .returning()

    const response = await admin.client.post('/companies/delete', { companyId: company.id, confirmation: company.name })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ ok: true, redirect_to: '/' })
    expect(await db().select().from(companies).where(eq(companies.id, company.id))).toEqual([])
    expect(await db().select().from(companyMembers).where(eq(companyMembers.companyId, company.id))).toEqual([])
    expect(await db().select().from(ownerHandles).where(eq(ownerHandles.slug, company.slug))).toEqual([])
    expect(await db().select().from(stacks).where(eq(stacks.id, stack.id))).toEqual([])
    expect((await toolRow(tool.id)).stacksCount).toBe(0)
    expect(await db().select().from(follows).where(eq(follows.userId, follower.id))).toEqual([])
    expect(await db().select().from(companyCustomers).where(eq(companyCustomers.id, ownCustomer!.id))).toEqual([])
    const [kept] = await db().select().from(companyCustomers).where(eq(companyCustomers.id, listedElsewhere!.id))
    expect(kept).toMatchObject({ customerCompanyId: null, companyName: company.name })
    // the people stay
    expect(
      await db()
        .select()
        .from(users)
        .where(inArray(users.id, [admin.id, member.id])),
    ).toHaveLength(2)
    expect((await admin.client.get('/api/v1/users/current')).body.user.id).toBe(admin.id)
  })

  it('removes an uploaded logo that nothing else shows', async () => {
    const admin = await buildUser(ctx.app)
    const key = 'logos/0b7f9a4e-8d2c-4f1e-9a57-3c2d1e0f9a8c.png'
    const file = path.join(ctx.app.config.uploadDir, key)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, 'png')
    const company = await buildCompany(db(), {
      imageUrl: `/uploads/${key}`,
      members: [{ userId: admin.id, role: 'admin' }],
    })
    expect(
      (await admin.client.post('/companies/delete', { companyId: company.id, confirmation: company.name })).status,
    ).toBe(200)
    expect(fs.existsSync(file)).toBe(false)
  })

  it('answers 403 to a member who is not admin and to an impersonated admin, 404 for no company, 401 signed out', async () => {
    const admin = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const stranger = await buildUser(ctx.app)
    const company = await buildCompany(db(), {
      members: [
        { userId: admin.id, role: 'admin' },
        { userId: member.id, role: 'member' },
      ],
    })
    const body = { companyId: company.id, confirmation: company.name }
    const notAdmin = await member.client.post('/companies/delete', body)
    expect(notAdmin.status).toBe(403)
    expect(notAdmin.body.error.message).toBe(ONLY_ADMINS_DELETE_COMPANY)
    expect((await stranger.client.post('/companies/delete', body)).status).toBe(403)
    const impersonated = await (await impersonate(ctx.app, admin)).post('/companies/delete', body)
    expect(impersonated.status).toBe(403)
    expect(impersonated.body.error.message).toBe(IMPERSONATED_DELETE_COMPANY)
    expect((await admin.client.post('/companies/delete', { ...body, companyId: 999999 })).status).toBe(404)
    expect((await new TestClient(ctx.app).post('/companies/delete', body)).status).toBe(401)
    expect(await db().select().from(companies).where(eq(companies.id, company.id))).toHaveLength(1)
  })

  it('answers 400 for a confirmation that is not exactly the company name', async () => {
    const admin = await buildUser(ctx.app)
    const company = await buildCompany(db(), { members: [{ userId: admin.id, role: 'admin' }] })
    for (const confirmation of [company.name.toLowerCase(), `${company.name} `, '']) {
      const response = await admin.client.post('/companies/delete', { companyId: company.id, confirmation })
      expect(response.status).toBe(400)
      expect(response.body.error.fields).toEqual({ confirmation: [COMPANY_NAME_MISMATCH] })
    }
    expect(await db().select().from(companies).where(eq(companies.id, company.id))).toHaveLength(1)
  })

  it('leaves nothing half-written when the deletion fails midway', async () => {
    const admin = await buildUser(ctx.app)
    const tool = await insertTool(db())
    const company = await buildCompany(db(), { members: [{ userId: admin.id, role: 'admin' }] })
    const stack = await createStack(admin, [tool.id], { type: 'Company', id: company.id })
    await db().execute(
      sql.raw(`create or replace function refuse_company_delete() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`),
    )
    await db().execute(
      sql.raw(`
      create trigger refuse_company_delete before delete on company
        for each row when (old.id = ${company.id}) execute function refuse_company_delete();`),
    )
    try {
      const response = await admin.client.post('/companies/delete', {
        companyId: company.id,
        confirmation: company.name,
      })
      expect(response.status).toBe(500)
    } finally {
      await db().execute(sql.raw('drop trigger refuse_company_delete on company'))
      await db().execute(sql.raw('drop function refuse_company_delete()'))
    }
    expect(await db().select().from(stacks).where(eq(stacks.id, stack.id))).toHaveLength(1)
    expect((await toolRow(tool.id)).stacksCount).toBe(1)
    expect(await db().select().from(companyMembers).where(eq(companyMembers.companyId, company.id))).toHaveLength(1)
  })
})
