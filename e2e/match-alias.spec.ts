// Stack Match with a tool alias in the URL: the search resolves 'nodejs' to node-js, and so does the page now (the
// exact lookup find_all_by_actual_slug knows only node-js; the page asks find_all_by_slug for what it left): the
// chip shows Node.js, the URL says node-js, and the results already shown are not asked for again. The server moves
// /match/{alias} to /match/{slug} itself (301), and draws a search by an alias in the query before the page renames it.

import { addDaysUtc, todayUtc } from '../contracts/jobs.ts'
import type { JobsPage } from '../contracts/match.ts'
import type { ToolListResponse } from '../contracts/tools.ts'
import { screenshot, uniqueName, verifyEmailOf } from './helpers.ts'
import { type APIRequestContext, expect, type Page, test } from './test.ts'

test.describe.configure({ mode: 'serial' })

const token = uniqueName('alias')
const jobTitle = `Node Platform Engineer ${token}`
let nodeName = ''
let owner: APIRequestContext
let jobPath = ''

/**
 * The seeded Node.js job: posted by a new company's admin (not remote, no react, so the other Stack Match journeys'
 * searches do not find it) and deleted again afterwards.
 */
async function postNodeJob(request: APIRequestContext) {
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin }
  const username = uniqueName('aliasowner')
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { name: `Owner ${username}`, username, email: `${username}@example.test`, password: 'correct-horse-battery' },
    headers,
  })
  expect(signUp.ok(), await signUp.text()).toBe(true)
  await verifyEmailOf(request, `${username}@example.test`, headers.origin)
  const company = await request.post('/api/v1/companies/create', {
    data: {
      company: {
        name: `Alias Co ${token}`,
        website_url: 'https://aliasco.example',
        description: 'We build APIs with Node.js.',
        email_address: 'team@aliasco.example',
      },
    },
    headers,
  })
  expect(company.ok(), await company.text()).toBe(true)
  const { slug } = (await company.json()) as { slug: string }
  const tools = (await (
    await request.get('/services/find_all_by_actual_slug?slugs=node-js,css')
  ).json()) as ToolListResponse
  expect(tools.tools.map((tool) => tool.slug)).toEqual(['node-js', 'css'])
  const job = await request.post(`/api/v1/companies/${slug}/jobs`, {
    data: {
      job: {
        title: jobTitle,
        apply_url: 'https://aliasco.example/careers/node',
        city: 'Porto',
        remote: false,
        description: 'Build our APIs with Node.js in a small team that ships every day.',
        tool_ids: tools.tools.map((tool) => tool.id),
        expires_on: addDaysUtc(todayUtc(), 30),
      },
    },
    headers,
  })
  expect(job.ok(), await job.text()).toBe(true)
  jobPath = `/api/v1/companies/${slug}/jobs/${((await job.json()) as { job: { id: number } }).job.id}`
}

test.beforeAll(async ({ playwright }) => {
  owner = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
  await postNodeJob(owner)
  // the premise: nodejs is no catalog slug, only an alias of node-js
  const exact = (await (await owner.get('/services/find_all_by_actual_slug?slugs=nodejs')).json()) as ToolListResponse
  expect(exact.tools).toEqual([])
  const loose = (await (await owner.get('/services/find_all_by_slug?slugs=nodejs')).json()) as ToolListResponse
  expect(loose.tools.map((tool) => tool.slug)).toEqual(['node-js'])
  nodeName = loose.tools[0]!.name
})

test.afterAll(async () => {
  if (jobPath) {
    const deleted = await owner.delete(jobPath, {
      headers: { origin: new URL(test.info().project.use.baseURL!).origin },
    })
    expect(deleted.ok(), await deleted.text()).toBe(true)
  }
  await owner.dispose()
})

/** The first job of a search, read from the API, as a job card of the page. */
async function firstJob(page: Page, query: string) {
  const response = await page.request.get(`/api/v1/match/jobs?${query}`)
  const body = (await response.json()) as JobsPage
  expect(body.jobs.length).toBeGreaterThan(0)
  return page.getByTestId('job-result').filter({ hasText: body.jobs[0]!.title })
}

test('/match/nodejs answers 301 to /match/node-js; an alias in the query is renamed and keeps the results', async ({
  page,
}) => {
  const moved = await page.request.get('/match/nodejs?jobSearch=x', { maxRedirects: 0 })
  expect(moved.status()).toBe(301)
  expect(moved.headers().location).toBe('/match/node-js?jobSearch=x')

  const searches: string[] = []
  page.on('request', (request) => {
    if (/\/api\/v1\/match\/(jobs|companies)\?/.test(request.url())) searches.push(request.url())
  })
  await page.goto('/match/nodejs')
  const include = page.getByRole('list', { name: 'Tools to include' })
  await expect(include).toContainText(nodeName)
  await expect(include.getByRole('button', { name: `Remove ${nodeName}` })).toBeVisible()
  await expect(page).toHaveURL(/\/match\/node-js\?selectedTools=node-js&searchOperator=AND$/)
  const job = await firstJob(page, 'selectedTools=node-js&searchOperator=AND')
  await expect(job).toBeVisible()
  await expect(job.getByRole('link', { name: nodeName })).toBeVisible()

  // a reload reads the renamed URL as it is
  await page.reload()
  await expect(include).toContainText(nodeName)
  await expect(page).toHaveURL(/\/match\/node-js\?selectedTools=node-js&searchOperator=AND$/)

  // the server searched by the alias and drew its results; once the browser resolved it to node-js (which answers
  // the same), the results carried over instead of being asked for again
  await page.goto('/match?selectedTools=nodejs')
  await expect(include).toContainText(nodeName)
  await expect(page).toHaveURL(/\/match\?selectedTools=node-js&searchOperator=AND$/)
  await expect(job).toBeVisible()
  await page.waitForTimeout(500)
  expect(searches).toEqual([])
  await expect(page.getByRole('status').filter({ hasText: 'Searching' })).toHaveCount(0)
  await page.screenshot({ path: '.tmp/screenshots/alias/match-nodejs.png', fullPage: true })

  // the path's alias with terms: the seeded job is found, the terms stay
  await page.goto(`/match/nodejs?jobSearch=${token}`)
  await expect(include).toContainText(nodeName)
  await expect(page).toHaveURL(
    new RegExp(`/match/node-js\\?selectedTools=node-js&jobSearch=${token}&searchOperator=AND$`),
  )
  const seeded = page.getByTestId('job-result').filter({ hasText: jobTitle })
  await expect(seeded.getByRole('link', { name: nodeName })).toBeVisible()
  await expect(page.getByTestId('job-result')).toHaveCount(1)
})

test('selectedTools=nodejs--react: the alias gives way to node-js in place, next to React', async ({ page }) => {
  // Exact Match with only nodejs required (the seeded job holds node-js, not react): the flag moves to node-js
  await page.goto(`/match?selectedTools=nodejs--react&jobSearch=${token}&searchOperator=AND&requiredTools=nodejs`)
  const include = page.getByRole('list', { name: 'Tools to include' })
  await expect(include).toContainText(nodeName)
  await expect(include).toContainText('React')
  await expect(include.getByRole('checkbox', { name: `${nodeName} required` })).toBeChecked()
  await expect(include.getByRole('checkbox', { name: 'React required' })).not.toBeChecked()
  await expect(page).toHaveURL(
    new RegExp(`/match\\?selectedTools=node-js--react&jobSearch=${token}&searchOperator=AND&requiredTools=node-js$`),
  )
  const seeded = page.getByTestId('job-result').filter({ hasText: jobTitle })
  await expect(seeded.getByRole('link', { name: nodeName })).toBeVisible()
  await screenshot(page, 'alias/match-nodejs-react')
})

test('an alias of a listed tool is dropped, an excluded alias is renamed, an unknown slug stays', async ({ page }) => {
  const include = page.getByRole('list', { name: 'Tools to include' })
  const exclude = page.getByRole('list', { name: 'Tools to exclude' })

  await page.goto('/match?selectedTools=node-js--nodejs')
  await expect(include).toContainText(nodeName)
  await expect(page).toHaveURL(/selectedTools=node-js&searchOperator=AND$/)
  await expect(include.getByRole('listitem')).toHaveCount(1)

  await page.goto('/match?selectedTools=react&excludedTools=nodejs')
  await expect(exclude).toContainText(nodeName)
  await expect(page).toHaveURL(/selectedTools=react&excludedTools=node-js&/)

  await page.goto('/match?selectedTools=react--no-such-tool-zz')
  await expect(include).toContainText('React')
  await expect(
    page
      .getByTestId('job-result')
      .first()
      .or(page.getByText(/No results found/)),
  ).toBeVisible()
  await page.waitForTimeout(500)
  await expect(page).toHaveURL(/selectedTools=react--no-such-tool-zz&/)
  await expect(include.getByRole('listitem')).toHaveCount(1)
})
