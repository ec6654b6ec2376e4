// The job-stack card on company pages (spec §2 'Job-stack card'): 'Add your stack' for visitors and users without
// a job stack, 'Your job stack is a' and the percentage once one is saved, both leading to Stack Match narrowed to
// the company's jobs. The company is a demo company from the admin-only job generator (as in e2e/match.spec.ts).

import { expectNoA11yViolations } from './a11y.ts'
import { screenshot, signUp, verifyEmailOf } from './helpers.ts'
import { type APIRequestContext, expect, test } from './test.ts'

const ADMIN = {
  email: 'admin@example.test',
  username: 'siteadmin',
  name: 'Site Admin',
  password: 'correct-horse-battery',
}
let company: { slug: string; name: string }

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
  const response = await request.post('/api/v1/jobs/demo', { data: { count: 6, seed: 47, tools: ['go'] }, headers })
  expect(response.ok(), await response.text()).toBe(true)
  const jobs = await (await request.get('/api/v1/match/jobs?selectedTools=go')).json()
  company = { slug: jobs.jobs[0].company_slug, name: jobs.jobs[0].company_name }
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
  await seedJobs(request)
  await request.dispose()
})

test("a visitor is invited to add their stack, and sees the company's jobs in Stack Match", async ({ page }) => {
  await page.goto(`/companies/${company.slug}`)
  const card = page.getByTestId('job-stack-card')
  await expect(card.getByText('Add your stack')).toBeVisible()
  const link = card.getByRole('link', { name: `See if you're a match for ${company.name}'s Jobs` })
  // the company's most popular tools as a stack to start from, narrowed to its jobs by its name
  const href = new URL((await link.getAttribute('href'))!, 'http://x')
  expect(href.pathname).toBe('/match')
  expect(href.searchParams.get('selectedTools')).toBeTruthy()
  expect(href.searchParams.get('jobSearch')).toBe(company.name)
  await expectNoA11yViolations(page)
  await screenshot(page, 'job-stack-card-visitor')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'job-stack-card-visitor-phone')

  await link.click()
  await expect(page).toHaveURL(/\/match\?/)
  await expect(page.getByPlaceholder('Search by position, industry or keyword')).toHaveValue(company.name)
  await expect(page.getByTestId('job-result').first()).toContainText(company.name)
  // without Exact Match any job with one of the starting tools shows (decision 039), and the URL keeps it so
  await expect(page).toHaveURL(/searchOperator=OR/)
  await screenshot(page, 'job-stack-card-click-path')
})

test('with a saved job stack it reads the match percentage and links to the jobs', async ({ page }) => {
  await page.goto('/')
  await signUp(page)
  const origin = new URL(page.url()).origin
  const found = await (await page.request.get('/services/find_all_by_actual_slug?slugs=go')).json()
  const saved = await page.request.post('/api/v1/match/save_job_stack', {
    data: { job_stack: { services: [{ id: found.tools[0].id, required: true }], excluded_services: [] } },
    headers: { origin },
  })
  expect(saved.ok()).toBe(true)

  await page.goto(`/companies/${company.slug}`)
  const card = page.getByTestId('job-stack-card')
  // every job of the company asks for Go, the one tool of the job stack: a full match, capped just under 100 (spec §5)
  await expect(card).toContainText('Your job stack is a 99% match')
  await expect(card.getByRole('img', { name: '99% match' })).toBeVisible()
  await screenshot(page, 'job-stack-card-match')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'job-stack-card-match-phone')
  await page.setViewportSize({ width: 1280, height: 720 })
  const link = card.getByRole('link', { name: `View ${company.name}'s Jobs` })
  await expect(link).toHaveAttribute('href', /^\/match\?selectedTools=go&/)
  await expectNoA11yViolations(page)
  await screenshot(page, 'job-stack-card-match')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'job-stack-card-match-phone')

  await link.click()
  await expect(page).toHaveURL(/\/match\?selectedTools=go/)
  await expect(page.getByTestId('job-result').first()).toContainText(company.name)
})

test('a company without open jobs shows no card', async ({ page }) => {
  await page.goto('/')
  await signUp(page)
  const origin = new URL(page.url()).origin
  const created = await page.request.post('/api/v1/companies/create', {
    data: {
      company: {
        name: `Jobless ${Date.now()}`,
        website_url: 'jobless.example',
        description: 'No jobs here',
        email_address: 'hello@jobless.example',
      },
    },
    headers: { origin },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const { slug } = await created.json()
  // the page renders on the server with this answer (it is not asked for again in the browser)
  const answer = await page.request.get(`/api/v1/match/companies/${slug}/job_stack_card`)
  expect(await answer.json()).toMatchObject({ job_count: 0, has_job_stack: false })
  await page.goto(`/companies/${slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByTestId('job-stack-card')).toHaveCount(0)
})
