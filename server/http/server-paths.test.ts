// The dev proxy's list (server-paths.ts) against the routes the app really registers: a route added outside /api
// without a line there would work in production and fall through to the page shell under `npm run dev`.
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../test/harness.ts'
import { listRegisteredRoutes } from '../test/route-list.ts'
import { PAGE_ROUTES, routePattern, SERVER_ROUTES } from './server-paths.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const webBuild = fileURLToPath(new URL('../../dist/web', import.meta.url))
/** A file of the web build (web/public's, index.html), served as a file in any setup; '/robots.txt' is not one. */
const isWebBuildFile = (path: string) => fs.statSync(webBuild + path, { throwIfNoEntry: false })?.isFile() ?? false

/** Routes outside /api, leaving out built assets and public files. */
function routesOutsideApi(): string[] {
  const paths = listRegisteredRoutes(ctx.app)
    .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
    .map((route) => route.path)
    .filter((path) => !path.startsWith('/api') && !path.startsWith('/assets/') && !isWebBuildFile(path))
  return [...new Set(paths)].sort()
}

describe('the routes outside /api', () => {
  it('are each listed once, as a server route or as a page, and every listed route is registered', () => {
    const listed: string[] = [...SERVER_ROUTES, ...PAGE_ROUTES]
    expect(new Set(listed).size).toBe(listed.length)
    const pages: readonly string[] = PAGE_ROUTES
    const registered = routesOutsideApi()
    expect(registered.filter((path) => !pages.includes(path))).toEqual([...SERVER_ROUTES].sort())
    // the page routes exist once the web app is built (server/app.ts serves dist/web), as in production; a fresh
    // clone runs these tests before its first build
    const webBuilt = isWebBuildFile('/index.html')
    expect(registered.filter((path) => pages.includes(path))).toEqual(webBuilt ? [...pages].sort() : [])
  })

  it('turn into proxy patterns that match their paths with a query string, and not the pages beside them', () => {
    const matches = (route: string, path: string) => new RegExp(routePattern(route)).test(path)
    expect(matches('/company_customers/:customerId', '/company_customers/12')).toBe(true)
    expect(matches('/company_customers/:customerId', '/company_customers/12?x=1')).toBe(true)
    expect(matches('/company_customers/:customerId', '/company_customers')).toBe(false)
    expect(matches('/company_customers/:customerId', '/company_customers/12/more')).toBe(false)
    expect(matches('/company-customers/update-copied-at', '/company-customers/update-copied-atx')).toBe(false)
    expect(matches('/notifications/:id', '/notifications')).toBe(false)
    expect(matches('/users/delete', '/users/logout')).toBe(false)
    const proxied = (path: string) => SERVER_ROUTES.some((route) => matches(route, path))
    // pages the web app serves under the same prefixes stay with the dev server
    for (const page of [
      '/companies/acme',
      '/companies/acme/team',
      '/services/pending',
      '/users/logout',
      '/notifications',
    ]) {
      expect(proxied(page)).toBe(false)
    }
  })
})
