// Company verification (docs/decisions/031-company-verification.md): the bootstrap admin verifies a company whose
// contact e-mail is at another domain and its page shows the Verified badge (and the e-mail is in the outbox); a
// company at its own domain verifies itself through the e-mailed link, opened by its creator.

import { expectNoA11yViolations } from './a11y.ts'
import { BOOTSTRAP_ADMIN, callApi, screenshot, uniqueName, verifyEmailOf } from './helpers.ts'
import { type APIRequestContext, expect, type Page, test } from './test.ts'

const PASSWORD = 'correct-horse-battery'

function origin() {
  return new URL(test.info().project.use.baseURL!).origin
}

async function post(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(path, { data, headers: { origin: origin() } })
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true)
  return response.json()
}

/** A new account in `request`'s cookie jar (the page's own, when given page.request). */
async function signUpByApi(request: APIRequestContext) {
  const username = uniqueName('verify')
  await post(request, '/api/auth/sign-up/email', {
    name: `Founder ${username}`,
    username,
    email: `${username}@example.test`,
    password: PASSWORD,
  })
  await verifyEmailOf(request, `${username}@example.test`, origin())
  return username
}

async function createCompany(request: APIRequestContext, fields: { website_url: string; email_address: string }) {
  const name = `Acme ${uniqueName('co')}`
  const answer = await post(request, '/api/v1/companies/create', {
    company: { name, description: 'Rockets for everyone', ...fields },
  })
  return answer.company as { id: number; slug: string; name: string }
}

/** The bootstrap admin in `request`'s cookie jar: signed up, or signed in when another journey already did. */
async function signInAdmin(request: APIRequestContext) {
  const signedUp = await request.post('/api/auth/sign-up/email', {
    headers: { origin: origin() },
    data: { email: BOOTSTRAP_ADMIN.email, password: PASSWORD, name: 'Site Admin', username: BOOTSTRAP_ADMIN.username },
  })
  if (signedUp.ok()) await verifyEmailOf(request, BOOTSTRAP_ADMIN.email, origin())
  else await post(request, '/api/auth/sign-in/email', { email: BOOTSTRAP_ADMIN.email, password: PASSWORD })
}

async function openQueueAsAdmin(page: Page) {
  await page.goto('/')
  await signInAdmin(page.request)
  await page.goto('/admin/companies')
  await expect(page.getByRole('heading', { name: 'Companies waiting for verification' })).toBeVisible()
}

test('the queue says so when no company is waiting', async ({ page }) => {
  // whatever other journeys of this run created, this screen's empty state is what is under test
  await page.route('**/api/v1/admin/company_verifications*', (route) =>
    route.fulfill({ json: { companies: [], page: 1, per_page: 20, total: 0 } }),
  )
  await openQueueAsAdmin(page)
  await expect(page.getByText('No companies waiting for verification')).toBeVisible()
  await screenshot(page, 'admin-company-verification-empty')
  await expectNoA11yViolations(page)
})

test('an admin verifies a waiting company, which then shows the Verified badge', async ({ page, request }) => {
  const creator = await signUpByApi(request)
  const company = await createCompany(request, {
    website_url: 'acme-rockets-verify.example',
    email_address: 'founder@gmail.example',
  })

  await openQueueAsAdmin(page)
  await page.getByRole('link', { name: 'Company verification' }).click()
  const row = page.getByRole('row', { name: new RegExp(company.name) })
  await expect(row).toBeVisible()
  await expect(row.getByRole('cell').nth(1)).toHaveText('founder@gmail.example')
  await expect(row).toContainText('Contact e-mail is at gmail.example, the website at acme-rockets-verify.example.')
  await expect(row).toContainText(`@${creator}`)
  await page.setViewportSize({ width: 1280, height: 800 })
  await screenshot(page, 'admin-company-verification')
  await expectNoA11yViolations(page)

  await row.getByRole('button', { name: `Verify ${company.name}` }).click()
  await expect(page.getByRole('alert').or(page.getByRole('status')).first()).toContainText(
    `${company.name} is verified, and founder@gmail.example will get an e-mail saying so.`,
  )
  await expect(row).toHaveCount(0)
  await page.getByRole('link', { name: 'View company page' }).click()
  await expect(page).toHaveURL(new RegExp(`/companies/${company.slug}$`))
  await expect(page.getByRole('heading', { name: company.name })).toBeVisible()
  await expect(page.getByText('Verified', { exact: true })).toBeVisible()
  await screenshot(page, 'company-verified-badge')

  // spec §5: "will be e-mailed once verified"
  await page.goto('/admin/mail')
  await expect(page.getByRole('row', { name: new RegExp(`${company.name} is verified on`) })).toContainText(
    'founder@gmail.example',
  )
})

test('a company at its own domain is verified by its creator opening the e-mailed link', async ({ page, request }) => {
  await page.goto('/')
  await signUpByApi(page.request)
  const address = `${uniqueName('ceo')}@acme-link.example`
  const company = await createCompany(page.request, { website_url: 'www.acme-link.example', email_address: address })

  // the link as the outbox holds it (no SMTP server here), read by an admin
  await signInAdmin(request)
  const list = await (
    await request.get(`/api/v1/admin/mail?to=${encodeURIComponent(address)}`, { headers: { origin: origin() } })
  ).json()
  const message = await (
    await request.get(`/api/v1/admin/mail/${list.messages[0].id}`, { headers: { origin: origin() } })
  ).json()
  const link = /\/companies\/verify\?token=\S+/.exec(message.message.text)?.[0]
  expect(link, 'the e-mail carries a verification link').toBeTruthy()

  await page.goto(link!)
  await expect(page.getByRole('heading', { name: `Verify ${company.name}` })).toBeVisible()
  await expect(page.getByText(`This link went to ${address}`)).toBeVisible()
  await screenshot(page, 'company-verification-link')
  await expectNoA11yViolations(page)
  await page.getByRole('button', { name: `Verify ${company.name}` }).click()
  await expect(page.getByRole('heading', { name: `${company.name} is verified` })).toBeVisible()
  await page.getByRole('link', { name: `Go to ${company.name}` }).click()
  await expect(page.getByText('Verified', { exact: true })).toBeVisible()
  const mine = await callApi<{ companies: Array<{ id: number; verified: boolean }> }>(
    page,
    'GET',
    '/api/v1/companies/index',
  )
  expect(mine.companies.find((entry) => entry.id === company.id)?.verified).toBe(true)
})

test("the company's edit page says a link is waiting, and sends a new one", async ({ page }) => {
  await page.goto('/')
  await signUpByApi(page.request)
  const address = `${uniqueName('cto')}@acme-wait.example`
  const company = await createCompany(page.request, { website_url: 'acme-wait.example', email_address: address })

  await page.goto(`/companies/${company.slug}/edit`)
  const panel = page.getByRole('region', { name: 'Verification' })
  await expect(panel).toContainText('Waiting for e-mail confirmation.')
  await expect(panel).toContainText(`We sent a link to ${address}.`)
  await page.setViewportSize({ width: 1280, height: 800 })
  await panel.scrollIntoViewIfNeeded()
  await screenshot(page, 'company-verification-waiting')
  await expectNoA11yViolations(page)

  // the browser suite runs with RATE_LIMIT_DISABLED, which lifts the minute between links too (decision 083); the
  // refusal within a minute is company-verification.test.ts's, with the limits on
  await panel.getByRole('button', { name: 'Send a new link' }).click()
  await expect(panel.getByText('A new link is on its way; the earlier one no longer works.')).toBeVisible()
  await expect(panel.getByRole('alert')).toHaveCount(0)
})
