import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications, stacks } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildCompany, buildStack, buildTool, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { impersonate } from '../../test/stack-fixtures.ts'
import { XSS_VECTORS } from '../../test/xss-vectors.ts'

let context: TestContext
let author: TestUser
let other: TestUser
let toolId: number
beforeAll(async () => {
  context = await createTestApp()
  author = await buildUser(context.app)
  other = await buildUser(context.app)
  toolId = (await buildTool(context.app.db)).id
})
afterAll(async () => {
  await context.close()
})

const visitor = () => new TestClient(context.app)
const list = (client: TestClient, id = toolId, type = 'tool') =>
  client.get(`/api/v1/comments?commentable_type=${type}&commentable_id=${id}`)

async function createComment(user: TestUser, body = 'Nice **tool**', id = toolId, type = 'tool') {
  const answer = await user.client.post('/api/v1/comments', {
    comment: { body, user_id: 1, commentable_id: id, commentable_type: type },
  })
  expect(answer.status).toBe(200)
  return answer.body
}

describe('comments', () => {
  it('creates a comment as the session user, ignoring user_id in the body (200)', async () => {
    const answer = await other.client.post('/api/v1/comments', {
      comment: { body: 'Hello *world*', user_id: author.id, commentable_id: toolId, commentable_type: 'tool' },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      parentId: null,
      body: 'Hello *world*',
      body_html: '<p>Hello <em>world</em></p>\n',
      votes: 0,
      flagged: false,
      children: [],
      user: { userId: other.id, username: other.username },
      createdAtReadable: 'just now',
      commentable_id: toolId,
      commentable_type: 'tool',
    })
  })

  it('comments on stacks and companies too', async () => {
    const stack = await buildStack(context.app.db, { ownerUserId: author.id })
    const company = await buildCompany(context.app.db)
    await createComment(author, 'On a stack', stack.id, 'stack')
    await createComment(author, 'On a company', company.id, 'company')
    expect((await list(visitor(), stack.id, 'stack')).body).toHaveLength(1)
    expect((await list(visitor(), company.id, 'company')).body[0].body).toBe('On a company')
  })

  it('lists top-level comments with their replies', async () => {
    const tool = await buildTool(context.app.db)
    const parent = await createComment(author, 'Top', tool.id)
    const reply = await other.client.post('/api/v1/comments/reply', {
      comment: {
        parent_id: parent.id,
        body: 'A reply',
        user_id: author.id,
        commentable_id: 1,
        commentable_type: 'stack',
      },
    })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ parentId: parent.id, commentable_id: tool.id, commentable_type: 'tool' })
    expect(reply.body.user.userId).toBe(other.id)
    const answer = await list(visitor(), tool.id)
    expect(answer.body).toHaveLength(1)
    expect(answer.body[0].children.map((child: { body: string }) => child.body)).toEqual(['A reply'])
  })

  it('answers 400 to a reply to a reply', async () => {
    const parent = await createComment(author)
    const reply = await other.client.post('/api/v1/comments/reply', {
      comment: { parent_id: parent.id, body: 'One', commentable_id: toolId, commentable_type: 'tool' },
    })
    const nested = await author.client.post('/api/v1/comments/reply', {
      comment: { parent_id: reply.body.id, body: 'Two', commentable_id: toolId, commentable_type: 'tool' },
    })
    expect(nested.status).toBe(400)
    expect(nested.body.error.message).toBe('You can only reply to a top-level comment.')
  })

  it('answers 401 to signed-out writes', async () => {
    const comment = await createComment(author)
    const client = visitor()
    const calls = [
      client.post('/api/v1/comments', { comment: { body: 'x', commentable_id: toolId, commentable_type: 'tool' } }),
      client.post('/api/v1/comments/reply', {
        comment: { parent_id: comment.id, body: 'x', commentable_id: toolId, commentable_type: 'tool' },
      }),
      client.put(`/api/v1/comments/${comment.id}`, { comment: { body: 'x' } }),
      client.delete(`/api/v1/comments/${comment.id}`),
      client.post(`/api/v1/comments/${comment.id}/toggle_upvote`),
      client.post(`/api/v1/comments/${comment.id}/toggle_flagged`),
    ]
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(401)
  })

  it('answers 403 to every comment write from an impersonated session, and changes nothing', async () => {
    const tool = await buildTool(context.app.db)
    const own = await createComment(author, 'Mine', tool.id)
    const client = await impersonate(context.app, author)
    const refusals = [
      [
        await client.post('/api/v1/comments', {
          comment: { body: 'As someone else', commentable_id: tool.id, commentable_type: 'tool' },
        }),
        'Impersonated users are not allowed to comment',
      ],
      [
        await client.post('/api/v1/comments/reply', {
          comment: { parent_id: own.id, body: 'x', commentable_id: tool.id, commentable_type: 'tool' },
        }),
        'Impersonated users are not allowed to comment',
      ],
      [
        await client.put(`/api/v1/comments/${own.id}`, { comment: { body: 'Edited' } }),
        'Impersonated users are not allowed to comment',
      ],
      [await client.delete(`/api/v1/comments/${own.id}`), 'Impersonated users are not allowed to comment'],
      [await client.post(`/api/v1/comments/${own.id}/toggle_upvote`), 'Impersonated users are not allowed to vote'],
    ] as const
    for (const [answer, message] of refusals) {
      expect(answer.status).toBe(403)
      expect(answer.body.error.message).toBe(message)
    }
    // reading still works for the admin acting as the author
    const answer = await list(client, tool.id)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([expect.objectContaining({ id: own.id, body: 'Mine', votes: 0, children: [] })])
  })

  it('answers 403 to a flag from an admin impersonating a moderator', async () => {
    const comment = await createComment(author, 'Flag me')
    const client = await impersonate(context.app, await buildUser(context.app, { role: 'moderator' }))
    const answer = await client.post(`/api/v1/comments/${comment.id}/toggle_flagged`)
    expect(answer.status).toBe(403)
    expect(answer.body.error.message).toBe('Impersonated users are not allowed to moderate')
  })

  it('lets the author edit (200) and answers 403 to anyone else', async () => {
    const comment = await createComment(author)
    const refused = await other.client.put(`/api/v1/comments/${comment.id}`, { comment: { body: 'Hijacked' } })
    expect(refused.status).toBe(403)
    const answer = await author.client.put(`/api/v1/comments/${comment.id}`, {
      comment: { body: 'Edited [x](https://x.example)' },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      id: comment.id,
      parentId: null,
      body: 'Edited [x](https://x.example)',
      body_html: '<p>Edited <a href="https://x.example" rel="nofollow ugc">x</a></p>\n',
    })
  })

  it('answers 400 to a blank body', async () => {
    const answer = await author.client.post('/api/v1/comments', {
      comment: { body: '   ', commentable_id: toolId, commentable_type: 'tool' },
    })
    expect(answer.status).toBe(400)
  })

  it('lets the author delete (200, replies go too) and answers 403 to anyone else', async () => {
    const tool = await buildTool(context.app.db)
    const comment = await createComment(author, 'Bye', tool.id)
    await other.client.post('/api/v1/comments/reply', {
      comment: { parent_id: comment.id, body: 'Reply', commentable_id: tool.id, commentable_type: 'tool' },
    })
    expect((await other.client.delete(`/api/v1/comments/${comment.id}`)).status).toBe(403)
    const answer = await author.client.delete(`/api/v1/comments/${comment.id}`)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ id: comment.id, parentId: null })
    expect((await list(visitor(), tool.id)).body).toEqual([])
  })

  it('toggles an up-vote (200)', async () => {
    const comment = await createComment(author)
    const up = await other.client.post(`/api/v1/comments/${comment.id}/toggle_upvote`)
    expect(up.body).toEqual({ id: comment.id, parentId: null, votes: 1, user_voted: true })
    const down = await other.client.post(`/api/v1/comments/${comment.id}/toggle_upvote`)
    expect(down.body).toEqual({ id: comment.id, parentId: null, votes: 0, user_voted: false })
  })

  it('lets a moderator flag (200), answers 403 to others, and hides flagged comments from visitors', async () => {
    const tool = await buildTool(context.app.db)
    const comment = await createComment(author, 'Spam', tool.id)
    expect((await author.client.post(`/api/v1/comments/${comment.id}/toggle_flagged`)).status).toBe(403)
    const moderator = await buildUser(context.app, { role: 'moderator' })
    const flagged = await moderator.client.post(`/api/v1/comments/${comment.id}/toggle_flagged`)
    expect(flagged.body).toEqual({ id: comment.id, parentId: null, flagged: true })
    expect((await list(visitor(), tool.id)).body).toEqual([])
    expect((await list(other.client, tool.id)).body[0].flagged).toBe(true)
    const admin = await buildUser(context.app, { role: 'admin' })
    const cleared = await admin.client.post(`/api/v1/comments/${comment.id}/toggle_flagged`)
    expect(cleared.body.flagged).toBe(false)
  })

  it('answers 400 to a body over 10,000 characters', async () => {
    const answer = await author.client.post('/api/v1/comments', {
      comment: { body: 'x'.repeat(10_001), commentable_id: toolId, commentable_type: 'tool' },
    })
    expect(answer.status).toBe(400)
  })

  it('answers 404 for comments on a private stack', async () => {
    const stack = await buildStack(context.app.db, { ownerUserId: author.id, isPrivate: true })
    expect((await list(author.client, stack.id, 'stack')).status).toBe(404)
    const answer = await author.client.post('/api/v1/comments', {
      comment: { body: 'Hidden', commentable_id: stack.id, commentable_type: 'stack' },
    })
    expect(answer.status).toBe(404)
  })

  it('answers 404 to replies and up-votes on comments of a stack that went private, and tells no one', async () => {
    const stack = await buildStack(context.app.db, { ownerUserId: author.id })
    const parent = await createComment(author, 'Before it went private', stack.id, 'stack')
    await context.app.db.update(stacks).set({ isPrivate: true }).where(eq(stacks.id, stack.id))
    const toldBefore = await context.app.db.$count(notifications, eq(notifications.recipientId, author.id))
    const reply = await other.client.post('/api/v1/comments/reply', {
      comment: { parent_id: parent.id, body: 'Still here?', commentable_id: stack.id, commentable_type: 'stack' },
    })
    expect(reply.status).toBe(404)
    expect((await other.client.post(`/api/v1/comments/${parent.id}/toggle_upvote`)).status).toBe(404)
    const told = await context.app.db.$count(notifications, eq(notifications.recipientId, author.id))
    expect(told).toBe(toldBefore)
  })

  it('answers 404 for a missing commentable or comment', async () => {
    expect((await list(visitor(), 999999)).status).toBe(404)
    expect((await author.client.post('/api/v1/comments/999999/toggle_upvote')).status).toBe(404)
  })
})

describe('comment markdown with XSS vectors', () => {
  it('renders every OWASP vector inert: no script, no on* attributes, no javascript: URLs', async () => {
    const tool = await buildTool(context.app.db)
    for (const vector of XSS_VECTORS) await createComment(author, vector, tool.id)
    const answer = await list(visitor(), tool.id)
    expect(answer.body).toHaveLength(XSS_VECTORS.length)
    for (const comment of answer.body as Array<{ body: string; body_html: string }>) {
      const html = comment.body_html
      // sanitize-html escapes every '<' of text, so each '<' left starts a real element
      const tags = html.match(/<[^>]*>/g) ?? []
      for (const tag of tags) {
        expect(tag, comment.body).toMatch(/^<\/?(p|br|strong|em|del|s|code|pre|blockquote|ul|ol|li|a|hr)[\s>]/)
        expect(tag, comment.body).not.toMatch(/\son\w*\s*=/i)
        expect(tag, comment.body).not.toMatch(/\s(src|style)\s*=/i)
      }
      for (const [, href] of html.matchAll(/<a href="([^"]*)"/g))
        expect(href, comment.body).toMatch(/^(https?:|mailto:)/)
    }
  })
})
