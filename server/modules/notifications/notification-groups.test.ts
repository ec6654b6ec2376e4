// One notification per comment (or other target) and kind, read or not; an excerpt of the comment and a link to its
// anchor; and notifications that lose what caused them: a vote taken back, a comment deleted by its author or a
// moderator, a pro deleted (docs/decisions/038-notification-groups.md).
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOTIFICATION_EXCERPT_MAX, type Notification } from '#contracts/notifications.ts'
import { notifications, users } from '../../db/schema/index.ts'
import { buildStack, buildTool, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { insertReason } from '../../test/stack-fixtures.ts'
import { notify } from './notify.ts'

let context: TestContext
beforeAll(async () => {
  context = await createTestApp()
})
afterAll(async () => {
  await context.close()
})

async function listOf(user: TestUser): Promise<Notification[]> {
  const response = await user.client.get('/api/v1/notifications/index')
  expect(response.status).toBe(200)
  return response.body.notifications
}

async function countsOf(user: TestUser) {
  return (await user.client.get('/api/v1/notifications/notification_count')).body
}

/** The counts the current-user record carries, what the bell shows after a reload. */
async function bellOf(user: TestUser) {
  const { body } = await user.client.get('/api/v1/users/current')
  return {
    notification_count: body.user.notification_count,
    unread_notifications_count: body.user.unread_notifications_count,
    contents: body.user.notifications.map((item: Notification) => item.content),
  }
}

async function commentOn(user: TestUser, type: string, id: number, body: string): Promise<number> {
  const response = await user.client.post('/api/v1/comments', {
    comment: { body, commentable_id: id, commentable_type: type },
  })
  expect(response.status).toBe(200)
  return response.body.id
}

async function replyTo(user: TestUser, parentId: number, body: string): Promise<number> {
  const response = await user.client.post('/api/v1/comments/reply', {
    comment: { parent_id: parentId, body, commentable_id: 1, commentable_type: 'tool' },
  })
  expect(response.status).toBe(200)
  return response.body.id
}

const upvote = async (user: TestUser, commentId: number) =>
  expect((await user.client.post(`/api/v1/comments/${commentId}/toggle_upvote`)).status).toBe(200)

describe('grouping', () => {
  it('folds a new up-vote into the read notification of that comment, which is unread again, newest first', async () => {
    const author = await buildUser(context.app)
    const [bob, carol, dave] = [
      await buildUser(context.app),
      await buildUser(context.app),
      await buildUser(context.app),
    ]
    const tool = await buildTool(context.app.db, { name: 'Redis' })
    const first = await commentOn(author, 'tool', tool.id, 'Use it as a cache')
    const second = await commentOn(author, 'tool', tool.id, 'Persistence is optional')
    await upvote(bob, first)
    await upvote(carol, second)
    expect((await author.client.post('/api/v1/notifications/set_read_all')).status).toBe(200)
    expect(await countsOf(author)).toEqual({ notification_count: 2, unread_notifications_count: 0 })

    await upvote(dave, first)
    const list = await listOf(author)
    expect(list.map((item) => [item.content, item.read, item.seen])).toEqual([
      [`${dave.username} and 1 other upvoted your comment on Redis`, false, false],
      [`${carol.username} upvoted your comment on Redis`, true, true],
    ])
    expect(await countsOf(author)).toEqual({ notification_count: 2, unread_notifications_count: 1 })
    expect(await context.app.db.$count(notifications, eq(notifications.recipientId, author.id))).toBe(2)
  })

  it('says "X and 44 others" for 45 up-voters of one comment, in one row', async () => {
    const author = await buildUser(context.app)
    const voters = await context.app.db
      .insert(users)
      .values(
        Array.from({ length: 45 }, (_, index) => ({
          name: `Voter ${index}`,
          email: `voter${index}-${author.id}@example.test`,
          username: `voter${index}x${author.id}`,
        })),
      )
      .returning({ id: users.id, username: users.username })
    for (const [index, voter] of voters.entries()) {
      await context.app.db.transaction((tx) =>
        notify(tx, {
          recipientId: author.id,
          type: 'comment_upvote',
          actorId: voter.id,
          target: { type: 'comment', id: 424_242 },
          path: '/tools/redis#comment-424242',
          subject: 'Redis',
        }),
      )
      // the reader looks now and then: a read notification still takes the next up-vote
      if (index % 10 === 0) await author.client.post('/api/v1/notifications/set_read_all')
    }
    const list = await listOf(author)
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({
      content: `${voters.at(-1)!.username} and 44 others upvoted your comment on Redis`,
      read: false,
    })
  })
})

describe('excerpt and anchor', () => {
  it("quotes the comment in plain text, at most 100 characters, and links to the comment's anchor", async () => {
    const author = await buildUser(context.app)
    const replier = await buildUser(context.app)
    const tool = await buildTool(context.app.db, { name: 'Postgres' })
    const long = `**Bold** move: [see the docs](https://example.test/docs) and \`VACUUM\` ${'often '.repeat(30)}`
    const commentId = await commentOn(author, 'tool', tool.id, long)
    await upvote(replier, commentId)
    const replyId = await replyTo(replier, commentId, 'Agreed, _mostly_.\n\nBut not always.')

    const [reply, vote] = await listOf(author)
    expect(reply).toMatchObject({ n_type: 'comment', excerpt: 'Agreed, mostly. But not always.' })
    expect(vote!.n_type).toBe('comment_upvote')
    expect(vote!.excerpt).toMatch(/^Bold move: see the docs and VACUUM often often/)
    expect(vote!.excerpt!.length).toBeLessThanOrEqual(NOTIFICATION_EXCERPT_MAX)
    expect(vote!.excerpt).toMatch(/often…$/)
    expect(vote!.excerpt).not.toMatch(/[*`[\]]|https?:/)

    expect((await author.client.get(reply!.url)).headers.location).toBe(`/tools/${tool.slug}#comment-${replyId}`)
    expect((await author.client.get(vote!.url)).headers.location).toBe(`/tools/${tool.slug}#comment-${commentId}`)
  })

  it('quotes what an edited comment says now', async () => {
    const author = await buildUser(context.app)
    const voter = await buildUser(context.app)
    const tool = await buildTool(context.app.db)
    const commentId = await commentOn(author, 'tool', tool.id, 'First draft with a typo')
    await upvote(voter, commentId)
    const edited = await author.client.put(`/api/v1/comments/${commentId}`, { comment: { body: 'Second draft' } })
    expect(edited.status).toBe(200)
    expect((await listOf(author))[0]!.excerpt).toBe('Second draft')
  })
})

describe('notifications lose what is gone', () => {
  it('an up-vote taken back leaves the notification, which goes with its last voter; counts drop', async () => {
    const author = await buildUser(context.app)
    const [bob, carol] = [await buildUser(context.app), await buildUser(context.app)]
    const tool = await buildTool(context.app.db, { name: 'Kafka' })
    const commentId = await commentOn(author, 'tool', tool.id, 'Logs all the way down')
    await upvote(bob, commentId)
    await upvote(carol, commentId)
    expect((await listOf(author))[0]!.content).toBe(`${carol.username} and 1 other upvoted your comment on Kafka`)

    await upvote(carol, commentId) // taken back
    expect((await listOf(author)).map((item) => item.content)).toEqual([
      `${bob.username} upvoted your comment on Kafka`,
    ])
    await upvote(bob, commentId) // taken back
    expect(await listOf(author)).toEqual([])
    expect(await countsOf(author)).toEqual({ notification_count: 0, unread_notifications_count: 0 })
    expect(await bellOf(author)).toEqual({ notification_count: 0, unread_notifications_count: 0, contents: [] })
  })

  it('a reply deleted by its author or a comment removed by a moderator leaves what it caused', async () => {
    const owner = await buildUser(context.app)
    const [bob, carol] = [await buildUser(context.app), await buildUser(context.app)]
    const moderator = await buildUser(context.app, { role: 'moderator' })
    const stack = await buildStack(context.app.db, { ownerUserId: owner.id, name: 'Side Project' })
    const ownComment = await commentOn(owner, 'stack', stack.id, 'Ask me anything')
    const bobsReply = await replyTo(bob, ownComment, 'Why Elixir?')
    const carolsReply = await replyTo(carol, ownComment, 'Nice setup')
    const bobsComment = await commentOn(bob, 'stack', stack.id, 'Spam spam spam')
    await upvote(carol, bobsComment) // tells bob
    expect((await listOf(owner)).map((item) => [item.content, item.excerpt])).toEqual([
      [`${bob.username} commented on your stack Side Project`, 'Spam spam spam'],
      [`${carol.username} and 1 other replied to your comment on Side Project`, 'Nice setup'],
    ])
    expect(await listOf(bob)).toHaveLength(1)

    // the author deletes the newest reply: the notification names bob only, and no longer quotes or points at it
    expect((await carol.client.delete(`/api/v1/comments/${carolsReply}`)).status).toBe(200)
    const [, replies] = await listOf(owner)
    expect(replies).toMatchObject({ content: `${bob.username} replied to your comment on Side Project`, excerpt: null })
    expect((await owner.client.get(replies!.url)).headers.location).toBe(`/${owner.username}/${stack.slug}`)

    // a moderator removes bob's flagged comment: its notification and the up-vote bob was told about go
    expect((await moderator.client.post(`/api/v1/comments/${bobsComment}/toggle_flagged`)).status).toBe(200)
    const removed = await moderator.client.post(`/api/v1/moderation/comments/${bobsComment}/remove`, { reason: 'spam' })
    expect(removed.status).toBe(200)
    expect((await listOf(owner)).map((item) => item.n_type)).toEqual(['comment'])
    expect(await listOf(bob)).toEqual([])
    // the reply notification left was read through its link above
    expect(await countsOf(owner)).toEqual({ notification_count: 1, unread_notifications_count: 0 })

    // bob's reply goes too: nothing is left
    expect((await bob.client.delete(`/api/v1/comments/${bobsReply}`)).status).toBe(200)
    expect(await bellOf(owner)).toEqual({ notification_count: 0, unread_notifications_count: 0, contents: [] })
  })

  it('a deleted comment whose author has another reply there keeps them in the notification', async () => {
    const author = await buildUser(context.app)
    const bob = await buildUser(context.app)
    const tool = await buildTool(context.app.db)
    const parent = await commentOn(author, 'tool', tool.id, 'Thoughts?')
    await replyTo(bob, parent, 'One')
    const second = await replyTo(bob, parent, 'Two')
    expect((await bob.client.delete(`/api/v1/comments/${second}`)).status).toBe(200)
    expect((await listOf(author)).map((item) => item.content)).toEqual([
      `${bob.username} replied to your comment on ${tool.name}`,
    ])
  })

  it('a pro up-vote taken back, and a deleted pro, leave no notification', async () => {
    const author = await buildUser(context.app)
    const voter = await buildUser(context.app)
    const tool = await buildTool(context.app.db, { name: 'Redis' })
    const reason = await insertReason(context.app.db, tool.id, 'Fast')
    await context.app.db.execute(sql`update reason set user_id = ${author.id} where id = ${reason.id}`)
    const vote = (value: 1 | -1) => voter.client.post('/api/v1/reasons/toggle_vote', { id: reason.id, vote: value })
    expect((await vote(1)).status).toBe(200)
    expect(await listOf(author)).toHaveLength(1)
    expect((await vote(-1)).status).toBe(200) // switched to a down-vote
    expect(await listOf(author)).toEqual([])

    expect((await vote(1)).status).toBe(200)
    expect(await listOf(author)).toHaveLength(1)
    const deleted = await author.client.delete(`/api/v1/pros-and-cons/${reason.id}`)
    expect(deleted.status).toBe(200)
    expect(await listOf(author)).toEqual([])
  })
})
