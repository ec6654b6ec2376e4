// The list pages and a job's page rendered on the server (issue 16, docs/decisions/046-seo-of-lists.md): home, the
// directory and a category, Pros & Cons, Stack Match and a job's page answer their content, title, canonical link
// and JSON-LD before any script runs; in the browser they hydrate with no console error and ask the API for nothing
// the server drew. An unknown category or job answers 404, a closed job 410 without a JobPosting, a tool's other
// spelling 301; a private-mode company's job is in no page's HTML.
import { addDaysUtc, todayUtc } from '../contracts/jobs.ts'
import type { ToolListResponse } from '../contracts/tools.ts'
import { uniqueName, verifyEmailOf } from './helpers.ts'
import { structuredDataOf, structuredDataProblems } from './structured-data.ts'
import { type APIRequestContext, expect, type Page, test } from './test.ts'

test.describe.configure({ mode: 'serial' })

const token = uniqueName('lp')
// tools no other journey posts jobs with, so the counts of Stack Match searches there stay as they expect
const TOOL_SLUGS = ['clojure', 'haskell']
const jobs = { open: '', remote: '', closed: '', hidden: '' }
let owner: APIRequestContext

const origin = () => new URL(test.info().project.use.baseURL!).origin

async function postJson(path: string, data: unknown) {
  const response = await owner.post(path, { data, headers: { origin: origin() } })
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true)
  return response.json()
}

async function createCompany(name: string, host: string): Promise<{ id: number; slug: string }> {
  const company = {
    name,
    website_url: `https://${host}`,
    description: 'We write Clojure and Haskell.',
    email_address: `team@${host}`,
  }
  return postJson('/api/v1/companies/create', { company })
}

async function postJob(companySlug: string, job: Record<string, unknown>, toolIds: number[]) {
  const body = {
    job: {
      apply_url: 'https://lisp.example/careers',
      description: 'Build our compilers with a small team that ships every day.',
      tool_ids: toolIds,
      expires_on: addDaysUtc(todayUtc(), 30),
      ...job,
    },
  }
  return (await postJson(`/api/v1/companies/${companySlug}/jobs`, body)).job as { id: number; slug: string }
}

test.beforeAll(async ({ playwright }) => {
  owner = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
  const username = uniqueName('lpowner')
  await postJson('/api/auth/sign-up/email', {
    name: `Owner ${username}`,
    username,
    email: `${username}@example.test`,
    password: 'correct-horse-battery',
  })
  await verifyEmailOf(owner, `${username}@example.test`, new URL(test.info().project.use.baseURL!).origin)
  const found = (await (
    await owner.get(`/services/find_all_by_actual_slug?slugs=${TOOL_SLUGS.join(',')}`)
  ).json()) as ToolListResponse
  const toolIds = found.tools.map((tool) => tool.id)
  expect(toolIds).toHaveLength(2)

  const company = await createCompany(`Lisp Works ${token}`, 'lisp.example')
  jobs.open = (
    await postJob(
      company.slug,
      { title: `Compiler Engineer ${token}`, city: 'Lisbon', location: 'Lisbon, Portugal' },
      toolIds,
    )
  ).slug
  jobs.remote = (await postJob(company.slug, { title: `Remote Lisper ${token}`, remote: true }, toolIds)).slug
  const closed = await postJob(company.slug, { title: `Closed Role ${token}`, city: 'Porto' }, toolIds)
  jobs.closed = closed.slug
  await postJson(`/api/v1/companies/${company.slug}/jobs/${closed.id}/expire`, {})

  const hidden = await createCompany(`Hidden Corp ${token}`, 'hidden.example')
  jobs.hidden = (await postJob(hidden.slug, { title: `Secret Role ${token}`, city: 'Berlin' }, toolIds)).slug
  await postJson('/api/v1/companies/update', {
    company: {
      id: hidden.id,
      name: `Hidden Corp ${token}`,
      website_url: 'https://hidden.example',
      description: 'We write Clojure and Haskell.',
      email_address: 'team@hidden.example',
      private_mode: true,
    },
  })
})

test.afterAll(async () => {
  await owner.dispose()
})

interface RenderedHtml {
  status: number
  html: string
  title: string
  canonical: string | undefined
  /** The JSON-LD block's nodes (its @graph, or the one node). */
  structured: Array<Record<string, unknown>>
}

/** A page as a client without JavaScript gets it: status, HTML, title, canonical link and JSON-LD. */
async function fetchHtml(page: Page, path: string): Promise<RenderedHtml> {
  const response = await page.request.get(path, { maxRedirects: 0 })
  const html = await response.text()
  const structured = structuredDataOf(html)
  // whatever JSON-LD a page carries must be sound (e2e/structured-data.ts)
  if (structured.length > 0) expect(structuredDataProblems(html), path).toEqual([])
  return {
    status: response.status(),
    html,
    title: html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '',
    canonical: html.match(/<link rel="canonical" id="canonical-link" href="([^"]*)"/)?.[1]?.replace(/&#38;/g, '&'),
    structured,
  }
}

const nodeOf = (page: RenderedHtml, type: string) => page.structured.find((node) => node['@type'] === type)

async function expectRedirect(page: Page, path: string, location: string) {
  const response = await page.request.get(path, { maxRedirects: 0 })
  expect(response.status(), path).toBe(301)
  expect(response.headers().location).toBe(location)
}

test('home, the directory and a category answer their lists, title, canonical link and JSON-LD', async ({ page }) => {
  const home = await fetchHtml(page, '/')
  expect(home.status).toBe(200)
  expect(home.title).toBe('Stackatlas')
  expect(home.canonical).toBe(`${origin()}/`)
  const popular = (await (await page.request.get('/api/v1/services/popular_services')).json()) as ToolListResponse
  expect(home.html).toContain(`>${popular.tools[0]!.name}<`)
  expect(nodeOf(home, 'WebSite')).toMatchObject({
    name: 'Stackatlas',
    potentialAction: {
      '@type': 'SearchAction',
      target: { urlTemplate: `${origin()}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  })

  // page 2 of every tool: its own canonical address, without what else the URL carried
  const second = await fetchHtml(page, '/tools?page=2&utm_source=newsletter')
  expect(second.status).toBe(200)
  expect(second.canonical).toBe(`${origin()}/tools?page=2`)
  const listed = (await (await page.request.get('/api/v1/tools?page=2')).json()) as ToolListResponse
  expect(second.html).toContain(`>${listed.tools[0]!.name}<`)
  const items = nodeOf(second, 'ItemList') as { itemListElement: Array<{ position: number; url: string }> }
  expect(items.itemListElement[0]).toEqual(
    expect.objectContaining({ position: 21, url: `${origin()}${listed.tools[0]!.canonical_url}` }),
  )

  const category = await fetchHtml(page, '/categories/languages')
  expect(category.title).toBe('Languages | Stackatlas')
  expect(category.canonical).toBe(`${origin()}/categories/languages`)
  expect(nodeOf(category, 'ItemList')).toMatchObject({ name: 'Languages', numberOfItems: 20 })
  const trail = nodeOf(category, 'BreadcrumbList') as { itemListElement: Array<{ name: string; item: string }> }
  expect(trail.itemListElement.map((crumb) => crumb.name)).toEqual(['Tools', 'Application & Data', 'Languages'])
  expect(trail.itemListElement.at(-1)!.item).toBe(`${origin()}/categories/languages`)

  await expectRedirect(page, '/categories/Languages?page=2', '/categories/languages?page=2')
  for (const path of ['/categories/no-such-category', '/tools?layer=no-such-layer', '/tools?page=999']) {
    const missing = await fetchHtml(page, path)
    expect(missing.status, path).toBe(404)
  }
  expect((await fetchHtml(page, '/categories/no-such-category')).html).toContain("Sorry, we couldn't find that page :(")
})

test('Pros & Cons and Stack Match draw their first screen on the server', async ({ page }) => {
  const prosCons = await fetchHtml(page, '/pros-and-cons')
  expect(prosCons.canonical).toBe(`${origin()}/pros-and-cons`)
  const cards = [...prosCons.html.matchAll(/id="pros-cons-tool-\d+"[^>]*><a [^>]*>([^<]+)<\/a>/g)].map((match) =>
    match[1]!.replace(/&amp;/g, '&'),
  )
  expect(cards.length).toBeGreaterThan(0)
  const list = nodeOf(prosCons, 'ItemList') as { itemListElement: Array<{ name: string }> }
  expect(list.itemListElement.map((item) => item.name)).toEqual(cards)

  // one tool: its own page, with its chip and its jobs in the HTML
  const clojure = await fetchHtml(page, '/match/clojure')
  expect(clojure.status).toBe(200)
  expect(clojure.title).toBe('Clojure jobs and companies using Clojure | Stackatlas')
  expect(clojure.canonical).toBe(`${origin()}/match/clojure`)
  expect(clojure.html).toContain(`Compiler Engineer ${token}`)
  expect(clojure.html).toContain('aria-label="Remove Clojure"')
  expect(nodeOf(clojure, 'BreadcrumbList')).toBeTruthy()
  const jobList = nodeOf(clojure, 'ItemList') as { itemListElement: Array<{ url: string }> }
  expect(jobList.itemListElement.map((item) => item.url)).toContain(`${origin()}/match/jobs/${jobs.open}`)

  // the same search by query parameters is that page; other filters are their base's
  for (const [path, canonical] of [
    ['/match?selectedTools=clojure&searchOperator=AND', '/match/clojure'],
    ['/match/clojure?jobSearch=compiler&remote=true', '/match/clojure'],
    ['/match?selectedTools=clojure--haskell', '/match'],
    ['/match', '/match'],
  ]) {
    expect((await fetchHtml(page, path!)).canonical, path).toBe(`${origin()}${canonical}`)
  }
  expect((await fetchHtml(page, '/match?selectedTools=clojure--haskell&searchOperator=OR')).html).toContain(
    `Remote Lisper ${token}`,
  )
  await expectRedirect(page, '/match/Clojure?remote=true', '/match/clojure?remote=true')
})

test('a job page carries its JobPosting; a closed job answers 410 without one; unknown and private jobs 404', async ({
  page,
}) => {
  const open = await fetchHtml(page, `/match/jobs/${jobs.open}`)
  expect(open.status).toBe(200)
  expect(open.title).toBe(`Compiler Engineer ${token} at Lisp Works ${token} | Stackatlas`)
  expect(open.canonical).toBe(`${origin()}/match/jobs/${jobs.open}`)
  expect(nodeOf(open, 'JobPosting')).toMatchObject({
    title: `Compiler Engineer ${token}`,
    description: 'Build our compilers with a small team that ships every day.',
    datePosted: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    validThrough: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    employmentType: ['FULL_TIME'],
    hiringOrganization: { '@type': 'Organization', name: `Lisp Works ${token}`, sameAs: 'https://lisp.example/' },
    jobLocation: { '@type': 'Place', address: { addressLocality: 'Lisbon', addressCountry: 'Portugal' } },
    directApply: false,
    identifier: { '@type': 'PropertyValue', name: `Lisp Works ${token}` },
  })
  expect(nodeOf(open, 'BreadcrumbList')).toBeTruthy()

  // remote, and it names no place nor country: Google takes no JobPosting without one of them (decision 046)
  const remote = await fetchHtml(page, `/match/jobs/${jobs.remote}`)
  expect(remote.status).toBe(200)
  expect(nodeOf(remote, 'JobPosting')).toBeUndefined()
  expect(nodeOf(remote, 'BreadcrumbList')).toBeTruthy()

  const closed = await fetchHtml(page, `/match/jobs/${jobs.closed}`)
  expect(closed.status).toBe(410)
  expect(closed.html).toContain('This job is closed')
  expect(closed.html).not.toContain('>Apply<')
  expect(nodeOf(closed, 'JobPosting')).toBeUndefined()

  for (const slug of [jobs.hidden, `no-such-job-${token}`]) {
    const missing = await fetchHtml(page, `/match/jobs/${slug}`)
    expect(missing.status).toBe(404)
    expect(missing.html).toContain("Sorry, we couldn't find that page :(")
    expect(missing.html).not.toContain(`Secret Role ${token}`)
  }
  // nor is the private-mode company's job listed in Stack Match
  for (const path of ['/match/clojure', '/match?selectedTools=clojure--haskell&searchOperator=OR']) {
    const html = (await fetchHtml(page, path)).html
    expect(html, path).not.toContain(`Hidden Corp ${token}`)
    expect(html, path).not.toContain(`Secret Role ${token}`)
  }
})

test('the pages hydrate with no console error and ask the API for nothing the server drew', async ({ page }) => {
  const errors: string[] = []
  const calls: string[] = []
  page.on('console', (message) => {
    // the browser reports the page's own 404 or 410 as a failed resource
    if (message.type() === 'error' && !/status of 4(04|10)/.test(message.text())) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/api/') || pathname.startsWith('/services/')) calls.push(pathname)
  })
  const paths = [
    '/',
    '/tools?page=2',
    '/categories/languages',
    '/categories/no-such-category',
    '/pros-and-cons',
    '/match',
    '/match/clojure',
    `/match/jobs/${jobs.open}`,
    `/match/jobs/${jobs.closed}`,
    `/match/jobs/${jobs.hidden}`,
  ]
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 })
    for (const path of paths) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      await expect(page.locator('h1').first()).toBeVisible()
      expect(errors, `${path} at ${width} px`).toEqual([])
      expect(calls, `${path} at ${width} px`).toEqual([])
    }
  }
  await page.screenshot({ path: '.tmp/screenshots/list-pages-job-phone.png', fullPage: true })

  // after hydration the page is the browser's: the Stack Match filters search again
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/match/clojure')
  await page.getByRole('checkbox', { name: 'Remote' }).check()
  await expect(page.getByTestId('job-result')).toHaveCount(1)
  await expect(page.getByTestId('job-result')).toContainText(`Remote Lisper ${token}`)
  await expect(page).toHaveURL(/\/match\/clojure\?selectedTools=clojure&searchOperator=AND&remote=true$/)
  expect(calls.some((path) => path === '/api/v1/match/jobs')).toBe(true)
  expect(errors).toEqual([])
})

test('without JavaScript the pages still show their content', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/categories/languages')
  await expect(page.getByRole('heading', { level: 1, name: 'Languages' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Languages' }).getByRole('listitem')).toHaveCount(20)
  await page.goto('/match/clojure')
  await expect(page.getByTestId('job-result').filter({ hasText: `Compiler Engineer ${token}` })).toBeVisible()
  await page.goto(`/match/jobs/${jobs.open}`)
  await expect(page.getByRole('heading', { name: `Compiler Engineer ${token}` })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Apply' })).toHaveAttribute('href', 'https://lisp.example/careers')
  await page.goto('/pros-and-cons')
  await expect(page.getByTestId('pros-cons-card').first()).toBeVisible()
  await page.screenshot({ path: '.tmp/screenshots/list-pages-no-js.png', fullPage: true })
  await context.close()
})
