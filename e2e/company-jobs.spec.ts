// Company-posted jobs (issue 7): a company admin posts a job with tools from the company page, finds it in Stack Match
// by those tools and on its page, edits it, expires it and deletes it; someone who is not an admin of the company
// gets no form, whether a plain member of the company (added through the team API) or a user outside it. Then the
// Required flag of included tools and the Exact Match switch on /match (spec §3-§4, decision 039), by keyboard.

import { screenshot, signUp, uniqueName, verifyEmailOf } from './helpers.ts'
import { type APIRequestContext, expect, type Page, test } from './test.ts'

test.describe.configure({ mode: 'serial' })

const token = uniqueName('zq')
let companySlug = ''
let companyName = ''

const origin = () => new URL(test.info().project.use.baseURL!).origin

async function createCompany(request: APIRequestContext, name: string) {
  companyName = name
  const response = await request.post('/api/v1/companies/create', {
    headers: { origin: origin() },
    data: {
      company: {
        name: companyName,
        website_url: 'https://jobsco.example',
        description: 'We build realtime things.',
        email_address: 'team@jobsco.example',
      },
    },
  })
  expect(response.ok(), await response.text()).toBe(true)
  companySlug = (await response.json()).slug
}

async function addTool(page: Page, name: string) {
  const input = page.getByRole('searchbox', { name: 'Tools', exact: true })
  await input.fill(name)
  await page.getByRole('button', { name, exact: true }).click()
  await expect(page.getByRole('list', { name: 'Tools' })).toContainText(name)
}

test('a company admin posts a job with tools, finds it in Stack Match and on its page, edits, expires and deletes it', async ({
  page,
}) => {
  const title = `Elixir Platform Engineer ${token}`
  await page.goto('/')
  await signUp(page)
  await createCompany(page.request, `Jobs Co ${token}`)

  await page.goto(`/companies/${companySlug}`)
  await page.getByRole('link', { name: 'Manage jobs' }).click()
  await expect(page.getByRole('heading', { name: `Jobs at ${companyName}` })).toBeVisible()
  await expect(page.getByText('No jobs yet')).toBeVisible()
  await screenshot(page, 'company-jobs-empty')

  await page.getByRole('link', { name: 'Post a job' }).click()
  await expect(page.getByRole('heading', { name: 'Post a job' })).toBeVisible()
  // nothing filled in: every required field says so, and nothing is sent
  await page.getByRole('button', { name: 'Post job' }).click()
  await expect(page.getByText("Title can't be blank.")).toBeVisible()
  await expect(page.getByText("Apply URL can't be blank.")).toBeVisible()
  await expect(page.getByText('Tools must include at least one tool.')).toBeVisible()
  await screenshot(page, 'company-jobs-form-errors')

  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Apply URL').fill('https://jobsco.example/careers/elixir')
  await page.getByLabel('City').fill('Lisbon')
  await page.getByLabel('Location').fill('Lisbon, Portugal')
  await page.getByLabel('Remote').check()
  await page.getByLabel('Description').fill('Build our realtime platform with Elixir and PostgreSQL in a small team.')
  await addTool(page, 'Elixir')
  await addTool(page, 'PostgreSQL')
  await screenshot(page, 'company-jobs-form-filled')
  await page.getByRole('button', { name: 'Post job' }).click()

  await expect(page.getByText(`“${title}” is posted and shows in Stack Match.`)).toBeVisible()
  const row = page.getByTestId('company-job').filter({ hasText: title })
  await expect(row).toContainText('Open')
  await expect(row.getByRole('list', { name: `Tools of ${title}` })).toContainText('Elixir')
  await screenshot(page, 'company-jobs-list')

  // Stack Match finds it by its tools
  await page.goto(`/match?selectedTools=elixir--postgresql&jobSearch=${token}`)
  const result = page.getByTestId('job-result').filter({ hasText: title })
  await expect(result).toBeVisible()
  await expect(result.getByRole('img', { name: '99% match' })).toBeVisible()
  await expect(result.getByRole('link', { name: companyName })).toHaveAttribute('href', `/companies/${companySlug}`)
  await screenshot(page, 'company-jobs-in-match')
  await result.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(/\/match\/jobs\//)
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Tech stack (2)' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Apply' })).toHaveAttribute(
    'href',
    'https://jobsco.example/careers/elixir',
  )
  await screenshot(page, 'company-jobs-job-page')
  const jobUrl = page.url()

  // edit: a new title, Redis instead of PostgreSQL
  await page.goto(`/companies/${companySlug}/jobs`)
  await page.getByRole('link', { name: `Edit ${title}` }).click()
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await page.getByLabel('Title').fill(`${title} Lead`)
  await page.getByRole('button', { name: 'Remove PostgreSQL' }).click()
  await addTool(page, 'Redis')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText(`“${title} Lead” is saved.`)).toBeVisible()

  await page.goto(`/match?selectedTools=elixir--redis&jobSearch=${token}`)
  await expect(page.getByTestId('job-result').filter({ hasText: `${title} Lead` })).toBeVisible()
  await page.goto(jobUrl)
  await expect(page.getByRole('heading', { name: `${title} Lead` })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Redis' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'PostgreSQL' })).toHaveCount(0)

  // expire: it leaves Stack Match
  await page.goto(`/companies/${companySlug}/jobs`)
  await page.getByRole('button', { name: `Expire ${title} Lead` }).click()
  await expect(page.getByTestId('company-job').filter({ hasText: title })).toContainText('Expired')
  await screenshot(page, 'company-jobs-expired')
  // the very search that found it a moment ago (decision 030: the browser revalidates, the server's answer is keyed
  // by match_version, which the expiry raised)
  await page.goto(`/match?selectedTools=elixir--redis&jobSearch=${token}`)
  await expect(page.getByText('No results found :( Try tweaking your search')).toBeVisible()

  // delete, after confirming
  await page.goto(`/companies/${companySlug}/jobs`)
  await page.getByRole('button', { name: `Delete ${title} Lead` }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete this job?' })
  await expect(dialog).toBeVisible()
  await screenshot(page, 'company-jobs-delete-dialog')
  await dialog.getByRole('button', { name: 'Delete job' }).click()
  await expect(page.getByText('No jobs yet')).toBeVisible()
  await page.goto(jobUrl)
  await expect(page.getByText("Sorry, we couldn't find that page :(")).toBeVisible()
})

test('a plain member of the company, and someone outside it, get no job form', async ({ browser }) => {
  // the member: signed up in the browser
  const memberContext = await browser.newContext()
  const page = await memberContext.newPage()
  await page.goto('/')
  await signUp(page)
  const memberId = (await (await page.request.get('/api/v1/users/current')).json()).user.id as number

  // an admin of another company invites them to the team as a plain member (team API, by username); they accept
  const adminContext = await browser.newContext()
  const admin = adminContext.request
  const adminName = uniqueName('admin')
  const signedUp = await admin.post('/api/auth/sign-up/email', {
    headers: { origin: origin() },
    data: {
      email: `${adminName}@example.test`,
      password: 'correct-horse-battery',
      name: 'Team Admin',
      username: adminName,
    },
  })
  expect(signedUp.ok(), await signedUp.text()).toBe(true)
  await verifyEmailOf(admin, `${adminName}@example.test`, origin())
  const firstCompany = { slug: companySlug, name: companyName }
  await createCompany(admin, `Team Co ${token}`)
  const teamCompany = (await (await admin.get(`/api/v1/companies/${companySlug}`)).json()).company as { id: number }
  const added = await admin.post('/api/v1/company_owners/invite', {
    headers: { origin: origin() },
    data: { company_id: teamCompany.id, user_id: memberId, role: 'member' },
  })
  expect(added.ok(), await added.text()).toBe(true)
  const accepted = await page.request.post('/api/v1/company_owner_invites/accept', {
    headers: { origin: origin() },
    data: { id: ((await added.json()) as { id: number }).id },
  })
  expect(accepted.ok(), await accepted.text()).toBe(true)
  const seenByMember = (await (await page.request.get(`/api/v1/companies/${companySlug}`)).json()).company
  expect(seenByMember).toMatchObject({ current_user_member: true, current_user_admin: false })

  for (const company of [{ slug: companySlug, name: companyName }, firstCompany]) {
    await page.goto(`/companies/${company.slug}`)
    await expect(page.getByRole('heading', { name: company.name })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Manage jobs' })).toHaveCount(0)
    for (const path of ['jobs', 'jobs/new']) {
      await page.goto(`/companies/${company.slug}/${path}`)
      await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible()
      await expect(page.getByText("Only company admins can manage this company's jobs.")).toBeVisible()
      await expect(page.getByLabel('Title')).toHaveCount(0)
    }
  }
  await screenshot(page, 'company-jobs-forbidden')
  await adminContext.close()
  await memberContext.close()
})

test('on /match, unticking Required under Exact Match or turning Exact Match off widens the search; keyboard only', async ({
  page,
}) => {
  // two jobs of this company: one with Elixir and Redis, one with Elixir only
  await page.goto('/')
  await signUp(page)
  await createCompany(page.request, `Required Co ${token}`)
  const found = await page.request.get('/services/find_all_by_actual_slug?slugs=elixir,redis')
  const { tools } = (await found.json()) as { tools: Array<{ id: number; slug: string }> }
  const idOf = (slug: string) => tools.find((tool) => tool.slug === slug)!.id
  for (const [title, toolIds] of [
    [`Both Tools ${token}`, [idOf('elixir'), idOf('redis')]],
    [`Elixir Only ${token}`, [idOf('elixir')]],
  ] as const) {
    const response = await page.request.post(`/api/v1/companies/${companySlug}/jobs`, {
      headers: { origin: origin() },
      data: {
        job: {
          title,
          apply_url: 'https://jobsco.example/careers',
          description: 'A job for the Required flag journey in Stack Match.',
          tool_ids: toolIds,
          expires_on: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        },
      },
    })
    expect(response.ok(), await response.text()).toBe(true)
  }

  await page.goto(`/match?selectedTools=elixir--redis&jobSearch=${token}`)
  const results = page.getByTestId('job-result')
  await expect(results).toHaveCount(1)
  await expect(results.first()).toContainText(`Both Tools ${token}`)
  // with Exact Match (AND) every Required tool is needed; tools start required (decision 039)
  const redis = page.getByRole('checkbox', { name: 'Redis required' })
  await expect(redis).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Elixir required' })).toBeChecked()
  await screenshot(page, 'match-required-on')

  const widened = page.waitForRequest(
    (request) =>
      request.url().includes('/api/v1/match/jobs') &&
      new URL(request.url()).searchParams.get('requiredTools') === 'elixir',
  )
  await redis.focus()
  await page.keyboard.press('Space')
  await widened
  await expect(redis).not.toBeChecked()
  await expect(page).toHaveURL(/searchOperator=AND&requiredTools=elixir/)
  await expect(results).toHaveCount(2)
  await expect(page.getByTestId('job-result').filter({ hasText: `Elixir Only ${token}` })).toBeVisible()
  await screenshot(page, 'match-required-off')
  await redis.focus()
  await page.keyboard.press('Space')
  await expect(results).toHaveCount(1)

  // Exact Match off: any included tool will do, so the same tools find both jobs; the boxes go
  await page.getByRole('switch').focus()
  await page.keyboard.press('Space')
  await expect(page).toHaveURL(/searchOperator=OR/)
  await expect(page.getByRole('checkbox', { name: 'Redis required' })).toHaveCount(0)
  await expect(results).toHaveCount(2)

  // Exact Match again: both Required tools needed
  await page.getByRole('switch').focus()
  await page.keyboard.press('Space')
  await expect(redis).toBeChecked()
  await expect(results).toHaveCount(1)
})
