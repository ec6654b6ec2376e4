// SITE_MODE=private (issue 17, decision 053): every route in the route table, and every page of the web app's router,
// answers someone not signed in with the sign-in screen (pages) or 401 (everything else), but the few that are open
// by design, listed here: a new route is walled unless it says otherwise, and saying so fails this test until the
// list names it. Signed in, the site answers as in public mode, with nothing a shared cache may keep.
import fs from 'node:fs'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_IN_TO_USE_THIS_SITE } from '#contracts/sign-in.ts'
import { buildApp } from '../app.ts'
import { TestClient } from '../test/client.ts'
import { buildTool, buildUser, type TestUser } from '../test/factories.ts'
import { createTestApp, type TestContext, testConfig } from '../test/harness.ts'
import { listRegisteredRoutes } from '../test/route-list.ts'
import { PAGES_OPEN_IN_PRIVATE_MODE } from './private-mode.ts'

/** The routes anyone may call on a private site, and why. */
const OPEN_ROUTES = [
  'GET /healthz', // load balancers
  'GET /readyz', // load balancers
  'GET /metrics', // the scraper's METRICS_TOKEN is its proof (404 without the setting)
  'GET /api/v1/site', // the sign-in screen's name and sign-in options
  'GET /api/v1/users/current', // null: every page's frame asks who is signed in
  'GET /robots.txt', // "Disallow: /"
  'GET /api/auth/*', // signing in (Better Auth)
  'POST /api/auth/*',
  'POST /api/auth/sign-in/*',
  'POST /api/auth/sign-up/*',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/sign-out',
  'POST /api/v1/users/email/verify', // the e-mailed verification link is its proof
  'GET /api/v1/invitations/site', // the address an invitation is for: its holder has no account yet
  'GET /api/v1/notifications/unsubscribe', // the e-mailed link's token is its proof
  'POST /api/v1/notifications/unsubscribe',
  'POST /api/v1/notifications/unsubscribe/one-click',
  'POST /api/v1/code-host-webhooks/:connectionId', // the host's signature with the connection's secret is its proof
]

let ctx: TestContext
let member: TestUser
let visitor: TestClient
beforeAll(async () => {
  ctx = await createTestApp({ siteMode: 'private' })
  member = await buildUser(ctx.app)
  visitor = new TestClient(ctx.app)
})
afterAll(() => ctx.close())

/** GET `path` exactly as written (no client normalising it), signed out. */
function rawGet(origin: string, path: string): Promise<{ status: number; location: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}/`,
      { path, method: 'GET', headers: { accept: 'text/html' } },
      (response) => {
        let body = ''
        response.on('data', (chunk) => (body += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, location: String(response.headers.location ?? ''), body }),
        )
      },
    )
    request.on('error', reject)
    request.end()
  })
}

/** A concrete address for a registered path: every parameter and wildcard filled. */
const exampleOf = (path: string) => path.replace(/:[A-Za-z]+/g, 'acme').replace(/\*/g, 'acme')

describe('signed out, on a private site', () => {
  it('walls every route of the table but the open ones, and the open ones are the list above', async () => {
    const routes = listRegisteredRoutes(ctx.app)
      .filter(({ method }) => method !== 'HEAD' && method !== 'OPTIONS')
      // the built web app's own code (when it is built): open, it holds nothing of the directory
      .filter(({ path }) => !fs.existsSync(new URL(`../../dist/web${path}`, import.meta.url)))
    expect(routes.length).toBeGreaterThan(100)
    const open: string[] = []
    for (const { method, path } of routes) {
      const url = exampleOf(path)
      const response = await visitor.request(method as 'GET', url, method === 'GET' ? undefined : {})
      const walled = response.status === 401 && response.body?.error?.message === SIGN_IN_TO_USE_THIS_SITE
      const redirected = response.status === 302 && String(response.headers.location).startsWith('/sign-in')
      if (!walled && !redirected) open.push(`${method} ${path}`)
      if (walled) expect(response.headers['cache-control'], url).toBe('no-store')
    }
    expect(open.sort()).toEqual([...OPEN_ROUTES].sort())
  })

  it('sends every page of the router to the sign-in screen, coming back to it afterwards', async () => {
    const router = fs.readFileSync(new URL('../../web/src/app/routes.tsx', import.meta.url), 'utf8')
    const pages = [...router.matchAll(/path: '(\/[^']*)'/g)].map((match) => match[1]!)
    expect(pages.length).toBeGreaterThan(20)
    for (const page of [...pages, '/settings/profile', '/admin/users', '/tools/react?tab=stacks']) {
      const url = exampleOf(page)
      const response = await visitor.get(url)
      if (PAGES_OPEN_IN_PRIVATE_MODE.includes(url)) continue
      expect(response.status, url).toBe(302)
      expect(response.headers.location, url).toBe(`/sign-in?next=${encodeURIComponent(url)}`)
    }
    expect((await visitor.get('/')).headers.location).toBe('/sign-in')
  })

  it('answers 401 to what is no page nor API route: images, sitemaps, share cards, unknown files', async () => {
    for (const url of ['/uploads/logos/a.png', '/sitemap.xml', '/sitemaps/tools-1.xml', '/share/tools/react.png']) {
      const response = await visitor.get(url)
      expect(response.status, url).toBe(401)
      expect(response.body.error.code).toBe('unauthorized')
    }
    expect((await visitor.post('/tools/react', {})).status).toBe(401)
  })

  it('walls a path that starts like the app code but leaves it once normalised (/assets/../tools)', async () => {
    // sent as-is over a socket, since a client library may normalise it first (security report F-9)
    const origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const variants = [
      '/assets/../tools',
      '/assets/%2e%2e/tools',
      '/assets/%2E%2E/admin/users',
      '/assets/.%2e/tools',
      '/assets/..%2ftools',
      '/assets/..%2Ftools',
      '/assets/..%5ctools',
      '/assets/..\\tools',
      '/assets//../tools',
      '/assets/./../tools',
      '/assets/%2e%2e/demo-acme/payments',
      '/assets/../api/v1/tools/newest',
      '/assets/%2e%2e/api/v1/tools/newest',
      '/assets/../sitemap.xml',
      '/assets/x/../../tools?tab=stacks',
      '//assets/../tools',
      '/favicon.svg/../tools',
    ]
    for (const variant of variants) {
      const { status, location, body } = await rawGet(origin, variant)
      const walled = status === 401 && body.includes(SIGN_IN_TO_USE_THIS_SITE)
      const redirected = status === 302 && location.startsWith('/sign-in')
      expect(walled || redirected, `${variant}: ${status} ${location}`).toBe(true)
    }
  })

  it('tells crawlers to read nothing, and names no sitemap', async () => {
    const response = await visitor.get('/robots.txt')
    expect(response.status).toBe(200)
    expect(response.body).toBe('# A private directory: nothing here is for crawlers.\nUser-agent: *\nDisallow: /\n')
    expect(response.headers['cache-control']).toMatch(/^private,/)
  })

  it('shows the sign-in screen its name, mode and sign-in options', async () => {
    const response = await visitor.get('/api/v1/site')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ name: 'Stackatlas', mode: 'private', password_enabled: true })
  })

  it("answers the sign-in screen's form posted before its script ran with a 303 back to it (security report F-7)", async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const posted = await visitor.request('POST', '/sign-in?next=%2Ftools', 'email=a%40b.test&password=secret-pw', form)
    expect(posted.status).toBe(303)
    expect(posted.headers.location).toBe('/sign-in?next=%2Ftools')
    // another page's is walled like the page
    expect((await visitor.request('POST', '/settings/password', 'new_password=secret-pw', form)).status).toBe(401)
  })

  it('lets people sign in', async () => {
    const response = await visitor.post('/api/auth/sign-in/email', {
      email: member.email,
      password: member.password,
    })
    expect(response.status).toBe(200)
  })
})

describe('signed in, on a private site', () => {
  it('answers as a public site does', async () => {
    const tool = await buildTool(ctx.app.db)
    const page = await member.client.get(`/api/v1/tools/${tool.slug}`)
    expect(page.status).toBe(200)
    expect(page.body.tool.slug).toBe(tool.slug)
    const current = await member.client.get('/api/v1/users/current')
    expect(current.body.user.id).toBe(member.id)
  })

  it('lets no shared cache keep an answer', async () => {
    const tool = await buildTool(ctx.app.db)
    for (const url of ['/api/v1/tools/search?q=a', `/api/v1/tools/${tool.slug}`, '/api/v1/tools/newest']) {
      const cacheControl = String((await member.client.get(url)).headers['cache-control'] ?? '')
      expect(cacheControl, url).toMatch(/^private\b/)
      expect(cacheControl, url).not.toMatch(/public|s-maxage/)
    }
  })

  it('serves no sitemaps and no share images', async () => {
    const tool = await buildTool(ctx.app.db)
    for (const url of ['/sitemap.xml', '/sitemaps/tools-1.xml', `/share/tools/${tool.slug}.png`]) {
      expect((await member.client.get(url)).status, url).toBe(404)
    }
  })
})

describe('signed in with an address not verified yet, on a private site', () => {
  it('reads nothing: pages go to the sign-in screen, the API answers what to do, and verifying stays possible', async () => {
    const unverified = await buildUser(ctx.app, { verified: false })
    const page = await unverified.client.get('/tools')
    expect(page.status).toBe(302)
    expect(page.headers.location).toBe('/sign-in?next=%2Ftools')
    const api = await unverified.client.get('/api/v1/tools/newest')
    expect(api.status).toBe(403)
    expect(api.body.error.message).toBe(`Verify your e-mail address to do that. We sent a link to ${unverified.email}.`)
    // who they are, and a new link
    expect((await unverified.client.get('/api/v1/users/current')).body.user.email_verified).toBe(false)
    // (its own limit answers: a link went out at sign-up a moment ago)
    expect((await unverified.client.post('/api/v1/users/email/verification/resend', {})).status).toBe(429)
  })
})

describe('the same database opened by a public site', () => {
  it('answers visitors again, and lost nothing made while private', async () => {
    const tool = await buildTool(ctx.app.db)
    const follow = await member.client.get(`/api/v1/follows/toggle?followee_type=tool&followee_id=${tool.id}`)
    expect(follow.status).toBe(200)
    const publicApp = await buildApp({ database: ctx.database, config: testConfig(), logger: false })
    try {
      const anonymous = new TestClient(publicApp)
      const page = await anonymous.get(`/api/v1/tools/${tool.slug}`)
      expect(page.status).toBe(200)
      expect(page.body.followers_count).toBe(1)
      expect((await anonymous.get('/robots.txt')).body).toContain('Sitemap:')
      const signedIn = await anonymous.post('/api/auth/sign-in/email', {
        email: member.email,
        password: member.password,
      })
      expect(signedIn.status).toBe(200)
    } finally {
      await publicApp.close()
    }
  })
})
