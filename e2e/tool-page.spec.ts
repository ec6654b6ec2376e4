// The tool page as users expect it (issue 8 "Tool pages"): pros and cons with votes, followers, stacks and companies
// using the tool, alternatives with 'Compare', jobs linking to /match/{slug}, comments, and the title, meta
// description and JSON-LD both in the server's HTML and in the running app. Demo jobs come from the admin-only
// generator (as in e2e/match.spec.ts), every one asking for Svelte.

import { expectNoA11yViolations } from './a11y.ts'
import { screenshot, signUp, uniqueName, verifyEmailOf } from './helpers.ts'
import { structuredDataOf, structuredDataProblems } from './structured-data.ts'
import { type APIRequestContext, expect, type Page, test } from './test.ts'

const ADMIN = {
  email: 'admin@example.test',
  username: 'siteadmin',
  name: 'Site Admin',
  password: 'correct-horse-battery',
}
const PHONE = { width: 390, height: 844 }

async function seedJobs(request: APIRequestContext) {
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin }
  const signedUp = await request.post('/api/auth/sign-up/email', { data: ADMIN, headers })
  if (signedUp.ok()) await verifyEmailOf(request, ADMIN.email, headers.origin)
  else {
    const signIn = await request.post('/api/auth/sign-in/email', {
      data: { email: ADMIN.email, password: ADMIN.password },
      headers,
    })
    expect(signIn.ok()).toBe(true)
  }
  const response = await request.post('/api/v1/jobs/demo', {
    data: { count: 5, seed: 31, tools: ['svelte'] },
    headers,
  })
  expect(response.ok(), await response.text()).toBe(true)
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
  await seedJobs(request)
  await request.dispose()
})

async function api<T = any>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const origin = new URL(page.url()).origin
  const response =
    method === 'GET' ? await page.request.get(path) : await page.request.post(path, { data, headers: { origin } })
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}

async function structuredData(page: Page) {
  return JSON.parse((await page.locator('script#structured-data').textContent()) ?? 'null')
}

test('the server puts the title, description, canonical link and JSON-LD into the HTML of a tool page', async ({
  request,
}) => {
  const response = await request.get('/tools/svelte')
  expect(response.status()).toBe(200)
  const html = await response.text()
  expect(html).toMatch(/<title>Svelte[^<]* \| Stackatlas<\/title>/)
  expect(html).toMatch(/<meta name="description" content="Svelte: [^"]+"/)
  expect(html).toMatch(/<link rel="canonical" id="canonical-link" href="http:\/\/localhost:\d+\/tools\/svelte"/)
  expect(structuredDataProblems(html)).toEqual([])
  expect(structuredDataOf(html)[0]).toMatchObject({ '@type': 'SoftwareApplication', name: 'Svelte' })
  expect((await request.get('/tools/no-such-tool-here')).status()).toBe(404)
})

test('a visitor sees pros and cons, companies, alternatives, jobs and comments, and the head describes the tool', async ({
  page,
}) => {
  await page.goto('/tools/svelte')
  await expect(page.getByRole('heading', { level: 1, name: 'Svelte' })).toBeVisible()
  await expect(page).toHaveTitle(/^Svelte.* \| Stackatlas$/)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Svelte: /)
  expect(await structuredData(page)).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: 'Svelte',
    url: expect.stringMatching(/\/tools\/svelte$/),
  })

  const reasons = page.getByRole('region', { name: 'Svelte Pros & Cons' })
  await expect(reasons.getByRole('heading', { name: /Pros of Svelte/ })).toBeVisible()
  await expect(reasons.getByRole('heading', { name: /Cons of Svelte/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Companies with Svelte in their stack' })).toBeVisible()
  await expect(page.getByRole('button', { name: /Follow Svelte/ })).toBeVisible()
  await expect(page.getByRole('button', { name: /I Use This/ })).toBeVisible()

  // jobs: the newest three listed (other journeys may add demo jobs too), all of them on /match/svelte
  const { jobs_count: jobCount } = await (await page.request.get('/api/v1/tools/svelte')).json()
  expect(jobCount).toBeGreaterThanOrEqual(5)
  const jobs = page.getByRole('region', { name: /Jobs using Svelte/ })
  await expect(jobs.getByRole('heading')).toContainText(`(${jobCount})`)
  await expect(jobs.getByRole('listitem')).toHaveCount(3)
  await expect(jobs.getByRole('link', { name: `See all ${jobCount} jobs in Stack Match` })).toHaveAttribute(
    'href',
    '/match/svelte',
  )
  await expect(jobs.getByRole('listitem').first().getByRole('link')).toHaveAttribute('href', /^\/match\/jobs\//)

  // alternatives of the same category, each with a comparison in the canonical (alphabetical) order
  const alternatives = page.getByRole('region', { name: 'Svelte alternatives' })
  await expect(alternatives.getByRole('listitem').first()).toBeVisible()
  const compare = alternatives.getByRole('link', { name: /^Compare Svelte and / }).first()
  const href = await compare.getAttribute('href')
  const [a, b] = href!.replace('/stackups/', '').split('-vs-')
  expect(a! < b!).toBe(true)

  await expect(page.getByRole('button', { name: /Comments/ })).toBeVisible()
  await expectNoA11yViolations(page)
  await screenshot(page, 'tool-page-desktop')
  await page.setViewportSize(PHONE)
  await expectNoA11yViolations(page)
  await screenshot(page, 'tool-page-phone')

  await page.setViewportSize({ width: 1280, height: 800 })
  await compare.click()
  await expect(page).toHaveURL(href!)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(' vs ')
  // leaving the tool page hands the head over: the JSON-LD now describes the comparison
  expect(await structuredData(page)).toMatchObject({ '@type': 'WebPage' })

  await jobsLinkLeadsToMatch(page)
})

async function jobsLinkLeadsToMatch(page: Page) {
  await page.goto('/tools/svelte')
  await page.getByRole('link', { name: /^See all \d+ jobs in Stack Match$/ }).click()
  await expect(page).toHaveURL(/\/match\/svelte/)
  await expect(page.getByTestId('job-result').first()).toBeVisible()
}

test('companies whose public stacks use the tool are listed, and link to their pages', async ({ page }) => {
  await page.goto('/')
  await signUp(page)
  const companyName = uniqueName('Sveltecorp ')
  const company = await api<{ id: number; slug: string }>(page, 'POST', '/api/v1/companies/create', {
    company: {
      name: companyName,
      website_url: 'sveltecorp.example',
      description: 'We like Svelte',
      email_address: 'hello@sveltecorp.example',
    },
  })
  const found = await api<{ tools: Array<{ id: number; slug: string }> }>(
    page,
    'GET',
    '/services/find_all_by_actual_slug?slugs=svelte',
  )
  await api(page, 'POST', '/api/v1/stacks/create', {
    stack: {
      name: uniqueName('Frontend '),
      services: found.tools.map((tool) => tool.id),
      owner: { type: 'Company', id: company.id },
    },
  })
  await page.goto('/tools/svelte')
  const companies = page.getByRole('region', { name: /Companies with Svelte in their stack/ })
  const link = companies.getByRole('link', { name: companyName })
  await expect(link).toHaveAttribute('href', `/companies/${company.slug}`)
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible()
})

test('pros and cons: most votes first, a visitor is asked to sign in, a vote toggles', async ({ browser, page }) => {
  // an author adds two pros and a con to Nginx through the Pros & Cons page's call, and up-votes one pro
  const authorPage = await browser.newPage()
  await authorPage.goto('/')
  const author = await signUp(authorPage)
  await authorPage.goto('/tools/nginx')
  const nginx = await api<{ tool: { id: number } }>(authorPage, 'GET', '/api/v1/tools/nginx')
  const add = (text: string, con: boolean) =>
    api<{ reason: { id: number } }>(authorPage, 'POST', '/api/v1/pros-and-cons', {
      reason: { service_id: nginx.tool.id, text, con },
    })
  const fast = await add(uniqueName('Fast static files '), false)
  const light = await add(uniqueName('Light on memory '), false)
  await add(uniqueName('Config reloads '), true)
  await api(authorPage, 'POST', '/api/v1/reasons/toggle_vote', { id: light.reason.id, vote: 1 })
  await authorPage.close()

  await page.goto('/tools/nginx')
  const pros = page.getByTestId('pros')
  // most votes first: 'Light on memory' (1) before 'Fast static files' (0)
  await expect(pros.getByText(/^Fast static files/)).toBeVisible()
  const texts = await pros.getByRole('listitem').allTextContents()
  const lightAt = texts.findIndex((text) => text.includes('Light on memory'))
  expect(lightAt).toBeGreaterThanOrEqual(0)
  expect(lightAt).toBeLessThan(texts.findIndex((text) => text.includes('Fast static files')))
  await expect(pros.getByText(`Submitted by @${author.username.toLowerCase()}`).first()).toBeVisible()
  await expect(page.getByTestId('cons').getByRole('listitem')).toContainText([/Config reloads/])

  const fastText = (await pros.getByText(/^Fast static files/).textContent())!
  const vote = page.getByRole('button', { name: new RegExp(`^Upvote "${fastText}"`) })
  await expect(vote).toContainText('0')
  await vote.click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')

  await signUp(page)
  await expect(vote).toHaveAttribute('aria-pressed', 'false')
  await vote.click()
  await expect(vote).toHaveAttribute('aria-pressed', 'true')
  await expect(vote).toContainText('1')
  await page.reload()
  // the vote is the server's: after a reload it is still there, and pressed for this user
  await expect(vote).toHaveAttribute('aria-pressed', 'true')
  await expect(vote).toContainText('1')
  expect(fast.reason.id).toBeGreaterThan(0)
  await expectNoA11yViolations(page)
  await screenshot(page, 'tool-page-reasons-voted')
  await vote.click()
  await expect(vote).toHaveAttribute('aria-pressed', 'false')
  await expect(vote).toContainText('0')
})

test('an unknown tool shows the not-found page', async ({ page }) => {
  await page.goto('/tools/no-such-tool-here')
  await expect(page.getByText("Sorry, we couldn't find that page :(")).toBeVisible()
})
