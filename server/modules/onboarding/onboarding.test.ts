import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_INTERESTS, IMPERSONATED_CHANGE_SETTINGS } from '#contracts/onboarding.ts'
import { scans, users } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { buildCompany, buildTool, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { connectGithub, impersonate } from '../../test/stack-fixtures.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const signedOut = () => new TestClient(ctx.app)

async function userRow(user: TestUser) {
  const [row] = await ctx.app.db.select().from(users).where(eq(users.id, user.id))
  return row!
}

async function addProfileScan(key: string, slugs: string[], state: 'done' | 'failed' = 'done') {
  await ctx.app.db.insert(scans).values({
    targetKey: key,
    url: `https://${key.slice(4)}`,
    kind: 'repository',
    state,
    stage: 'done',
    tools: slugs.map((slug) => ({
      name: slug,
      slug,
      category: null,
      is_package: false,
      version: null,
      sources: [],
      confidence: 100,
    })),
  })
}

describe('GET /api/v1/onboarding', () => {
  it('answers the startup info of a new user: no tools, no oauth, the profile as redirect', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.get('/api/v1/onboarding')
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toMatchObject({
      user_id: user.id,
      // the sign-up name, split (decision 039)
      first_name: 'User',
      last_name: expect.stringMatching(/^\d+$/),
      job_title: null,
      is_private: false,
      was_shadow: false,
      companies: [],
      services: [],
      weekly_digest_subscribed: true,
      email_feed_weekly: true,
      started: false,
      onboarded: false,
      redirect_path: `/${user.username}`,
      oauth: null,
    })
  })

  it('prefills the names from the sign-up name until first or last name is saved, cut to 30 characters', async () => {
    const long = await buildUser(ctx.app, { name: `  Maria   de la ${'x'.repeat(40)} ` })
    expect((await long.client.get('/api/v1/onboarding')).body).toMatchObject({
      first_name: 'Maria',
      last_name: `de la ${'x'.repeat(24)}`,
    })
    const saved = await buildUser(ctx.app, { name: 'Ada Lovelace' })
    await ctx.app.db.update(users).set({ firstName: 'Augusta' }).where(eq(users.id, saved.id))
    expect((await saved.client.get('/api/v1/onboarding')).body).toMatchObject({
      first_name: 'Augusta',
      last_name: null,
    })
  })

  it('preselects approved tools the scan engine found in the GitHub profile, most often found first', async () => {
    const user = await buildUser(ctx.app)
    await connectGithub(ctx.app.db, user.id)
    const react = await buildTool(ctx.app.db, { name: 'React Onb', slug: `react-onb-${user.id}` })
    const redis = await buildTool(ctx.app.db, { name: 'Redis Onb', slug: `redis-onb-${user.id}` })
    const pending = await buildTool(ctx.app.db, { slug: `pending-onb-${user.id}`, isApproved: false })
    const login = user.username
    await addProfileScan(`git:github.com/${login}/api`, [redis.slug, react.slug, pending.slug])
    await addProfileScan(`git:github.com/${login}/web`, [react.slug])
    await addProfileScan(`git:github.com/${login}/broken`, ['never-counted'], 'failed')
    await addProfileScan(`git:github.com/${login}x/other`, [`tool-not-theirs`])
    const response = await user.client.get('/api/v1/onboarding')
    expect(response.body.oauth).toEqual({ provider: 'GitHub', icon: 'github' })
    expect(response.body.services.map((tool: { slug: string }) => tool.slug)).toEqual([react.slug, redis.slug])
    expect(response.body.services[0]).toEqual({
      id: react.id,
      name: 'React Onb',
      slug: react.slug,
      image_url: `/logos/${react.slug}.svg`,
      is_approved: true,
      is_package: false,
      just_added: false,
    })
  })

  it('finds no tools without a GitHub profile, even when repositories of the same name were scanned', async () => {
    const user = await buildUser(ctx.app)
    const tool = await buildTool(ctx.app.db)
    await addProfileScan(`git:github.com/${user.username}/site`, [tool.slug])
    const response = await user.client.get('/api/v1/onboarding')
    expect(response.body.services).toEqual([])
    expect(response.body.oauth).toBeNull()
  })

  it('names the organisations of an account created from one', async () => {
    const user = await buildUser(ctx.app)
    await ctx.app.db
      .update(users)
      .set({ githubOrganizations: ['acme', 'acme-labs'] })
      .where(eq(users.id, user.id))
    const response = await user.client.get('/api/v1/onboarding')
    expect(response.body).toMatchObject({ was_shadow: true, companies: ['acme', 'acme-labs'] })
  })

  it('answers 401 when signed out', async () => {
    expect((await signedOut().get('/api/v1/onboarding')).status).toBe(401)
  })
})

describe('POST /api/v1/onboarding/toggle_email_feed_weekly', () => {
  it('stores the weekly updates choice (200)', async () => {
    const user = await buildUser(ctx.app)
    const off = await user.client.post('/api/v1/onboarding/toggle_email_feed_weekly', {
      user: { email_feed_weekly: false },
    })
    expect(off.status).toBe(200)
    expect(off.body).toEqual({ email_feed_weekly: false })
    expect((await userRow(user)).emailFeedWeekly).toBe(false)
    await user.client.post('/api/v1/onboarding/toggle_email_feed_weekly', { user: { email_feed_weekly: true } })
    expect((await userRow(user)).emailFeedWeekly).toBe(true)
  })

  it('answers 400 with field errors for a missing choice', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/onboarding/toggle_email_feed_weekly', { user: {} })
    expect(response.status).toBe(400)
    expect(Object.keys(response.body.error.fields)).toEqual(['email_feed_weekly'])
  })

  it('answers 401 when signed out and 403 for an impersonated session, changing nothing', async () => {
    const user = await buildUser(ctx.app)
    const body = { user: { email_feed_weekly: false } }
    expect((await signedOut().post('/api/v1/onboarding/toggle_email_feed_weekly', body)).status).toBe(401)
    const admin = await impersonate(ctx.app, user)
    const refused = await admin.post('/api/v1/onboarding/toggle_email_feed_weekly', body)
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe(IMPERSONATED_CHANGE_SETTINGS)
    expect((await userRow(user)).emailFeedWeekly).toBe(true)
  })
})

describe('POST /api/v1/onboarding/submit_basic_information', () => {
  const basic = {
    first_name: '  Ada ',
    last_name: 'Lovelace',
    company_name: 'Analytical Engines',
    title: 'Engineer',
    weekly_digest_subscribed: false,
  }

  it('stores names, company, title, newsletter choice and photo, and renames the user (200)', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/onboarding/submit_basic_information', {
      user: { ...basic, picture: '/uploads/avatars/0b0e2d4e-1111-4222-8333-944455556666.png' },
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      company_name: 'Analytical Engines',
      title: 'Engineer',
      picture: '/uploads/avatars/0b0e2d4e-1111-4222-8333-944455556666.png',
      weekly_digest_subscribed: false,
    })
    const row = await userRow(user)
    expect(row).toMatchObject({ name: 'Ada Lovelace', title: 'Engineer', weeklyDigestSubscribed: false })
  })

  it('keeps the photo and the name when none is sent, and clears blank fields', async () => {
    const user = await buildUser(ctx.app, { name: 'Kept Name' })
    await ctx.app.db.update(users).set({ image: '/uploads/avatars/old.png', title: 'Old' }).where(eq(users.id, user.id))
    const response = await user.client.post('/api/v1/onboarding/submit_basic_information', {
      user: { first_name: '', last_name: ' ', company_name: null, title: '', weekly_digest_subscribed: true },
    })
    expect(response.status).toBe(200)
    expect(await userRow(user)).toMatchObject({ name: 'Kept Name', image: '/uploads/avatars/old.png', title: null })
  })

  it('answers 400 with the spec limits: 30 for names and job title, 60 for the company', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/onboarding/submit_basic_information', {
      user: { ...basic, first_name: 'a'.repeat(31), title: 't'.repeat(31), company_name: 'c'.repeat(61) },
    })
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({
      first_name: ['is too long (maximum is 30 characters)'],
      title: ['is too long (maximum is 30 characters)'],
      company_name: ['is too long (maximum is 60 characters)'],
    })
    const ok = await user.client.post('/api/v1/onboarding/submit_basic_information', {
      user: { ...basic, first_name: 'a'.repeat(30), company_name: 'c'.repeat(60) },
    })
    expect(ok.status).toBe(200)
  })

  it('answers 400 for a picture that is not an uploaded image or a web address', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/onboarding/submit_basic_information', {
      user: { ...basic, picture: 'javascript:alert(1)' },
    })
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ picture: ['is invalid'] })
  })

  it('answers 401 when signed out and 403 for an impersonated session, changing nothing', async () => {
    const user = await buildUser(ctx.app)
    expect((await signedOut().post('/api/v1/onboarding/submit_basic_information', { user: basic })).status).toBe(401)
    const admin = await impersonate(ctx.app, user)
    const refused = await admin.post('/api/v1/onboarding/submit_basic_information', { user: basic })
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe(IMPERSONATED_CHANGE_SETTINGS)
    expect((await userRow(user)).firstName).toBeNull()
  })
})

describe('areas of interest', () => {
  it('answers the defaults until saved, then the saved values', async () => {
    const user = await buildUser(ctx.app)
    const before = await user.client.get('/api/v1/onboarding/current_interests')
    expect(before.status).toBe(200)
    expect(before.body).toEqual(DEFAULT_INTERESTS)
    expect(before.body).toEqual({
      news: true,
      tools: false,
      comparisons: true,
      deep_dives: false,
      companies: true,
      jobs: false,
    })
    const chosen = { news: false, tools: true, comparisons: false, deep_dives: true, companies: false, jobs: true }
    const saved = await user.client.post('/api/v1/onboarding/interests', { interests: chosen })
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual(chosen)
    expect((await user.client.get('/api/v1/onboarding/current_interests')).body).toEqual(chosen)
  })

  it('answers 400 when an interest is missing or not a boolean', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/onboarding/interests', {
      interests: { ...DEFAULT_INTERESTS, jobs: 'yes', news: undefined },
    })
    expect(response.status).toBe(400)
    expect(Object.keys(response.body.error.fields).sort()).toEqual(['jobs', 'news'])
  })

  it('answers 401 when signed out and 403 for an impersonated session, changing nothing', async () => {
    const user = await buildUser(ctx.app)
    expect((await signedOut().get('/api/v1/onboarding/current_interests')).status).toBe(401)
    const body = { interests: { ...DEFAULT_INTERESTS, jobs: true } }
    expect((await signedOut().post('/api/v1/onboarding/interests', body)).status).toBe(401)
    const admin = await impersonate(ctx.app, user)
    const refused = await admin.post('/api/v1/onboarding/interests', body)
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe(IMPERSONATED_CHANGE_SETTINGS)
    expect((await userRow(user)).interests).toBeNull()
  })
})

describe('POST /api/v1/onboarding/start', () => {
  it('records the first time the wizard was shown', async () => {
    const user = await buildUser(ctx.app)
    const response = await user.client.post('/api/v1/onboarding/start')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ started: true })
    const first = (await userRow(user)).onboardingStartedAt
    expect(first).toBeInstanceOf(Date)
    await user.client.post('/api/v1/onboarding/start')
    expect((await userRow(user)).onboardingStartedAt).toEqual(first)
    expect((await user.client.get('/api/v1/onboarding')).body).toMatchObject({ started: true, onboarded: false })
  })

  it('answers 401 when signed out and 403 for an impersonated session, recording nothing', async () => {
    const user = await buildUser(ctx.app)
    expect((await signedOut().post('/api/v1/onboarding/start')).status).toBe(401)
    const admin = await impersonate(ctx.app, user)
    const refused = await admin.post('/api/v1/onboarding/start')
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe(IMPERSONATED_CHANGE_SETTINGS)
    expect((await userRow(user)).onboardingStartedAt).toBeNull()
  })
})

describe('POST /api/v1/onboarding/finish', () => {
  it('marks the user onboarded once, which the current user record shows', async () => {
    const user = await buildUser(ctx.app)
    expect((await user.client.get('/api/v1/users/current')).body.user.onboarded).toBe(false)
    const response = await user.client.post('/api/v1/onboarding/finish')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ onboarded: true })
    const first = (await userRow(user)).onboardedAt
    expect(first).toBeInstanceOf(Date)
    await user.client.post('/api/v1/onboarding/finish')
    expect((await userRow(user)).onboardedAt).toEqual(first)
    expect((await user.client.get('/api/v1/users/current')).body.user.onboarded).toBe(true)
    expect((await user.client.get('/api/v1/onboarding')).body.onboarded).toBe(true)
  })

  it('answers 401 when signed out and 403 for an impersonated session, leaving onboarding unfinished', async () => {
    const user = await buildUser(ctx.app)
    expect((await signedOut().post('/api/v1/onboarding/finish')).status).toBe(401)
    const admin = await impersonate(ctx.app, user)
    const refused = await admin.post('/api/v1/onboarding/finish')
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe(IMPERSONATED_CHANGE_SETTINGS)
    expect((await userRow(user)).onboardedAt).toBeNull()
  })
})

describe('GET /api/v1/companies/search', () => {
  it('lists public company names starting with q, or with a word starting with it, as strings', async () => {
    const user = await buildUser(ctx.app)
    await buildCompany(ctx.app.db, { name: 'Zyxwv Labs' })
    await buildCompany(ctx.app.db, { name: 'Big Zyxwv' })
    await buildCompany(ctx.app.db, { name: 'Zyxwv Hidden', privateMode: true })
    await buildCompany(ctx.app.db, { name: 'Other 100%' })
    const response = await user.client.get('/api/v1/companies/search?q=zyxwv')
    expect(response.status).toBe(200)
    expect(response.body).toEqual(['Zyxwv Labs', 'Big Zyxwv'])
    expect((await user.client.get('/api/v1/companies/search?q=%25')).body).toEqual([])
    expect((await user.client.get('/api/v1/companies/search?q=%20')).body).toEqual([])
    expect((await user.client.get('/api/v1/companies/search')).body).toEqual([])
  })

  it('answers 401 when signed out', async () => {
    expect((await signedOut().get('/api/v1/companies/search?q=a')).status).toBe(401)
  })
})

describe('POST /api/v1/uploads/avatar', () => {
  const boundary = '----stackatlas-onboarding-boundary'
  const form = (file: Buffer, filename: string, type: string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
  const upload = (client: TestClient, query: string, file: Buffer, filename = 'me.png', type = 'image/png') =>
    client.request('POST', `/api/v1/uploads/avatar${query}`, form(file, filename, type), {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    })
  // left half red, right half blue: the chosen square decides which colour is kept
  const halves = (format: 'png' | 'jpeg' | 'gif') =>
    sharp({ create: { width: 400, height: 200, channels: 3, background: '#ff0000' } })
      .composite([
        {
          input: { create: { width: 200, height: 200, channels: 3, background: '#0000ff' } },
          left: 200,
          top: 0,
        },
      ])
      .toFormat(format)
      .toBuffer()

  it('cuts the chosen square out of the photo and stores it 256 x 256', async () => {
    const user = await buildUser(ctx.app)
    const response = await upload(user.client, '?x=200&y=0&size=200', await halves('png'))
    expect(response.status).toBe(200)
    expect(response.body.image_url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.png$/)
    const served = await ctx.app.inject({ method: 'GET', url: response.body.image_url })
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true })
    expect([info.width, info.height]).toEqual([256, 256])
    expect([data[0], data[1], data[2]]).toEqual([0, 0, 255])
  })

  it('keeps the centred square of a JPEG without a crop', async () => {
    const user = await buildUser(ctx.app)
    const response = await upload(user.client, '', await halves('jpeg'), 'me.jpg', 'image/jpeg')
    expect(response.status).toBe(200)
    expect(response.body.image_url).toMatch(/\.jpg$/)
    const served = await ctx.app.inject({ method: 'GET', url: response.body.image_url })
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 256, height: 256, format: 'jpeg' })
  })

  it('answers 400 for a GIF named .png, and 401 when signed out', async () => {
    const user = await buildUser(ctx.app)
    const gif = await upload(user.client, '', await halves('gif'))
    expect(gif.status).toBe(400)
    expect(gif.body.error.fields).toEqual({ image: ['must be a PNG or JPEG image'] })
    expect((await upload(signedOut(), '', await halves('png'))).status).toBe(401)
  })

  it('answers 400 for a crop that is not a number', async () => {
    const user = await buildUser(ctx.app)
    expect((await upload(user.client, '?x=a&y=0&size=10', await halves('png'))).status).toBe(400)
  })
})
