// robots.txt, read as a crawler reads it (RFC 9309: the longest matching rule wins, Allow on a tie; '*' is any run of
// characters, '$' the end): every route of the web app's router and every server route outside /api is either a
// public page that stays open or a private one that is shut, and handles that begin with a shut word stay open.
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestClient } from '../../test/client.ts'
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/harness.ts'
import { listRegisteredRoutes } from '../../test/route-list.ts'
import { presentRobotsTxt } from './robots.ts'

let ctx: TestContext
let robots: string
beforeAll(async () => {
  ctx = await createTestApp()
  robots = (await new TestClient(ctx.app).get('/robots.txt')).body
})
afterAll(() => ctx.close())

/** The router's public pages (web/src/app/routes.tsx); every other route of it must be shut. */
const PUBLIC_PAGES = [
  '/tools',
  '/tools/:slug',
  '/tools/:slug/alternatives',
  '/stackups/:pair',
  '/categories/:slug',
  '/match',
  '/match/jobs/:slug',
  '/match/:toolSlug',
  '/pros-and-cons',
  '/companies/:slug',
  '/companies/:slug/radar',
  '/:ownerSlug/:stackSlug',
  '/:username',
]
/** Server routes outside /api that crawlers may read: images, share cards, and robots.txt and the sitemaps. */
const PUBLIC_SERVER_ROUTES = [
  '/logos/:file',
  '/uploads/:folder/:file',
  '/share/tools/:file',
  '/share/stacks/:ownerSlug/:file',
  '/share/companies/:file',
  '/share/stackups/:file',
  '/robots.txt',
  '/sitemap.xml',
  '/sitemaps/:file',
]

function ruleMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$')
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${body}${anchored ? '$' : ''}`).test(path)
}

function isAllowed(path: string): boolean {
  let best: { allow: boolean; length: number } | null = null
  for (const line of robots.split('\n')) {
    const rule = /^(Allow|Disallow):\s*(\S*)\s*$/.exec(line)
    if (!rule?.[2] || !ruleMatches(rule[2], path)) continue
    const candidate = { allow: rule[1] === 'Allow', length: rule[2].length }
    if (!best || candidate.length > best.length || (candidate.length === best.length && candidate.allow)) {
      best = candidate
    }
  }
  return best?.allow ?? true
}

/** A path a route answers: each parameter and splat filled in. */
const exampleOf = (route: string) => route.replace(/:[A-Za-z]+/g, 'example').replace(/\*$/, 'welcome')

describe('GET /robots.txt', () => {
  it('answers 200 in plain text, cached publicly, naming the sitemap index by its absolute address', async () => {
    const response = await new TestClient(ctx.app).get('/robots.txt')
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=3600')
    expect(robots).toMatch(/^User-agent: \*$/m)
    expect(robots).toContain(`\nSitemap: ${TEST_ORIGIN}/sitemap.xml\n`)
    expect(presentRobotsTxt('https://stacks.example.org')).toContain(
      '\nSitemap: https://stacks.example.org/sitemap.xml\n',
    )
  })

  it('opens every public page of the router and shuts every other one, and their query strings and sub-pages', () => {
    const router = fs.readFileSync(new URL('../../../web/src/app/routes.tsx', import.meta.url), 'utf8')
    const routes = [...router.matchAll(/path: '(\/[^']*)'/g)].map((match) => match[1]!)
    expect(routes.length).toBeGreaterThan(20)
    expect(PUBLIC_PAGES.filter((page) => !routes.includes(page))).toEqual([])
    expect(isAllowed('/')).toBe(true)
    for (const route of routes) {
      const path = exampleOf(route)
      const isPublic = PUBLIC_PAGES.includes(route)
      for (const variant of [path, `${path}?page=2`]) expect(isAllowed(variant), variant).toBe(isPublic)
      if (!isPublic) expect(isAllowed(`${path}/more`), `${path}/more`).toBe(false)
    }
    // the nested pages of the shut layouts
    for (const path of ['/settings/profile', '/admin/mail/3', '/create-stack/scan', '/stack-edit/acme/web/info']) {
      expect(isAllowed(path), path).toBe(false)
    }
    for (const path of ['/companies/acme/jobs/new', '/companies/acme/jobs/4/edit', '/onboarding/welcome']) {
      expect(isAllowed(path), path).toBe(false)
    }
  })

  it('shuts the server routes outside /api but the images, itself and the sitemaps, and the whole API', () => {
    const serverRoutes = listRegisteredRoutes(ctx.app)
      .filter(({ method, path }) => method === 'GET' && !path.startsWith('/api') && path !== '/' && path !== '/*')
      // the built web app's own files (when it is built), served as they are
      .filter(({ path }) => !fs.existsSync(new URL(`../../../dist/web${path}`, import.meta.url)))
      .map(({ path }) => path)
    expect(serverRoutes.length).toBeGreaterThan(10)
    for (const route of serverRoutes) {
      expect(isAllowed(exampleOf(route)), route).toBe(PUBLIC_SERVER_ROUTES.includes(route))
    }
    for (const path of ['/api', '/api/v1/tools/react', '/api/docs', '/api/auth/sign-in/email']) {
      expect(isAllowed(path), path).toBe(false)
    }
  })

  it('keeps open the profiles and stacks of handles that begin with a shut word, and company slugs alike', () => {
    for (const path of [
      '/settingsfan',
      '/admins/web',
      '/apiary',
      '/searchlight/stack',
      '/users2',
      '/stacksmith/app',
      '/unsubscribers',
      '/companies/verifyco',
      '/companies/team',
      '/companies/existsbeyond',
      '/tools/react?tab=alternatives',
    ]) {
      expect(isAllowed(path), path).toBe(true)
    }
  })
})
