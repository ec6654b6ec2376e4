// Pages rendered on the server (issue 16, decision 042): the HTML a crawler, a link preview or a phone without the
// bundle receives holds the page's content, title, canonical address and structured data; the statuses mean what
// they say; stored markup arrives as inert text; and with JavaScript the page hydrates without a console error.

import { XSS_VECTORS } from '../server/test/xss-vectors.ts'
import { signUp, uniqueName } from './helpers.ts'
import { structuredDataOf, structuredDataProblems } from './structured-data.ts'
import { type APIRequestContext, type Browser, expect, type Page, test } from './test.ts'

interface RenderedPage {
  path: string
  title: string | RegExp
  /** Site-relative canonical path. */
  canonical?: string
  /** Text the page's first screen shows. */
  texts: string[]
  /** The JSON-LD @type the head carries. */
  structuredType?: string
}

const PAGES: RenderedPage[] = [
  {
    path: '/',
    title: 'Stackatlas',
    texts: ['Find the right tools', 'Popular tools', 'React'],
    structuredType: 'WebSite',
  },
  { path: '/tools', title: 'All tools | Stackatlas', texts: ['All tools', 'React'], structuredType: 'ItemList' },
  {
    path: '/categories/javascript-ui-libraries',
    title: 'JavaScript UI Libraries | Stackatlas',
    canonical: '/categories/javascript-ui-libraries',
    texts: ['JavaScript UI Libraries', 'React', 'Vue.js'],
    structuredType: 'ItemList',
  },
  { path: '/pros-and-cons', title: 'Pros & Cons | Stackatlas', texts: ['Pros', 'React'], structuredType: 'ItemList' },
  {
    path: '/match/react',
    title: 'React jobs and companies using React | Stackatlas',
    texts: ['Stack Match', 'React'],
    // the jobs' ItemList comes with jobs (list-pages-rendering.spec.ts); the way from Stack Match is always there
    structuredType: 'BreadcrumbList',
  },
  {
    path: '/tools/react',
    // at most 60 characters before ' | Stackatlas' (PAGE_TITLE_MAX)
    title: /^React: .{1,53} \| Stackatlas$/,
    canonical: '/tools/react',
    texts: ['React', 'Pros of React', 'Cons of React', 'React alternatives'],
    structuredType: 'SoftwareApplication',
  },
  {
    path: '/stackups/angular-vs-react',
    title: 'Angular vs React: what are the differences? | Stackatlas',
    canonical: '/stackups/angular-vs-react',
    texts: ['Angular', 'React'],
    structuredType: 'WebPage',
  },
]

/** The page's HTML as plain HTTP gets it: status, body, and the text of its root element. */
async function fetchPage(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0, headers: { accept: 'text/html' } })
  const html = await response.text()
  const root =
    /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="page-state"[^>]*>/.exec(html)?.[1] ?? ''
  const text = root
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
  return { status: response.status(), headers: response.headers(), html, root, text }
}

/** Text as React writes it into HTML. */
const escapedText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')

/** The @type of each top-level node of the page's JSON-LD. */
const structuredTypes = (html: string) => structuredDataOf(html).map((node) => node['@type'])

async function withoutJavaScript<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    return await run(await context.newPage())
  } finally {
    await context.close()
  }
}

/** Signs a new person up on the page; answers the site's origin, which their writes carry (the CSRF check). */
async function signUpForWrites(page: Page): Promise<string> {
  await page.goto('/')
  await signUp(page)
  return new URL(page.url()).origin
}

/** A comment on a tool by the person signed in on the page. */
async function commentOnTool(page: Page, origin: string, toolId: number, body: string) {
  const created = await page.request.post('/api/v1/comments', {
    headers: { origin },
    data: { comment: { body, commentable_id: toolId, commentable_type: 'tool' } },
  })
  expect(created.ok(), await created.text()).toBe(true)
}

/** Console errors a page logs while loading and hydrating (a 404 page's own status line aside). */
function watchConsole(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

for (const expected of PAGES) {
  test(`${expected.path} arrives drawn: content, title, canonical link and JSON-LD, then hydrates`, async ({
    request,
    browser,
    page,
    baseURL,
  }) => {
    const fetched = await fetchPage(request, expected.path)
    expect(fetched.status).toBe(200)
    for (const text of expected.texts) expect(fetched.text, text).toContain(text)
    const title = /<title>([^<]*)<\/title>/.exec(fetched.html)?.[1]?.replace(/&#39;/g, "'").replace(/&#38;/g, '&')
    if (typeof expected.title === 'string') expect(title).toBe(expected.title)
    else expect(title).toMatch(expected.title)
    if (expected.canonical)
      expect(fetched.html).toContain(
        `<link rel="canonical" id="canonical-link" href="${baseURL}${expected.canonical}" />`,
      )
    if (expected.structuredType) {
      expect(structuredTypes(fetched.html)).toContain(expected.structuredType)
      expect(structuredDataProblems(fetched.html)).toEqual([])
    }

    await withoutJavaScript(browser, async (plain) => {
      await plain.goto(expected.path)
      for (const text of expected.texts.slice(0, 2)) await expect(plain.getByText(text).first()).toBeVisible()
    })

    const errors = watchConsole(page)
    await page.goto(expected.path)
    await expect(page.getByText(expected.texts[0]!).first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(errors).toEqual([])
  })
}

test('statuses: an unknown tool 404 with the drawn not-found page, other spellings and orders 301', async ({
  request,
}) => {
  // pages, and a server route outside /api that finds nothing (a logo here): a browser gets the drawn not-found page
  for (const path of [
    '/tools/no-such-tool-here',
    '/stackups/react-vs-no-such-tool',
    '/nobody-here/no-stack',
    '/logos/no-such-logo.svg',
  ]) {
    const missing = await fetchPage(request, path)
    expect(missing.status, path).toBe(404)
    expect(missing.text, path).toContain("Sorry, we couldn't find that page :(")
  }
  // the create-stack wizard keeps its session in the browser: the server sends the shell, the browser draws the step
  const wizard = await request.get('/create-stack/scan', { headers: { accept: 'text/html' } })
  expect(wizard.status()).toBe(200)
  expect(await wizard.text()).toContain('<div id="root"></div>')
  for (const [path, location] of [
    ['/tools/React', '/tools/react'],
    ['/tools/nodejs', '/tools/node-js'],
    ['/stackups/react-vs-angular?ref=x', '/stackups/angular-vs-react?ref=x'],
  ] as const) {
    const moved = await fetchPage(request, path)
    expect(moved.status, path).toBe(301)
    expect(moved.headers.location, path).toBe(location)
  }
})

test('pros and cons stored with markup arrive in the HTML as inert text, and nothing runs in the browser', async ({
  page,
  request,
}) => {
  const origin = await signUpForWrites(page)
  const tool = await (await page.request.get('/api/v1/tools/deno')).json()
  const vectors = XSS_VECTORS.filter((vector) => vector.length <= 55).slice(0, 12)
  for (const [index, vector] of vectors.entries()) {
    const created = await page.request.post('/api/v1/pros-and-cons', {
      headers: { origin },
      data: { reason: { service_id: tool.tool.id, text: vector, con: index % 2 === 1 } },
    })
    expect(created.ok(), await created.text()).toBe(true)
  }
  const fetched = await fetchPage(request, '/tools/deno')
  expect(fetched.status).toBe(200)
  // each vector arrived as text, escaped, and nowhere as markup
  for (const vector of vectors) {
    if (/[<>"]/.test(vector)) expect(fetched.root, vector).not.toContain(vector)
    expect(fetched.root, vector).toContain(escapedText(vector))
  }
  // the page state is JSON in a data block: no '<' in it at all
  const state =
    /<script type="application\/json" id="page-state"[^>]*>([\s\S]*?)<\/script>/.exec(fetched.html)?.[1] ?? ''
  expect(state).not.toContain('<')

  const dialogs: string[] = []
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message())
    await dialog.dismiss()
  })
  const visitor = await page.context().browser()!.newContext()
  const visitorPage = await visitor.newPage()
  visitorPage.on('dialog', async (dialog) => {
    dialogs.push(dialog.message())
    await dialog.dismiss()
  })
  await visitorPage.goto('/tools/deno')
  await expect(visitorPage.getByText(vectors[0]!).first()).toBeVisible()
  await visitorPage.waitForLoadState('networkidle')
  expect(dialogs).toEqual([])
  await visitor.close()
})

test('a button clicked before the app has started is clicked again once it has', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL })
  const early = await context.newPage()
  // the app's code arrives late, as on a slow phone: the page is on screen, its buttons have no handlers yet
  await early.route(/\/assets\/start-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000))
    await route.continue()
  })
  await early.goto('/tools/react', { waitUntil: 'domcontentloaded' })
  await early.getByTestId('follow-button').click()
  expect(await early.evaluate(() => document.documentElement.dataset.app ?? 'not started')).toBe('not started')
  // a visitor's Follow asks them to sign in: done by the app, once it has started
  await expect(early.getByRole('dialog')).toBeVisible()
  await context.close()
})

test('comments arrive in the HTML the server draws, stored markup as inert text, and nothing runs', async ({
  page,
  request,
}) => {
  const origin = await signUpForWrites(page)
  const tool = await (await page.request.get('/api/v1/tools/express')).json()
  const plain = `A server-drawn comment ${uniqueName('c')}`
  const vectors = XSS_VECTORS.slice(0, 8)
  for (const body of [plain, ...vectors]) await commentOnTool(page, origin, tool.tool.id, body)
  // a visitor's HTML holds the comments: no request of the browser's needed for them
  const fetched = await fetchPage(request, '/tools/express')
  expect(fetched.status).toBe(200)
  expect(fetched.text).toContain(plain)
  // and none of the stored markup as markup, inside any tag: no script, frame or plugin, no handler, no script URL
  // (stored text is escaped, so every '<' in the root opens a tag React drew)
  expect(fetched.root).not.toMatch(
    /<(script|iframe|object|embed)\b|<[^>]*\son[a-z]+\s*=|<[^>]*(href|src|action)\s*=\s*"\s*(javascript|vbscript|data):/i,
  )

  const dialogs: string[] = []
  const visitor = await page.context().browser()!.newContext()
  const visitorPage = await visitor.newPage()
  visitorPage.on('dialog', async (dialog) => {
    dialogs.push(dialog.message())
    await dialog.dismiss()
  })
  await visitorPage.goto('/tools/express')
  await expect(visitorPage.getByText(plain)).toBeVisible()
  await visitorPage.waitForLoadState('networkidle')
  expect(dialogs).toEqual([])
  await visitor.close()
})

test("a visitor's kept page: the same drawing after a write elsewhere, drawn anew after one to it, 304 to a browser that has it", async ({
  page,
  request,
}) => {
  const origin = await signUpForWrites(page)
  // two tools in no stack, which no other journey writes to
  const { tools } = await (await request.get('/api/v1/tools?page=40')).json()
  const [quiet, other] = tools as { id: number; slug: string }[]
  const path = `/tools/${quiet!.slug}`
  // drawn now (a drawing kept from an earlier attempt could reach its 60 s before the test ends), and kept
  const first = await request.get(path, { headers: { 'cache-control': 'no-cache' } })
  expect(first.status()).toBe(200)
  const etag = first.headers().etag
  expect(etag).toMatch(/^W\/"/)
  // a browser that has the page is told so, without the page
  const again = await request.get(path, { headers: { 'if-none-match': etag! } })
  expect(again.status()).toBe(304)
  expect(await again.text()).toBe('')

  // a comment on another tool leaves this page's data as it was: the kept drawing is sent again, byte for byte (a
  // page drawn anew carries new times in its data block, so another ETag)
  await commentOnTool(page, origin, other!.id, `Elsewhere ${uniqueName('c')}`)
  expect((await fetchPage(request, path)).headers.etag).toBe(etag)

  // a comment on this tool changes its data: the page is drawn anew and shows it
  const text = `A comment on a kept page ${uniqueName('c')}`
  await commentOnTool(page, origin, quiet!.id, text)
  const drawnAnew = await fetchPage(request, path)
  expect(drawnAnew.headers.etag).not.toBe(etag)
  expect(drawnAnew.text).toContain(text)
  expect((await request.get(path, { headers: { 'if-none-match': etag! } })).status()).toBe(200)
})

test("a private-mode company's private stack: 404 with nothing of it in the HTML for visitors and other users", async ({
  page,
  request,
  browser,
}) => {
  const origin = await signUpForWrites(page)
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const response = await page.request.post(path, { headers: { origin }, data })
    expect(response.ok(), await response.text()).toBe(true)
    return (await response.json()) as T
  }
  const companyName = uniqueName('Quiet Rendered ')
  const company = {
    name: companyName,
    website_url: `${companyName.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
    description: 'A company whose stacks nobody else may see',
    email_address: 'team@example.test',
  }
  const created = await post<{ id: number; slug: string }>('/api/v1/companies/create', { company })
  await post('/api/v1/companies/update', { company: { ...company, id: created.id, private_mode: true } })
  const react = await (await page.request.get('/api/v1/tools/react')).json()
  const stackName = uniqueName('Hidden Rendered Stack ')
  const stack = await post<{ redirect: string }>('/api/v1/stacks/create', {
    stack: { name: stackName, services: [react.tool.id], owner: { type: 'Company', id: created.id }, private: true },
  })
  // its admin sees it drawn by the server
  const own = await page.request.get(stack.redirect, { headers: { accept: 'text/html' } })
  expect(own.status()).toBe(200)
  expect(await own.text()).toContain(stackName)

  const visitor = await fetchPage(request, stack.redirect)
  expect(visitor.status).toBe(404)
  expect(visitor.html).not.toContain(stackName)
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await otherPage.goto('/')
  await signUp(otherPage)
  const response = await otherPage.request.get(stack.redirect, { headers: { accept: 'text/html' } })
  expect(response.status()).toBe(404)
  expect(await response.text()).not.toContain(stackName)
  await other.close()
})
