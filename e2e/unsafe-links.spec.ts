// Only http(s) becomes a link (decision 036): the job form refuses a javascript: apply URL with the field's message,
// and pages given stored addresses from before the rule (a job's apply URL, a tool's website; served here by
// rewriting the API's answer, as no write can store them any more) show no javascript: link, at 1280 px and on a phone.
// A first load is drawn on the server from the stored answer, so each page is opened by a link in the browser.

import { callApi, signUp, uniqueName } from './helpers.ts'
import { expect, type Page, test } from './test.ts'

test.describe.configure({ mode: 'serial' })

const UNSAFE = 'javascript:document.title="pwned"'
let jobSlug = ''
let jobTitle = ''
let toolSlug = ''

async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width, `${name} at ${label} is no wider than the window`).toBeLessThanOrEqual(size.width)
    await page.screenshot({ path: `.tmp/shots/${name}-${label}.png`, fullPage: true })
  }
}

async function expectNoUnsafeLink(page: Page) {
  await expect(page.locator('a[href^="javascript:" i], a[href^="data:" i]')).toHaveCount(0)
}

test('the job form shows the field error for a javascript: apply URL and posts nothing', async ({ page }) => {
  const token = uniqueName('ul')
  await page.goto('/')
  await signUp(page)
  const company = await callApi<{ slug: string }>(page, 'POST', '/api/v1/companies/create', {
    company: {
      name: `Links Co ${token}`,
      website_url: 'https://links.example',
      description: 'We test links.',
      email_address: 'team@links.example',
    },
  })
  const { tools } = await callApi<{ tools: Array<{ id: number; slug: string }> }>(page, 'GET', '/api/v1/tools')
  toolSlug = tools[0]!.slug

  await page.goto(`/companies/${company.slug}/jobs/new`)
  await expect(page.getByRole('heading', { name: 'Post a job' })).toBeVisible()
  await page.getByLabel('Apply URL').fill(UNSAFE)
  await page.getByRole('button', { name: 'Post job' }).click()
  await expect(page.getByText('Apply URL must be a web address starting with http:// or https://.')).toBeVisible()
  await shoot(page, 'unsafe-links-job-form')

  // a job to show, posted with a safe address through the API
  const posted = await callApi<{ job: { slug: string } }>(page, 'POST', `/api/v1/companies/${company.slug}/jobs`, {
    job: {
      title: `Link Engineer ${token}`,
      apply_url: 'https://links.example/apply',
      description: 'Check that links on this page go where they say they go.',
      tool_ids: [tools[0]!.id],
      expires_on: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    },
  })
  jobSlug = posted.job.slug
  jobTitle = `Link Engineer ${token}`
})

test('a job stored with a javascript: apply URL shows no Apply link', async ({ page }) => {
  await page.route(`**/api/v1/jobs/${jobSlug}`, async (route) => {
    const response = await route.fetch()
    const body = await response.json()
    body.job.apply_url = UNSAFE
    await route.fulfill({ response, json: body })
  })
  // opened from Stack Match, so the browser draws it from the (rewritten) answer: a first load is drawn on the server
  await page.goto(`/match?selectedTools=${toolSlug}&jobSearch=${encodeURIComponent(jobTitle)}`)
  await page.getByTestId('job-result').getByRole('link', { name: jobTitle }).click()
  await expect(page).toHaveURL(new RegExp(`/match/jobs/${jobSlug}$`))
  await expect(page.getByRole('heading', { name: /Link Engineer/ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Apply' })).toHaveCount(0)
  await expectNoUnsafeLink(page)
  await shoot(page, 'unsafe-links-job-page')
})

test('a tool stored with a javascript: website links it nowhere', async ({ page }) => {
  await page.route(`**/api/v1/tools/${toolSlug}`, async (route) => {
    const response = await route.fetch()
    const body = await response.json()
    body.tool.website_url = UNSAFE
    await route.fulfill({ response, json: body })
  })
  // the answer is changed on its way to the browser, so the page must ask for it there: a move inside the app (the
  // server draws a first load from its own answer)
  await page.goto('/tools')
  await page.evaluate((path) => {
    window.history.pushState({}, '', path)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, `/tools/${toolSlug}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: /Visit website/ })).toHaveCount(0)
  await expectNoUnsafeLink(page)
  await shoot(page, 'unsafe-links-tool-page')
})
