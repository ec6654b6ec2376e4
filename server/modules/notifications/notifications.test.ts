import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOTIFICATIONS_PAGE_SIZE, type Notification } from '#contracts/notifications.ts'
import { notifications } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildCompany, buildStack, buildTool, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { impersonate, insertReason } from '../../test/stack-fixtures.ts'
import { notify, notifyEach } from './notify.ts'

let context: TestContext
beforeAll(async () => {
  context = await createTestApp()
})
afterAll(async () => {
  await context.close()
})

const toggleFollow = (user: TestUser, type: string, id: number) =>
  user.client.get(`/api/v1/follows/toggle?followee_type=${type}&followee_id=${id}`)

async function listOf(user: TestUser, page = 1): Promise<Notification[]> {
  const response = await user.client.get(`/api/v1/notifications/index?page=${page}`)
  expect(response.status).toBe(200)
  return response.body.notifications
}

async function countsOf(user: TestUser) {
  return (await user.client.get('/api/v1/notifications/notification_count')).body
}

/** A notification for `recipient` made directly through notify(), as a module would inside its transaction. */
async function give(recipient: TestUser, actor: TestUser, targetId: number, subject = 'Something') {
  return context.app.db.transaction((tx) =>
    notify(tx, {
      recipientId: recipient.id,
      type: 'comment_upvote',
      actorId: actor.id,
      target: { type: 'comment', id: targetId },
      path: `/tools/t${targetId}`,
      subject,
    }),
  )
}

/** A company with one admin and one plain member. */
async function companyWithTeam(name: string) {
  const admin = await buildUser(context.app)
  const member = await buildUser(context.app)
  const company = await buildCompany(context.app.db, {
    name,
    members: [
      { userId: admin.id, role: 'admin' },
      { userId: member.id, role: 'member' },
    ],
  })
  return { admin, member, company }
}

let targetSequence = 1_000_000
const nextTarget = () => ++targetSequence

describe('events create notifications', () => {
  it('tells a user who follows them, once, however often the follow is toggled', async () => {
    const alice = await buildUser(context.app)
    const bob = await buildUser(context.app)
    expect((await toggleFollow(bob, 'user', alice.id)).status).toBe(200)
    await toggleFollow(bob, 'user', alice.id) // unfollow
    await toggleFollow(bob, 'user', alice.id) // follow again
    const list = await listOf(alice)
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({
      n_type: 'follow',
      content: `${bob.username} started following you`,
      icon: 'user-plus',
      read: false,
      seen: false,
      url: `/notifications/${list[0]!.id}`,
    })
    expect(list[0]!.key).toMatch(/^[\w-]{16}$/)
    expect(new Date(list[0]!.time).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(await listOf(bob)).toEqual([])
  })

  it('folds a second follower into the unread notification ("and 1 other")', async () => {
    const alice = await buildUser(context.app)
    const bob = await buildUser(context.app)
    const carol = await buildUser(context.app)
    await toggleFollow(bob, 'user', alice.id)
    const first = (await listOf(alice))[0]!
    await toggleFollow(carol, 'user', alice.id)
    const list = await listOf(alice)
    expect(list).toHaveLength(1)
    expect(list[0]!.id).toBe(first.id)
    expect(list[0]!.content).toBe(`${carol.username} and 1 other started following you`)
    expect(list[0]!.key).not.toBe(first.key)
  })

  it('folds a new follower into the read notification too, which is unread again (decision 038)', async () => {
    const alice = await buildUser(context.app)
    const bob = await buildUser(context.app)
    const carol = await buildUser(context.app)
    await toggleFollow(bob, 'user', alice.id)
    await alice.client.post('/api/v1/notifications/set_read_all')
    await toggleFollow(carol, 'user', alice.id)
    const list = await listOf(alice)
    expect(list.map((item) => [item.content, item.read])).toEqual([
      [`${carol.username} and 1 other started following you`, false],
    ])
  })

  it("tells a company's team and a stack's owner when they are followed", async () => {
    const { admin, member, company } = await companyWithTeam('Acme Widgets')
    const follower = await buildUser(context.app)
    await toggleFollow(follower, 'company', company.id)
    for (const user of [admin, member]) {
      const [item] = await listOf(user)
      expect(item).toMatchObject({
        n_type: 'company_follow',
        content: `${follower.username} started following Acme Widgets`,
      })
    }
    const owner = await buildUser(context.app)
    const stack = await buildStack(context.app.db, { ownerUserId: owner.id, name: 'Backend' })
    await toggleFollow(follower, 'stack', stack.id)
    const [item] = await listOf(owner)
    expect(item).toMatchObject({
      n_type: 'stack_follow',
      content: `${follower.username} started following your stack Backend`,
    })
    // /notifications/{id} goes to the stack page
    const redirect = await owner.client.get(item!.url)
    expect(redirect.status).toBe(302)
    expect(redirect.headers.location).toBe(`/${owner.username}/${stack.slug}`)
  })

  it('tells the author about replies and up-votes on their comment, never about their own', async () => {
    const author = await buildUser(context.app)
    const replier = await buildUser(context.app)
    const tool = await buildTool(context.app.db, { name: 'Kafka' })
    const created = await author.client.post('/api/v1/comments', {
      comment: { body: 'Great for streams', commentable_id: tool.id, commentable_type: 'tool' },
    })
    expect(created.status).toBe(200)
    const commentId = created.body.id
    await author.client.post(`/api/v1/comments/${commentId}/toggle_upvote`) // own up-vote: nothing
    await author.client.post('/api/v1/comments/reply', {
      comment: { parent_id: commentId, body: 'me again', commentable_id: tool.id, commentable_type: 'tool' },
    })
    expect(await listOf(author)).toEqual([])

    const reply = await replier.client.post('/api/v1/comments/reply', {
      comment: { parent_id: commentId, body: 'Agreed', commentable_id: tool.id, commentable_type: 'tool' },
    })
    expect(reply.status).toBe(200)
    expect((await replier.client.post(`/api/v1/comments/${commentId}/toggle_upvote`)).status).toBe(200)
    const list = await listOf(author)
    expect(list.map((item) => [item.n_type, item.content])).toEqual([
      ['comment_upvote', `${replier.username} upvoted your comment on Kafka`],
      ['comment', `${replier.username} replied to your comment on Kafka`],
    ])
    // the reply's anchor on the tool page
    const redirect = await author.client.get(list[1]!.url)
    expect(redirect.headers.location).toBe(`/tools/${tool.slug}#comment-${reply.body.id}`)
  })

  it("tells a stack's owner about new comments on it, collapsed, and nobody about a comment on a tool", async () => {
    const owner = await buildUser(context.app)
    const first = await buildUser(context.app)
    const second = await buildUser(context.app)
    const stack = await buildStack(context.app.db, { ownerUserId: owner.id, name: 'Side Project' })
    const comment = (user: TestUser, type: string, id: number, body = 'Nice choice') =>
      user.client.post('/api/v1/comments', { comment: { body, commentable_id: id, commentable_type: type } })
    expect((await comment(owner, 'stack', stack.id, 'My own words')).status).toBe(200) // own comment: nothing
    expect(await listOf(owner)).toEqual([])
    expect((await comment(first, 'stack', stack.id)).status).toBe(200)
    const newest = await comment(second, 'stack', stack.id)
    expect(newest.status).toBe(200)
    const [item, ...rest] = await listOf(owner)
    expect(rest).toEqual([])
    expect(item).toMatchObject({
      n_type: 'stack_comment',
      content: `${second.username} and 1 other commented on your stack Side Project`,
      icon: 'message-circle',
    })
    const redirect = await owner.client.get(item!.url)
    expect(redirect.headers.location).toBe(`/${owner.username}/${stack.slug}#comment-${newest.body.id}`)

    // a reply tells the parent's author (notifyReplied), not the stack's owner a second time
    const [parent] = (await owner.client.get(`/api/v1/comments?commentable_type=stack&commentable_id=${stack.id}`))
      .body as Array<{ id: number }>
    await owner.client.post('/api/v1/notifications/set_read_all')
    const reply = await first.client.post('/api/v1/comments/reply', {
      comment: { parent_id: parent!.id, body: 'Reply', commentable_id: stack.id, commentable_type: 'stack' },
    })
    expect(reply.status).toBe(200)
    expect((await listOf(owner)).filter((entry) => !entry.read)).toEqual([
      expect.objectContaining({
        n_type: 'comment',
        content: `${first.username} replied to your comment on Side Project`,
      }),
    ])

    const tool = await buildTool(context.app.db)
    const before = await context.app.db.$count(notifications)
    expect((await comment(first, 'tool', tool.id)).status).toBe(200)
    expect(await context.app.db.$count(notifications)).toBe(before)
  })

  it("tells a company's admins, not its plain members, about comments on its page and its stacks", async () => {
    const { admin, member, company } = await companyWithTeam('Acme Rockets')
    const visitor = await buildUser(context.app)
    const stack = await buildStack(context.app.db, { ownerCompanyId: company.id, name: 'Launch Stack' })
    const onPage = await visitor.client.post('/api/v1/comments', {
      comment: { body: 'Hiring?', commentable_id: company.id, commentable_type: 'company' },
    })
    expect(onPage.status).toBe(200)
    const onStack = await visitor.client.post('/api/v1/comments', {
      comment: { body: 'Why Rust?', commentable_id: stack.id, commentable_type: 'stack' },
    })
    expect(onStack.status).toBe(200)
    expect((await listOf(admin)).map((item) => [item.n_type, item.content])).toEqual([
      ['stack_comment', `${visitor.username} commented on your stack Launch Stack`],
      ['company_comment', `${visitor.username} commented on Acme Rockets`],
    ])
    expect(await listOf(member)).toEqual([])
    const [, pageItem] = await listOf(admin)
    expect((await admin.client.get(pageItem!.url)).headers.location).toBe(
      `/companies/${company.slug}#comment-${onPage.body.id}`,
    )
  })

  it('leaves out comment notifications the owner switched off', async () => {
    const owner = await buildUser(context.app)
    const commenter = await buildUser(context.app)
    const stack = await buildStack(context.app.db, { ownerUserId: owner.id })
    const saved = await owner.client.post('/api/v1/notifications/settings', { types: { stack_comment: false } })
    expect(saved.status).toBe(200)
    expect(saved.body.types).toMatchObject({ stack_comment: false, company_comment: true, comment: true })
    const answer = await commenter.client.post('/api/v1/comments', {
      comment: { body: 'Muted', commentable_id: stack.id, commentable_type: 'stack' },
    })
    expect(answer.status).toBe(200)
    expect(await listOf(owner)).toEqual([])
  })

  it('tells the author of a pro about an up-vote, not about a down-vote', async () => {
    const author = await buildUser(context.app)
    const voter = await buildUser(context.app)
    const tool = await buildTool(context.app.db, { name: 'Redis' })
    const reason = await insertReason(context.app.db, tool.id, 'Fast')
    await context.app.db.execute(sql`update reason set user_id = ${author.id} where id = ${reason.id}`)
    const down = await voter.client.post('/api/v1/reasons/toggle_vote', { id: reason.id, vote: -1 })
    expect(down.status).toBe(200)
    expect(await listOf(author)).toEqual([])
    await voter.client.post('/api/v1/reasons/toggle_vote', { id: reason.id, vote: 1 })
    const [item] = await listOf(author)
    expect(item).toMatchObject({ n_type: 'reason_vote', content: `${voter.username} upvoted your pro “Fast” on Redis` })
  })

  it('tells followers of a stack when a tool they follow is added to it', async () => {
    const owner = await buildUser(context.app)
    const fan = await buildUser(context.app)
    const bystander = await buildUser(context.app)
    const react = await buildTool(context.app.db, { name: 'React' })
    const vue = await buildTool(context.app.db, { name: 'Vue' })
    const stack = await buildStack(context.app.db, { ownerUserId: owner.id, name: 'Frontend' })
    await toggleFollow(fan, 'stack', stack.id)
    await toggleFollow(fan, 'tool', react.id)
    await toggleFollow(fan, 'tool', vue.id)
    await toggleFollow(bystander, 'stack', stack.id) // follows the stack, not the tools
    const update = await owner.client.post('/api/v1/stacks/update', {
      stack: { id: stack.id, services: [react.id, vue.id], owner: { type: 'User', id: owner.id } },
    })
    expect(update.status).toBe(200)
    const [item] = await listOf(fan)
    expect(item).toMatchObject({
      n_type: 'stack_tool_added',
      content: `${owner.username} added React and Vue to Frontend`,
      icon: 'layers',
    })
    expect(await listOf(bystander)).toEqual([])

    // I Use This adds one more: the unread notification takes it
    const svelte = await buildTool(context.app.db, { name: 'Svelte' })
    await toggleFollow(fan, 'tool', svelte.id)
    const added = await owner.client.post(`/stacks/i_use_this/${svelte.id}`, { stack_id: stack.id, added: true })
    expect(added.status).toBe(200)
    const list = await listOf(fan)
    expect(list).toHaveLength(1)
    expect(list[0]!.content).toBe(`${owner.username} added Svelte to Frontend`)
  })

  it('creates nothing for a type the recipient switched off', async () => {
    const alice = await buildUser(context.app)
    const bob = await buildUser(context.app)
    const saved = await alice.client.post('/api/v1/notifications/settings', { types: { follow: false } })
    expect(saved.status).toBe(200)
    expect(saved.body.types.follow).toBe(false)
    expect(saved.body.types.comment).toBe(true)
    await toggleFollow(bob, 'user', alice.id)
    expect(await listOf(alice)).toEqual([])
    await alice.client.post('/api/v1/notifications/settings', { types: { follow: true } })
    const carol = await buildUser(context.app)
    await toggleFollow(carol, 'user', alice.id)
    expect(await listOf(alice)).toHaveLength(1)
  })

  it('notify() skips the actor and notifyEach() each recipient once', async () => {
    const alice = await buildUser(context.app)
    const bob = await buildUser(context.app)
    const ids = await context.app.db.transaction((tx) =>
      notifyEach(tx, [alice.id, bob.id, alice.id], {
        type: 'team_invite',
        actorId: bob.id,
        target: { type: 'company', id: nextTarget() },
        path: '/companies/x',
        subject: 'Acme',
      }),
    )
    expect(ids).toHaveLength(1)
    expect((await listOf(alice))[0]!.content).toBe(`${bob.username} added you to the Acme team`)
    expect(await listOf(bob)).toEqual([])
  })

  it('rolls the notification back with the action that failed', async () => {
    const alice = await buildUser(context.app)
    const bob = await buildUser(context.app)
    await give(alice, bob, nextTarget())
    await expect(
      context.app.db.transaction(async (tx) => {
        await notify(tx, {
          recipientId: alice.id,
          type: 'follow',
          actorId: bob.id,
          target: { type: 'user', id: alice.id },
          path: '/x',
          subject: '',
        })
        throw new Error('the action failed')
      }),
    ).rejects.toThrow('the action failed')
    // only the notification made outside the failed transaction exists
    expect((await listOf(alice)).map((item) => item.n_type)).toEqual(['comment_upvote'])
  })
})

describe('the notifications API', () => {
  it(`pages ${NOTIFICATIONS_PAGE_SIZE} at a time, newest first, and ends with an empty page`, async () => {
    const alice = await buildUser(context.app)
    const bob = await buildUser(context.app)
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 3; i++) await give(alice, bob, nextTarget(), `n${i}`)
    const first = await alice.client.get('/api/v1/notifications/index?page=1')
    expect(first.body.page).toBe(1)
    expect(first.body.per_page).toBe(NOTIFICATIONS_PAGE_SIZE)
    expect(first.body.notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE)
    expect(first.body.notifications[0].content).toContain(`n${NOTIFICATIONS_PAGE_SIZE + 2}`)
    const second = await listOf(alice, 2)
    expect(second.map((item) => item.content.split(' ').at(-1))).toEqual(['n2', 'n1', 'n0'])
    expect(await listOf(alice, 3)).toEqual([])
    expect((await alice.client.get('/api/v1/notifications/index')).body.page).toBe(1)
    expect((await alice.client.get('/api/v1/notifications/index?page=0')).status).toBe(400)
  })

  it('carries the newest ten and the counts on the current-user record', async () => {
    const alice = await buildUser(context.app)
    const bob = await buildUser(context.app)
    for (let i = 0; i < 12; i++) await give(alice, bob, nextTarget())
    const { user } = (await alice.client.get('/api/v1/users/current')).body
    expect(user.notifications).toHaveLength(10)
    expect(user.notification_count).toBe(12)
    expect(user.unread_notifications_count).toBe(12)
    expect(user.sticky_notifications).toEqual([])
  })

  it('clear marks everything seen (badge 0) without reading it', async () => {
    const alice = await buildUser(context.app)
    const bob = await buildUser(context.app)
    await give(alice, bob, nextTarget())
    await give(alice, bob, nextTarget())
    expect(await countsOf(alice)).toEqual({ notification_count: 2, unread_notifications_count: 2 })
    const cleared = await alice.client.post('/api/v1/notifications/clear')
    expect(cleared.status).toBe(200)
    expect(cleared.body).toEqual({ notification_count: 2, unread_notifications_count: 0 })
    expect((await listOf(alice)).map((item) => [item.seen, item.read])).toEqual([
      [true, false],
      [true, false],
    ])
  })

  it("set_read marks the listed keys read or seen and ignores other users' keys", async () => {
    const alice = await buildUser(context.app)
    const bob = await buildUser(context.app)
    await give(alice, bob, nextTarget(), 'one')
    await give(alice, bob, nextTarget(), 'two')
    await give(alice, bob, nextTarget(), 'three')
    await give(bob, alice, nextTarget(), 'bobs')
    const [three, two, one] = await listOf(alice)
    const [bobs] = await listOf(bob)
    const response = await alice.client.post('/api/v1/notifications/set_read', {
      notifications: { read: [three!.key, bobs!.key], seen: [two!.key, 'no-such-key'] },
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ notification_count: 3, unread_notifications_count: 1 })
    const after = new Map((await listOf(alice)).map((item) => [item.id, item]))
    expect(after.get(three!.id)).toMatchObject({ read: true, seen: true })
    expect(after.get(two!.id)).toMatchObject({ read: false, seen: true })
    expect(after.get(one!.id)).toMatchObject({ read: false, seen: false })
    expect((await listOf(bob))[0]).toMatchObject({ read: false, seen: false })
    // empty lists are fine; malformed bodies are 400
    expect((await alice.client.post('/api/v1/notifications/set_read', { notifications: {} })).status).toBe(200)
    expect((await alice.client.post('/api/v1/notifications/set_read', { notifications: { read: 'x' } })).status).toBe(
      400,
    )
    expect(
      (
        await alice.client.post('/api/v1/notifications/set_read', {
          notifications: { read: Array.from({ length: 201 }, (_, i) => `k${i}`) },
        })
      ).status,
    ).toBe(400)
  })

  it('set_read_all reads every notification of the user only', async () => {
    const alice = await buildUser(context.app)
    const bob = await buildUser(context.app)
    await give(alice, bob, nextTarget())
    await give(bob, alice, nextTarget())
    const response = await alice.client.post('/api/v1/notifications/set_read_all')
    expect(response.body).toEqual({ notification_count: 1, unread_notifications_count: 0 })
    expect((await listOf(alice))[0]!.read).toBe(true)
    expect((await listOf(bob))[0]!.read).toBe(false)
  })

  it("/notifications/{id} marks it read and redirects; another user's is 404 and stays unread", async () => {
    const alice = await buildUser(context.app)
    const bob = await buildUser(context.app)
    const target = nextTarget()
    await give(alice, bob, target)
    const [item] = await listOf(alice)
    const notYours = await bob.client.get(item!.url)
    expect(notYours.status).toBe(404)
    expect((await listOf(alice))[0]!.read).toBe(false)
    const response = await alice.client.get(item!.url)
    expect(response.status).toBe(302)
    expect(response.headers.location).toBe(`/tools/t${target}`)
    expect((await listOf(alice))[0]).toMatchObject({ read: true, seen: true })
    expect((await alice.client.get('/notifications/999999999')).status).toBe(404)
    expect((await alice.client.get('/notifications/abc')).status).toBe(400)
  })

  it('answers 401 to a visitor and sends a visitor following a link to the list page', async () => {
    const visitor = new TestClient(context.app)
    for (const path of [
      '/api/v1/notifications/index',
      '/api/v1/notifications/notification_count',
      '/api/v1/notifications/settings',
      '/api/v1/notifications/stream',
    ]) {
      expect((await visitor.get(path)).status, path).toBe(401)
    }
    for (const path of ['clear', 'set_read_all', 'set_read', 'settings']) {
      const body = path === 'set_read' ? { notifications: { read: ['k'] } } : {}
      expect((await visitor.post(`/api/v1/notifications/${path}`, body)).status, path).toBe(401)
    }
    const link = await visitor.get('/notifications/1')
    expect(link.status).toBe(302)
    expect(link.headers.location).toBe('/notifications')
  })

  it('lets an impersonating admin look but not change anything', async () => {
    const alice = await buildUser(context.app)
    const bob = await buildUser(context.app)
    await give(alice, bob, nextTarget())
    const admin = await impersonate(context.app, alice)
    expect((await admin.get('/api/v1/notifications/index')).body.notifications).toHaveLength(1)
    for (const path of ['clear', 'set_read_all']) {
      const refused = await admin.post(`/api/v1/notifications/${path}`)
      expect(refused.status, path).toBe(403)
      expect(refused.body.error.message).toBe('Impersonated users are not allowed to change notifications')
    }
    const [item] = await listOf(alice)
    expect((await admin.post('/api/v1/notifications/set_read', { notifications: { read: [item!.key] } })).status).toBe(
      403,
    )
    expect((await admin.post('/api/v1/notifications/settings', { types: { follow: false } })).status).toBe(403)
    const link = await admin.get(item!.url)
    expect(link.status).toBe(302)
    expect((await listOf(alice))[0]).toMatchObject({ read: false, seen: false })
  })

  it('refuses a cross-site write (CSRF)', async () => {
    const alice = await buildUser(context.app)
    const response = await alice.client.post(
      '/api/v1/notifications/set_read_all',
      {},
      { origin: 'https://evil.example' },
    )
    expect(response.status).toBe(403)
  })

  it('reads and saves settings, with the weekly digest flag', async () => {
    const alice = await buildUser(context.app)
    const initial = (await alice.client.get('/api/v1/notifications/settings')).body
    expect(Object.values(initial.types).every(Boolean)).toBe(true)
    expect(initial.weekly_digest).toBe(true)
    const saved = await alice.client.post('/api/v1/notifications/settings', {
      types: { comment_upvote: false, reason_vote: false },
      weekly_digest: false,
    })
    expect(saved.body.types).toMatchObject({ comment_upvote: false, reason_vote: false, follow: true })
    expect(saved.body.weekly_digest).toBe(false)
    expect((await alice.client.get('/api/v1/notifications/settings')).body).toEqual(saved.body)
    expect((await alice.client.post('/api/v1/notifications/settings', { types: { nope: false } })).status).toBe(400)
  })

  it('keeps notifications of a deleted actor, as "Someone"', async () => {
    const alice = await buildUser(context.app)
    const bob = await buildUser(context.app)
    await give(alice, bob, nextTarget())
    await context.app.db.execute(sql`delete from "user" where id = ${bob.id}`)
    const [item] = await listOf(alice)
    expect(item!.content).toBe('Someone upvoted your comment on Something')
    const [row] = await context.app.db.select().from(notifications).where(eq(notifications.id, item!.id))
    expect(row!.actorId).toBeNull()
  })
})
