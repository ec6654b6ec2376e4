// Company verification (spec §5, docs/decisions/031-company-verification.md): the admins' queue for companies whose
// contact e-mail is elsewhere, the e-mailed link for those at their own domain, and every refusal.
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ALREADY_DECLINED,
  ALREADY_VERIFIED,
  LINK_EXPIRED,
  LINK_INVALID,
  LINK_SENT_RECENTLY,
  LINK_SUPERSEDED,
  NOT_AWAITING_EMAIL,
  ONLY_ADMINS_CONFIRM,
  ONLY_ADMINS_RESEND,
} from '#contracts/company-verification.ts'
import { analyticsEvents, companies, companyMembers, mailOutbox } from '../../db/schema/index.ts'
import { signLinkToken } from '../../http/signed-link.ts'
import { TestClient } from '../../test/client.ts'
import { buildCompany, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext, testConfig } from '../../test/harness.ts'
import { impersonate } from '../../test/stack-fixtures.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

let sequence = 0
const unique = (prefix: string) => `${prefix}${process.pid}x${++sequence}`

/** Creates a company through the API as `creator`, as the company form does. */
async function createCompany(creator: TestUser, fields: { website_url: string; email_address: string; name?: string }) {
  const response = await creator.client.post('/api/v1/companies/create', {
    company: { name: unique('Verify Co '), description: 'Makes things', ...fields },
  })
  if (response.status !== 200) throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`)
  return response.body.company as { id: number; slug: string; name: string; verification_status: string }
}

async function companyRow(id: number) {
  const [row] = await ctx.app.db.select().from(companies).where(eq(companies.id, id))
  return row!
}

async function mailsTo(address: string, kind?: string) {
  return ctx.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), kind ? eq(mailOutbox.kind, kind) : undefined))
    .orderBy(desc(mailOutbox.id))
}

/** The token of the newest confirmation link e-mailed to an address. */
async function linkTokenFor(address: string) {
  const [mail] = await mailsTo(address, 'company.verification_link')
  const token = /\/companies\/verify\?token=([A-Za-z0-9_.%-]+)/.exec(mail?.textBody ?? '')?.[1]
  if (!token) throw new Error(`no verification link to ${address}`)
  return decodeURIComponent(token)
}

async function queueIds(admin: TestUser, page = 1) {
  const response = await admin.client.get(`/api/v1/admin/company_verifications?page=${page}`)
  expect(response.status).toBe(200)
  return (response.body.companies as Array<{ id: number }>).map((company) => company.id)
}

describe('a company whose contact e-mail is at another domain: the admins’ queue', () => {
  it('waits in the queue, newest first, with its website, contact e-mail, creator, dates and why', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const creator = await buildUser(ctx.app, { name: 'Creator Person' })
    const older = await createCompany(creator, { website_url: 'older-co.test', email_address: 'founder@gmail.test' })
    const newer = await createCompany(creator, {
      website_url: 'https://www.newer-co.test/about',
      email_address: 'Jo@Mail.Example.test',
    })
    expect(newer.verification_status).toBe('awaiting_review')

    const response = await admin.client.get('/api/v1/admin/company_verifications')
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toMatchObject({ page: 1, per_page: 20 })
    const ids = response.body.companies.map((company: { id: number }) => company.id)
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id))
    const entry = response.body.companies.find((company: { id: number }) => company.id === newer.id)
    expect(entry).toMatchObject({
      name: newer.name,
      path: `/companies/${newer.slug}`,
      website_url: 'https://www.newer-co.test/about',
      website_domain: 'newer-co.test',
      email_address: 'Jo@Mail.Example.test',
      email_domain: 'mail.example.test',
      creator: { id: creator.id, username: creator.username, name: 'Creator Person' },
      reason: 'email_domain_differs',
    })
    expect(Date.parse(entry.created_at)).not.toBeNaN()
    expect(Date.parse(entry.waiting_since)).not.toBeNaN()
    // no link goes to an address at another domain
    expect(await mailsTo('Jo@Mail.Example.test')).toHaveLength(0)
  })

  it('pages 20 companies at a time', async () => {
    const fresh = await createTestApp()
    try {
      const admin = await buildUser(fresh.app, { role: 'admin' })
      for (let i = 0; i < 21; i++) {
        await buildCompany(fresh.app.db, {
          verificationMethod: 'review',
          verificationRequestedAt: new Date(Date.UTC(2026, 0, 1 + i)),
        })
      }
      const first = await admin.client.get('/api/v1/admin/company_verifications')
      const second = await admin.client.get('/api/v1/admin/company_verifications?page=2')
      expect(first.body.total).toBe(21)
      expect(first.body.companies).toHaveLength(20)
      expect(second.body.companies).toHaveLength(1)
      // the oldest request is the last one
      expect(second.body.companies[0].waiting_since).toBe('2026-01-01T00:00:00.000Z')
      expect((await admin.client.get('/api/v1/admin/company_verifications?page=0')).status).toBe(400)
    } finally {
      await fresh.close()
    }
  })

  it('lets an admin verify it: the badge, who and when, an e-mail to the contact address, out of the queue', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const creator = await buildUser(ctx.app)
    const contact = `${unique('ceo')}@elsewhere.test`
    const company = await createCompany(creator, { website_url: 'verify-me.test', email_address: contact })

    const response = await admin.client.post(`/api/v1/admin/companies/${company.id}/verify`, {})
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      company: {
        id: company.id,
        slug: company.slug,
        name: company.name,
        path: `/companies/${company.slug}`,
        verified: true,
        verification_status: 'verified',
      },
      mail_queued: true,
    })
    const row = await companyRow(company.id)
    expect(row).toMatchObject({ verified: true, verifiedById: admin.id })
    expect(row.verifiedAt).toBeInstanceOf(Date)
    const [mail] = await mailsTo(contact, 'company.verified')
    expect(mail).toMatchObject({ subject: `${company.name} is verified on Stackatlas`, status: 'pending' })
    expect(mail!.textBody).toContain(`http://localhost:3000/companies/${company.slug}`)
    expect(await queueIds(admin)).not.toContain(company.id)
    const page = await new TestClient(ctx.app).get(`/api/v1/companies/${company.slug}`)
    expect(page.body.company.verified).toBe(true)
    const events = await ctx.app.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'company.verified'))
    expect(events.at(-1)).toMatchObject({ userId: admin.id, properties: { company_id: company.id, method: 'admin' } })
  })

  it('answers 409 in the error envelope when the company is already verified, and sends nothing more', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const contact = `${unique('twice')}@elsewhere.test`
    const company = await buildCompany(ctx.app.db, { verified: true, emailAddress: contact })
    const response = await admin.client.post(`/api/v1/admin/companies/${company.id}/verify`, {})
    expect(response.status).toBe(409)
    expect(response.body).toEqual({
      error: { code: 'conflict', message: ALREADY_VERIFIED, error_msg: 'already_verified' },
    })
    expect(await mailsTo(contact)).toHaveLength(0)
    const decline = await admin.client.post(`/api/v1/admin/companies/${company.id}/decline_verification`, {})
    expect(decline.status).toBe(409)
    expect(decline.body.error.message).toBe(ALREADY_VERIFIED)
  })

  it('answers 404 for an unknown company and 400 for an id that is not one', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    for (const action of ['verify', 'decline_verification']) {
      const response = await admin.client.post(`/api/v1/admin/companies/999999/${action}`, {})
      expect(response.status).toBe(404)
      expect(response.body.error.code).toBe('not_found')
      expect((await admin.client.post(`/api/v1/admin/companies/abc/${action}`, {})).status).toBe(400)
    }
  })

  it('answers 401 signed out and 403 for a moderator or a user, and changes nothing', async () => {
    const moderator = await buildUser(ctx.app, { role: 'moderator' })
    const creator = await buildUser(ctx.app)
    const company = await createCompany(creator, { website_url: 'refuse.test', email_address: 'x@elsewhere.test' })
    const anonymous = new TestClient(ctx.app)
    expect((await anonymous.get('/api/v1/admin/company_verifications')).status).toBe(401)
    expect((await moderator.client.get('/api/v1/admin/company_verifications')).status).toBe(403)
    expect((await creator.client.get('/api/v1/admin/company_verifications')).status).toBe(403)
    for (const action of ['verify', 'decline_verification']) {
      const url = `/api/v1/admin/companies/${company.id}/${action}`
      expect((await anonymous.post(url, {})).status).toBe(401)
      const asModerator = await moderator.client.post(url, {})
      expect(asModerator.status).toBe(403)
      expect(asModerator.body.error).toEqual({ code: 'forbidden', message: 'Only admins can do that.' })
      expect((await creator.client.post(url, {})).status).toBe(403)
    }
    expect(await companyRow(company.id)).toMatchObject({ verified: false, verificationDeclinedAt: null })
  })

  it('lets an admin dismiss it without an e-mail; an edit of its details sends it back to the queue', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const creator = await buildUser(ctx.app)
    const contact = `${unique('dismissed')}@elsewhere.test`
    const company = await createCompany(creator, { website_url: 'dismiss.test', email_address: contact })
    const response = await admin.client.post(`/api/v1/admin/companies/${company.id}/decline_verification`, {})
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      company: { verified: false, verification_status: 'declined' },
      mail_queued: false,
    })
    expect(await companyRow(company.id)).toMatchObject({ verificationDeclinedById: admin.id })
    expect(await queueIds(admin)).not.toContain(company.id)
    expect(await mailsTo(contact)).toHaveLength(0)
    const again = await admin.client.post(`/api/v1/admin/companies/${company.id}/decline_verification`, {})
    expect(again.status).toBe(409)
    expect(again.body.error.message).toBe(ALREADY_DECLINED)

    const edit = await creator.client.post('/api/v1/companies/update', {
      company: {
        id: company.id,
        name: company.name,
        description: 'Makes things',
        website_url: 'dismiss.test',
        email_address: `other-${contact}`,
      },
    })
    expect(edit.status).toBe(200)
    expect(edit.body.company.verification_status).toBe('awaiting_review')
    expect(await queueIds(admin)).toContain(company.id)
  })

  it('writes nothing when the e-mail cannot be queued (one transaction)', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    // an address enqueueMail refuses (stored before the form's rule, say): the verification must roll back with it
    const company = await buildCompany(ctx.app.db, { verificationMethod: 'review', emailAddress: 'not an address' })
    const response = await admin.client.post(`/api/v1/admin/companies/${company.id}/verify`, {})
    expect(response.status).toBe(500)
    expect(response.body.error.code).toBe('internal_error')
    expect(await companyRow(company.id)).toMatchObject({ verified: false, verifiedAt: null, verifiedById: null })
  })
})

describe('a company whose contact e-mail is at its website domain: the e-mailed link', () => {
  async function companyWithLink(creator: TestUser) {
    const contact = `${unique('owner')}@mail.link-co.test`
    const company = await createCompany(creator, { website_url: 'https://www.link-co.test', email_address: contact })
    return { company, contact, token: await linkTokenFor(contact) }
  }

  it('e-mails a link to the contact address instead of queueing; the creator opening it verifies the company', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const creator = await buildUser(ctx.app)
    const { company, contact, token } = await companyWithLink(creator)
    expect(company.verification_status).toBe('awaiting_email')
    expect(await queueIds(admin)).not.toContain(company.id)
    const [mail] = await mailsTo(contact, 'company.verification_link')
    expect(mail!.subject).toBe(`Verify ${company.name} on Stackatlas`)

    const preview = await new TestClient(ctx.app).get(`/api/v1/companies/verification?token=${token}`)
    expect(preview.status).toBe(200)
    expect(preview.body).toMatchObject({ company: { id: company.id, name: company.name }, email: contact })

    const response = await creator.client.post('/api/v1/companies/verify', { token })
    expect(response.status).toBe(200)
    expect(response.body.company).toMatchObject({ id: company.id, verified: true, verification_status: 'verified' })
    expect(await companyRow(company.id)).toMatchObject({ verified: true, verifiedById: creator.id })

    const again = await creator.client.post('/api/v1/companies/verify', { token })
    expect(again.status).toBe(409)
    expect(again.body.error.message).toBe(ALREADY_VERIFIED)
  })

  it('refuses the link to anyone who is not one of the company’s admins: 401 signed out, 403 otherwise', async () => {
    const creator = await buildUser(ctx.app)
    const stranger = await buildUser(ctx.app)
    const member = await buildUser(ctx.app)
    const { company, token } = await companyWithLink(creator)
    await ctx.app.db.insert(companyMembers).values({ companyId: company.id, userId: member.id, role: 'member' })
    expect((await new TestClient(ctx.app).post('/api/v1/companies/verify', { token })).status).toBe(401)
    for (const user of [stranger, member]) {
      const response = await user.client.post('/api/v1/companies/verify', { token })
      expect(response.status).toBe(403)
      expect(response.body.error.message).toBe(ONLY_ADMINS_CONFIRM)
    }
    const asImpersonated = await impersonate(ctx.app, creator)
    expect((await asImpersonated.post('/api/v1/companies/verify', { token })).status).toBe(403)
    expect((await companyRow(company.id)).verified).toBe(false)
  })

  it('answers 400 for a tampered link, 410 for an expired or replaced one, 404 when the company is gone', async () => {
    const creator = await buildUser(ctx.app)
    const { company, token } = await companyWithLink(creator)
    const [id, nonce, expiry, signature] = token.split('.') as [string, string, string, string]

    const tampered = await creator.client.post('/api/v1/companies/verify', {
      token: `${id}.${nonce}.${Number(expiry) + 86_400}.${signature}`,
    })
    expect(tampered.status).toBe(400)
    expect(tampered.body.error).toMatchObject({ code: 'verification_link_invalid', message: LINK_INVALID })
    // a team invitation's token for the same id and nonce is not a verification link
    const otherPurpose = signLinkToken(testConfig().authSecret, 'team-invitation', {
      id: company.id,
      nonce,
      expiresAt: Number(expiry),
    })
    expect((await creator.client.post('/api/v1/companies/verify', { token: otherPurpose })).status).toBe(400)

    const expired = signLinkToken(testConfig().authSecret, 'company-verification', {
      id: company.id,
      nonce,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    })
    const expiredAnswer = await creator.client.post('/api/v1/companies/verify', { token: expired })
    expect(expiredAnswer.status).toBe(410)
    expect(expiredAnswer.body.error.message).toBe(LINK_EXPIRED)

    // a new link (the minute between sends has passed) replaces the old one
    await ctx.app.db
      .update(companies)
      .set({ verificationSentAt: new Date(Date.now() - 120_000) })
      .where(eq(companies.id, company.id))
    expect(
      (await creator.client.post('/api/v1/companies/verification/resend', { company_id: company.id })).status,
    ).toBe(200)
    const replaced = await creator.client.post('/api/v1/companies/verify', { token })
    expect(replaced.status).toBe(410)
    expect(replaced.body.error.message).toBe(LINK_SUPERSEDED)

    const gone = signLinkToken(testConfig().authSecret, 'company-verification', {
      id: 999_999,
      nonce,
      expiresAt: Number(expiry),
    })
    expect((await creator.client.post('/api/v1/companies/verify', { token: gone })).status).toBe(404)
    expect((await companyRow(company.id)).verified).toBe(false)
  })

  it('sends a new link to a company admin at most once a minute, and only while a link is what it waits for', async () => {
    const creator = await buildUser(ctx.app)
    const stranger = await buildUser(ctx.app)
    const { company, contact } = await companyWithLink(creator)
    const url = '/api/v1/companies/verification/resend'

    const notAdmin = await stranger.client.post(url, { company_id: company.id })
    expect(notAdmin.status).toBe(403)
    expect(notAdmin.body.error.message).toBe(ONLY_ADMINS_RESEND)
    expect((await new TestClient(ctx.app).post(url, { company_id: company.id })).status).toBe(401)
    expect((await creator.client.post(url, { company_id: 999_999 })).status).toBe(404)

    await ctx.app.db
      .update(companies)
      .set({ verificationSentAt: new Date(Date.now() - 120_000) })
      .where(eq(companies.id, company.id))
    const resent = await creator.client.post(url, { company_id: company.id })
    expect(resent.status).toBe(200)
    expect(resent.body.mail_queued).toBe(true)
    expect(await mailsTo(contact, 'company.verification_link')).toHaveLength(2)
    const newest = await linkTokenFor(contact)
    expect((await creator.client.post('/api/v1/companies/verify', { token: newest })).status).toBe(200)

    const elsewhere = await createCompany(creator, { website_url: 'queue-co.test', email_address: 'a@elsewhere.test' })
    const notByEmail = await creator.client.post(url, { company_id: elsewhere.id })
    expect(notByEmail.status).toBe(409)
    expect(notByEmail.body.error.message).toBe(NOT_AWAITING_EMAIL)
  })

  it('answers 429 within a minute only while rate limits are on (RATE_LIMIT_DISABLED lifts it)', async () => {
    const url = '/api/v1/companies/verification/resend'
    const creator = await buildUser(ctx.app)
    const { company } = await companyWithLink(creator)
    expect((await creator.client.post(url, { company_id: company.id })).status).toBe(200)

    const limited = await createTestApp({ rateLimitEnabled: true })
    try {
      const owner = await buildUser(limited.app)
      const made = await createCompany(owner, {
        website_url: 'https://www.link-co.test',
        email_address: `${unique('owner')}@mail.link-co.test`,
      })
      const tooSoon = await owner.client.post(url, { company_id: made.id })
      expect(tooSoon.status).toBe(429)
      expect(tooSoon.body.error.message).toBe(LINK_SENT_RECENTLY)
    } finally {
      await limited.close()
    }
  })
})

describe('editing a company', () => {
  async function update(creator: TestUser, company: { id: number; name: string }, changes: Record<string, string>) {
    const response = await creator.client.post('/api/v1/companies/update', {
      company: {
        id: company.id,
        name: company.name,
        description: 'Makes things',
        website_url: 'edit-co.test',
        email_address: 'boss@edit-co.test',
        ...changes,
      },
    })
    expect(response.status).toBe(200)
    return response.body.company as { verified: boolean; verification_status: string }
  }

  it('keeps the badge when only the contact e-mail changes, and drops it when the name or website domain does', async () => {
    const admin = await buildUser(ctx.app, { role: 'admin' })
    const creator = await buildUser(ctx.app)
    const company = await createCompany(creator, { website_url: 'edit-co.test', email_address: 'boss@edit-co.test' })
    await admin.client.post(`/api/v1/admin/companies/${company.id}/verify`, {})

    expect(await update(creator, company, { email_address: 'someone@gmail.test' })).toMatchObject({ verified: true })
    expect(await update(creator, company, { website_url: 'https://www.edit-co.test/new' })).toMatchObject({
      verified: true,
    })
    const moved = await update(creator, company, { website_url: 'another-site.test', email_address: 'a@gmail.test' })
    expect(moved).toMatchObject({ verified: false, verification_status: 'awaiting_review' })
    expect(await queueIds(admin)).toContain(company.id)

    await admin.client.post(`/api/v1/admin/companies/${company.id}/verify`, {})
    const contact = `${unique('renamed')}@edit-co.test`
    const renamed = await update(creator, company, { name: `${company.name} Renamed`, email_address: contact })
    expect(renamed).toMatchObject({ verified: false, verification_status: 'awaiting_email' })
    expect(await mailsTo(contact, 'company.verification_link')).toHaveLength(1)
  })
})
