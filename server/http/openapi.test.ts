// The API document after signed-in page views (acceptance 2026-12-01, major 1): the page renderer evaluates the
// contracts a second time in this process (Vite's SSR in development, dist/server's bundle in production), and a
// second copy of a named schema must not reach the document's registry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { buildUser } from '../test/factories.ts'
import { createTestApp, type TestContext } from '../test/harness.ts'

describe('the API document in development (pages drawn by Vite)', () => {
  let context: TestContext
  beforeAll(async () => {
    context = await createTestApp({ webDev: true })
  }, 60_000)
  afterAll(async () => context?.close())

  it('answers 200 with its named schemas after signed-in page views', async () => {
    const user = await buildUser(context.app)
    for (const page of ['/', '/notifications', '/tools/react']) {
      const response = await user.client.get(page, { accept: 'text/html' })
      expect(response.status, page).toBeLessThan(500)
    }
    const document = await user.client.get('/api/openapi.json')
    expect(document.status).toBe(200)
    expect(Object.keys(document.body.components.schemas)).toEqual(
      expect.arrayContaining(['Notification', 'NotificationCounts', 'CurrentUser', 'Tool']),
    )
  }, 120_000)

  it("names no schema in zod's global registry, which every evaluation of the contracts shares", () => {
    // a `.meta({ id })` in a contract would be registered there again by the page renderer's copy
    expect([...z.globalRegistry._idmap.keys()]).toEqual([])
  })
})
