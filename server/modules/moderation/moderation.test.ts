import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { comments, follows, moderationLog, tools } from '../../db/schema/index.ts'
import { sessionCookieFrom, TestClient } from '../../test/client.ts'
import { buildCatalogTool, buildStack, buildTool, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'

let ctx: TestContext
let moderator: TestUser
let admin: TestUser
let user: TestUser
beforeAll(async () => {
  ctx = await createTestApp()
  moderator = await buildUser(ctx.app, { role: 'moderator' })
  admin = await buildUser(ctx.app, { role: 'admin' })
  user = await buildUser(ctx.app)
})
afterAll(() => ctx.close())

const visitor = () => new TestClient(ctx.app)
let sequence = 0

/** A tool a user added and sent through the soft-approval form: it waits in the queue. */
async function pendingTool(submitter: TestUser = user, name = `Queued ${process.pid}x${++sequence}`) {
  const created = await submitter.client.post('/api/v1/services/create', {
    service: { name, website_url: `${name.toLowerCase().replace(/\W+/g, '')}.example` },
  })
  expect(created.status).toBe(201)
  const id = created.body.tool.id as number
  const submitted = await submitter.client.post('/api/v1/services/submit_soft_approval', {
    id,
    service: { name, title: 'Queued for review', description: 'Waiting for a moderator.', features: 'One; Two' },
  })
  expect(submitted.status).toBe(200)
  return { id, slug: created.body.tool.slug as string, name }
}

async function flaggedComment(body = 'A comment worth a look') {
  const tool = await buildTool(ctx.app.db)
  const created = await user.client.post('/api/v1/comments', {
    comment: { body, commentable_id: tool.id, commentable_type: 'tool' },
  })
  expect(created.status).toBe(200)
  const flagged = await moderator.client.post(`/api/v1/comments/${created.body.id}/toggle_flagged`)
  expect(flagged.body.flagged).toBe(true)
  return { id: created.body.id as number, tool }
}

async function logFor(subjectType: string, subjectId: number) {
  const rows = await ctx.app.db.select().from(moderationLog).where(eq(moderationLog.subjectId, subjectId))
  return rows.filter((row) => row.subjectType === subjectType).sort((a, b) => a.id - b.id)
}

async function impersonate(target: TestUser): Promise<TestClient> {
  const response = await admin.client.post('/api/auth/admin/impersonate-user', { userId: String(target.id) })
  expect(response.status).toBe(200)
  const cookies = sessionCookieFrom(response.headers).split('; ')
  return new TestClient(ctx.app, cookies.filter((pair) => !pair.endsWith('=')).at(-1))
}

describe('the tool approval queue', () => {
  it('lists submitted tools oldest first with their submitter, not the ones never submitted', async () => {
    const first = await pendingTool()
    const second = await pendingTool()
    await user.client.post('/api/v1/services/create', {
      service: { name: 'Never Sent', website_url: 'neversent.example' },
    })
    const response = await moderator.client.get('/api/v1/moderation/tools')
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const ids = response.body.tools.map((tool: any) => tool.id)
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id))
    expect(response.body.tools.some((tool: any) => tool.name === 'Never Sent')).toBe(false)
    expect(response.body.tools.find((tool: any) => tool.id === first.id)).toMatchObject({
      name: first.name,
      title: 'Queued for review',
      is_approved: false,
      submitted_for_approval: true,
      submitter: { id: user.id, username: user.username },
    })
    expect(response.body).toMatchObject({ page: 1, per_page: 20 })
    expect(response.body.total).toBe(response.body.tools.length)
    const counts = await admin.client.get('/api/v1/moderation/counts')
    expect(counts.body.tools).toBe(response.body.total)
  })

  it('approves a tool: public, is_approved, counted, searchable, logged', async () => {
    const tool = await pendingTool(user, `Approvable ${process.pid}`)
    // used and followed while it waited
    await buildStack(ctx.app.db, { ownerUserId: user.id, tools: [{ id: tool.id }] })
    await ctx.app.db.insert(follows).values({ userId: user.id, followeeType: 'tool', followeeId: tool.id })
    expect((await visitor().get(`/api/v1/tools/${tool.slug}`)).status).toBe(404)

    const response = await moderator.client.post(`/api/v1/moderation/tools/${tool.id}/approve`)
    expect(response.status).toBe(200)
    expect(response.body.tool).toMatchObject({ id: tool.id, is_approved: true })

    const page = await visitor().get(`/api/v1/tools/${tool.slug}`)
    expect(page.status).toBe(200)
    expect(page.body.tool).toMatchObject({ is_approved: true, just_added: false, stacks_count: 1 })
    const [row] = await ctx.app.db.select().from(tools).where(eq(tools.id, tool.id))
    expect(row).toMatchObject({ stacksCount: 1, followersCount: 1, popularity: 13 })
    const search = await visitor().get(`/api/v1/services/search?q=approvable`)
    expect(search.body.tools.map((hit: any) => hit.id)).toContain(tool.id)
    const mine = await user.client.get('/api/v1/services/soft_approval')
    expect(mine.body.tools.some((row: any) => row.id === tool.id)).toBe(false)

    const [entry] = await logFor('tool', tool.id)
    expect(entry).toMatchObject({
      actorId: moderator.id,
      action: 'tool.approved',
      subjectLabel: tool.name,
      before: { is_approved: false },
      after: { is_approved: true },
    })
    const again = await moderator.client.post(`/api/v1/moderation/tools/${tool.id}/approve`)
    expect(again.status).toBe(409)
  })

  it('tells the submitter of the approval and of a rejection through their notifications', async () => {
    const submitter = await buildUser(ctx.app)
    const approved = await pendingTool(submitter)
    const rejected = await pendingTool(submitter)
    await moderator.client.post(`/api/v1/moderation/tools/${approved.id}/approve`)
    await moderator.client.post(`/api/v1/moderation/tools/${rejected.id}/reject`, { reason: 'Duplicate of Redis.' })
    const response = await submitter.client.get('/api/v1/notifications/index?page=1')
    expect(response.status).toBe(200)
    const items = response.body.notifications.map((item: any) => [item.n_type, item.content])
    expect(items).toEqual([
      ['tool_rejected', `${rejected.name} was sent back by a moderator: see why on Tools Pending Approval`],
      ['tool_approved', `${approved.name} was approved and is now listed`],
    ])
    const [rejectedNote, approvedNote] = response.body.notifications
    const openRejected = await submitter.client.get(rejectedNote.url)
    expect(openRejected.headers.location).toBe('/services/pending')
    const openApproved = await submitter.client.get(approvedNote.url)
    expect(openApproved.headers.location).toBe(`/tools/${approved.slug}`)
  })

  it('rejects a tool with a reason its submitter reads, and takes it back when submitted again', async () => {
    const tool = await pendingTool()
    const empty = await moderator.client.post(`/api/v1/moderation/tools/${tool.id}/reject`, { reason: ' ' })
    expect(empty.status).toBe(400)
    expect(empty.body.error.fields).toEqual({ reason: ["can't be blank"] })
    const tooLong = await moderator.client.post(`/api/v1/moderation/tools/${tool.id}/reject`, {
      reason: 'x'.repeat(501),
    })
    expect(tooLong.body.error.fields).toEqual({ reason: ['is too long (maximum is 500 characters)'] })

    const response = await admin.client.post(`/api/v1/moderation/tools/${tool.id}/reject`, {
      reason: 'Please link the official website.',
    })
    expect(response.status).toBe(200)
    expect(response.body.tool).toMatchObject({
      is_approved: false,
      submitted_for_approval: false,
      rejection_reason: 'Please link the official website.',
    })
    const mine = await user.client.get('/api/v1/services/soft_approval')
    expect(mine.body.tools.find((row: any) => row.id === tool.id)).toMatchObject({
      submitted_for_approval: false,
      rejection_reason: 'Please link the official website.',
    })
    const queue = await moderator.client.get('/api/v1/moderation/tools')
    expect(queue.body.tools.some((row: any) => row.id === tool.id)).toBe(false)
    const [entry] = await logFor('tool', tool.id)
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'tool.rejected',
      reason: 'Please link the official website.',
    })
    // a second rejection has nothing to reject
    const twice = await moderator.client.post(`/api/v1/moderation/tools/${tool.id}/reject`, { reason: 'again' })
    expect(twice.status).toBe(409)
    expect(twice.body.error.message).toBe('This tool is not waiting for approval.')

    const resubmitted = await user.client.post('/api/v1/services/submit_soft_approval', {
      id: tool.id,
      service: { name: tool.name, title: 'Fixed', description: 'Now with the official site.' },
    })
    expect(resubmitted.status).toBe(200)
    const after = await user.client.get('/api/v1/services/soft_approval')
    expect(after.body.tools.find((row: any) => row.id === tool.id)).toMatchObject({
      submitted_for_approval: true,
      rejection_reason: null,
    })
  })

  it('edits a tool, records only what changed, and checks name and category', async () => {
    const category = await buildCatalogTool(ctx.app.db, { category: 'moderation-cat', layer: 'moderation-layer' })
    expect(category).toBeDefined()
    const tool = await pendingTool()
    const service = {
      name: tool.name,
      title: 'Edited by a moderator',
      description: 'Waiting for a moderator.',
      features: 'One; Two',
      website_url: 'https://official.example/',
      category: 'moderation-cat',
    }
    const response = await moderator.client.put(`/api/v1/moderation/tools/${tool.id}`, { service })
    expect(response.status).toBe(200)
    expect(response.body.tool).toMatchObject({
      title: 'Edited by a moderator',
      website_url: 'https://official.example/',
      category: { slug: 'moderation-cat' },
      submitted_for_approval: true,
    })
    const [entry] = await logFor('tool', tool.id)
    expect(entry).toMatchObject({ action: 'tool.edited', actorId: moderator.id })
    expect(Object.keys(entry!.after!).sort()).toEqual(['category', 'title', 'website_url'])
    expect(entry!.before).toMatchObject({ title: 'Queued for review', category: null })

    // an unchanged save writes no entry
    expect((await moderator.client.put(`/api/v1/moderation/tools/${tool.id}`, { service })).status).toBe(200)
    expect(await logFor('tool', tool.id)).toHaveLength(1)

    const unknown = await moderator.client.put(`/api/v1/moderation/tools/${tool.id}`, {
      service: { ...service, category: 'no-such-category' },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.fields).toEqual({ category: ['is not a category'] })
    const taken = await moderator.client.put(`/api/v1/moderation/tools/${tool.id}`, {
      service: { ...service, name: category.name },
    })
    expect(taken.body.error.fields).toEqual({ name: ['has already been taken'] })
    const invalid = await moderator.client.put(`/api/v1/moderation/tools/${tool.id}`, {
      service: { ...service, title: 'x'.repeat(121), website_url: 'nope' },
    })
    expect(invalid.body.error.fields).toEqual({
      title: ['is too long (maximum is 120 characters)'],
      website_url: ['Invalid URL'],
    })
    expect((await moderator.client.put('/api/v1/moderation/tools/999999', { service })).status).toBe(404)
  })
})

describe('the flagged comment queue', () => {
  it('lists flagged comments with where they are and who flagged them; hidden ones stay out', async () => {
    const flagged = await flaggedComment('Spam? **maybe**')
    const response = await moderator.client.get('/api/v1/moderation/comments')
    expect(response.status).toBe(200)
    const listed = response.body.comments.find((comment: any) => comment.id === flagged.id)
    expect(listed).toMatchObject({
      body: 'Spam? **maybe**',
      body_html: '<p>Spam? <strong>maybe</strong></p>\n',
      user: { userId: user.id, username: user.username },
      commentable: { type: 'tool', id: flagged.tool.id, name: flagged.tool.name, url: `/tools/${flagged.tool.slug}` },
      flagged_by: { id: moderator.id, username: moderator.username },
      replies_count: 0,
    })
    expect(listed.flagged_at).toMatch(/^\d{4}-/)
    const counts = await moderator.client.get('/api/v1/moderation/counts')
    expect(counts.body.comments).toBe(response.body.total)
  })

  it('restores a flagged comment: visible to visitors again, logged', async () => {
    const flagged = await flaggedComment()
    const hidden = await visitor().get(`/api/v1/comments?commentable_type=tool&commentable_id=${flagged.tool.id}`)
    expect(hidden.body).toHaveLength(0)
    const response = await moderator.client.post(`/api/v1/moderation/comments/${flagged.id}/restore`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ id: flagged.id, parentId: null, flagged: false, removed: false })
    const shown = await visitor().get(`/api/v1/comments?commentable_type=tool&commentable_id=${flagged.tool.id}`)
    expect(shown.body.map((comment: any) => comment.id)).toEqual([flagged.id])
    const entries = await logFor('comment', flagged.id)
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['comment.flagged', moderator.id],
      ['comment.restored', moderator.id],
    ])
    const twice = await moderator.client.post(`/api/v1/moderation/comments/${flagged.id}/restore`)
    expect(twice.status).toBe(409)
    expect(twice.body.error.message).toBe('Only flagged comments are handled here.')
  })

  it('removes a flagged comment with its replies; the log keeps its text and the reason', async () => {
    const flagged = await flaggedComment('Buy cheap pills')
    const reply = await user.client.post('/api/v1/comments/reply', {
      comment: { parent_id: flagged.id, body: 'a reply', commentable_id: flagged.tool.id, commentable_type: 'tool' },
    })
    expect(reply.status).toBe(200)
    const tooLong = await admin.client.post(`/api/v1/moderation/comments/${flagged.id}/remove`, {
      reason: 'x'.repeat(501),
    })
    expect(tooLong.status).toBe(400)
    const response = await admin.client.post(`/api/v1/moderation/comments/${flagged.id}/remove`, { reason: 'Spam' })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ id: flagged.id, removed: true })
    const left = await ctx.app.db.select().from(comments).where(eq(comments.commentableId, flagged.tool.id))
    expect(left).toHaveLength(0)
    const entries = await logFor('comment', flagged.id)
    expect(entries.at(-1)).toMatchObject({
      action: 'comment.removed',
      actorId: admin.id,
      reason: 'Spam',
      subjectLabel: 'Buy cheap pills',
      before: { body: 'Buy cheap pills', user_id: user.id, replies_count: 1 },
      after: null,
    })
    expect((await admin.client.post(`/api/v1/moderation/comments/${flagged.id}/remove`, {})).status).toBe(404)
  })

  it('unflagging from the comments widget is logged too', async () => {
    const flagged = await flaggedComment()
    await admin.client.post(`/api/v1/comments/${flagged.id}/toggle_flagged`)
    const entries = await logFor('comment', flagged.id)
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['comment.flagged', moderator.id],
      ['comment.unflagged', admin.id],
    ])
  })
})

describe('the moderation log', () => {
  it('lists entries newest first for admins, filtered by action', async () => {
    const tool = await pendingTool()
    await moderator.client.post(`/api/v1/moderation/tools/${tool.id}/approve`)
    const response = await admin.client.get('/api/v1/moderation/log')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ page: 1, per_page: 50 })
    expect(response.body.entries[0]).toMatchObject({
      action: 'tool.approved',
      actor: { id: moderator.id, username: moderator.username },
      subject_type: 'tool',
      subject_id: tool.id,
      subject_label: tool.name,
      before: { is_approved: false },
      after: { is_approved: true },
    })
    const filtered = await admin.client.get('/api/v1/moderation/log?action=comment.flagged')
    expect(filtered.body.entries.every((entry: any) => entry.action === 'comment.flagged')).toBe(true)
    const bad = await admin.client.get('/api/v1/moderation/log?action=tool.deleted')
    expect(bad.status).toBe(400)
  })

  it('answers 403 to moderators and users, 401 to visitors', async () => {
    expect((await moderator.client.get('/api/v1/moderation/log')).status).toBe(403)
    expect((await user.client.get('/api/v1/moderation/log')).status).toBe(403)
    expect((await visitor().get('/api/v1/moderation/log')).status).toBe(401)
  })
})

describe('role checks on every moderation call', () => {
  const calls = (toolId: number, commentId: number): Array<[string, string, unknown?]> => [
    ['GET', '/api/v1/moderation/counts'],
    ['GET', '/api/v1/moderation/tools'],
    ['POST', `/api/v1/moderation/tools/${toolId}/approve`, {}],
    ['POST', `/api/v1/moderation/tools/${toolId}/reject`, { reason: 'no' }],
    [
      'PUT',
      `/api/v1/moderation/tools/${toolId}`,
      { service: { name: 'Hijack', title: 't', description: 'd', website_url: 'hijack.example' } },
    ],
    ['GET', '/api/v1/moderation/comments'],
    ['POST', `/api/v1/moderation/comments/${commentId}/restore`, {}],
    ['POST', `/api/v1/moderation/comments/${commentId}/remove`, {}],
  ]

  it('answers 403 to a signed-in user and 401 to a visitor, changing nothing', async () => {
    const tool = await pendingTool()
    const flagged = await flaggedComment()
    for (const [method, url, body] of calls(tool.id, flagged.id)) {
      const refused = await user.client.request(method as 'GET', url, body)
      expect(refused.status, `${method} ${url}`).toBe(403)
      expect(refused.body.error.message).toBe('Only moderators can do that.')
      expect((await visitor().request(method as 'GET', url, body)).status, `${method} ${url}`).toBe(401)
    }
    const [row] = await ctx.app.db.select().from(tools).where(eq(tools.id, tool.id))
    expect(row).toMatchObject({ isApproved: false, name: tool.name, rejectionReason: null })
    const [comment] = await ctx.app.db.select().from(comments).where(eq(comments.id, flagged.id))
    expect(comment?.flagged).toBe(true)
    expect(await logFor('tool', tool.id)).toHaveLength(0)
  })

  it('answers 403 to an admin impersonating a moderator', async () => {
    const tool = await pendingTool()
    const asModerator = await impersonate(await buildUser(ctx.app, { role: 'moderator' }))
    const response = await asModerator.post(`/api/v1/moderation/tools/${tool.id}/approve`)
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe('Impersonated users are not allowed to moderate')
  })

  it('answers 404 for unknown ids and 400 for bad ones', async () => {
    expect((await moderator.client.post('/api/v1/moderation/tools/999999/approve')).status).toBe(404)
    expect((await moderator.client.post('/api/v1/moderation/comments/999999/restore')).status).toBe(404)
    expect((await moderator.client.post('/api/v1/moderation/tools/abc/approve')).status).toBe(400)
    expect((await moderator.client.get('/api/v1/moderation/tools?page=0')).status).toBe(400)
  })
})
