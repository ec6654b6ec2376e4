// A company's admin-only pages reached by someone who may not use them (issue 20): a member who is not admin, and
// someone outside the company, get the 403 page with the server's reason (customers, edit, jobs; the team page for
// an outsider), never a bare red bar; a company that does not exist gets the 404 page. At 1280 px and on a phone.

import { ONLY_COMPANY_ADMINS_CUSTOMERS } from '../contracts/company-customers.ts'
import { ONLY_COMPANY_ADMINS_JOBS } from '../contracts/jobs.ts'
import { callApi, screenshot, uniqueName, verifyEmailOf } from './helpers.ts'
import { type Browser, expect, type Page, test } from './test.ts'

const PASSWORD = 'correct-horse-battery'

/** Someone signed up through the API, in a browser context of their own, on the home page. */
async function person(browser: Browser) {
  const username = uniqueName('p')
  const page = await (await browser.newContext()).newPage()
  await page.goto('/')
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name: `Person ${username}`, username, email: `${username}@example.test`, password: PASSWORD },
    headers: { origin: new URL(page.url()).origin },
  })
  expect(response.ok()).toBe(true)
  await verifyEmailOf(page.request, `${username}@example.test`, new URL(page.url()).origin)
  const id = Number((await response.json()).user.id)
  return { page, username, id }
}

async function expectForbidden(page: Page, reason?: string) {
  await expect(page.getByText('Error 403')).toBeVisible()
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible()
  if (reason) await expect(page.getByText(reason)).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
}

test("a company's admin-only pages show the 403 page to a plain member and an outsider, the 404 page when missing", async ({
  browser,
}) => {
  const owner = await person(browser)
  const member = await person(browser)
  const outsider = await person(browser)
  const name = uniqueName('Gate Co ')
  const { slug } = await callApi<{ slug: string }>(owner.page, 'POST', '/api/v1/companies/create', {
    company: {
      name,
      website_url: 'https://gateco.example',
      description: 'Admins only',
      email_address: 'a@gateco.example',
    },
  })
  const company = (await callApi<{ company: { id: number } }>(owner.page, 'GET', `/api/v1/companies/${slug}`)).company
  // the member is invited by username and accepts (decision 037)
  const invitation = await callApi<{ id: number }>(owner.page, 'POST', '/api/v1/company_owners/invite', {
    company_id: company.id,
    user_id: member.id,
    role: 'member',
  })
  await callApi(member.page, 'POST', '/api/v1/company_owner_invites/accept', { id: invitation.id })

  for (const viewer of [member, outsider]) {
    await viewer.page.goto(`/companies/${slug}/customers`)
    await expectForbidden(viewer.page, ONLY_COMPANY_ADMINS_CUSTOMERS)
    await viewer.page.goto(`/companies/${slug}/edit`)
    await expectForbidden(viewer.page)
    for (const path of ['jobs', 'jobs/new']) {
      await viewer.page.goto(`/companies/${slug}/${path}`)
      await expectForbidden(viewer.page, ONLY_COMPANY_ADMINS_JOBS)
    }
  }
  await outsider.page.goto(`/companies/${slug}/team`)
  await expectForbidden(outsider.page, `Only members of ${name} team can see it.`)

  await member.page.goto(`/companies/${slug}/customers`)
  await expectForbidden(member.page, ONLY_COMPANY_ADMINS_CUSTOMERS)
  await screenshot(member.page, 'company-customers-forbidden')
  await member.page.setViewportSize({ width: 390, height: 844 })
  await expectForbidden(member.page, ONLY_COMPANY_ADMINS_CUSTOMERS)
  expect(await member.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await screenshot(member.page, 'company-customers-forbidden-390')

  const missing = `no-such-company-${uniqueName('x')}`
  for (const path of ['customers', 'edit', 'team', 'jobs', 'jobs/new']) {
    await outsider.page.goto(`/companies/${missing}/${path}`)
    await expect(outsider.page.getByRole('heading', { name: "Sorry, we couldn't find that page :(" })).toBeVisible()
  }
  await screenshot(outsider.page, 'company-missing-404')
})
