// The API document after signed-in page views, on the built server (acceptance 2026-12-01, major 1): the page
// renderer (dist/server's bundle) evaluates the contracts a second time in the server's process, and its copies of
// the named schemas must not reach the document (server/http/openapi.ts; the development server's Vite SSR:
// server/http/openapi.test.ts). @fastify/swagger keeps the document once built, so this spec starts a server of its
// own on E2E_PORT + 5 whose document no earlier request has built.
import { type ChildProcess, spawn } from 'node:child_process'
import { uniqueName } from './helpers.ts'
import { expect, test } from './test.ts'

const origin = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 5}`
let server: ChildProcess | undefined

test.beforeAll(async () => {
  test.setTimeout(180_000)
  server = spawn('node_modules/.bin/node', ['e2e/serve.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: new URL(origin).port,
      BASE_URL: origin,
      DATA_DIR: `${process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'}-api-document`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_DISABLED: 'true',
    },
  })
  const startedAt = Date.now()
  while (
    !(await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (Date.now() - startedAt > 170_000 || server.exitCode !== null) throw new Error('the server did not start')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
})

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return
  const exited = new Promise((resolve) => server?.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
})

test('/api/openapi.json answers 200 with its named schemas after signed-in page views', async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } })
  const username = uniqueName('doc')
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email: `${username}@example.test`, password: 'correct-horse-battery', name: username, username },
  })
  expect(signUp.status()).toBe(200)
  // the context keeps the session cookie: each page is drawn for the signed-in person (the bell among them)
  for (const path of ['/', '/notifications', '/tools/react']) {
    const page = await request.get(path, { headers: { accept: 'text/html' } })
    expect(page.status(), path).toBeLessThan(500)
    expect(await page.text(), path).toContain('id="root"')
  }
  const document = await request.get('/api/openapi.json')
  expect(document.status()).toBe(200)
  const schemas = Object.keys((await document.json()).components.schemas)
  expect(schemas).toEqual(expect.arrayContaining(['Notification', 'NotificationCounts', 'CurrentUser', 'Tool']))
  await request.dispose()
})
