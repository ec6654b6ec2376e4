// Deletion: a company's admin deletes the company (the button waits for the exact name), then deletes their account
// (the exact username), lands home signed out, and their profile and company are gone.

import { expectNoA11yViolations } from './a11y.ts'
import { screenshot, signUp, uniqueName, verifyEmailOf } from './helpers.ts'
import { expect, type Page, test } from './test.ts'

async function api<T = any>(page: Page, path: string, data: unknown): Promise<T> {
  const origin = new URL(page.url()).origin
  const response = await page.request.post(path, { data, headers: { origin } })
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}

test('deletion: delete a company, then the account, each confirmed by typing its exact name', async ({ page }) => {
  await page.goto('/')
  const { username } = await signUp(page, uniqueName('leaver'))
  const companyName = uniqueName('Doomed Co ')
  const company = await api<{ id: number; slug: string }>(page, '/api/v1/companies/create', {
    company: {
      name: companyName,
      website_url: 'doomed.example',
      description: 'A company about to go',
      email_address: 'team@doomed.example',
    },
  })
  const { tools } = await (await page.request.get('/api/v1/services/popular_services')).json()
  await api(page, '/api/v1/stacks/create', {
    stack: { name: 'Doomed Stack', services: [tools[0].id], owner: { type: 'Company', id: company.id } },
  })
  const { user } = await (await page.request.get('/api/v1/users/current')).json()
  await api(page, '/api/v1/stacks/create', {
    stack: { name: 'My Stack', services: [tools[0].id], owner: { type: 'User', id: user.id } },
  })

  // The company: the button is enabled only by the exact name, and disabled once confirmed.
  await page.goto(`/companies/${company.slug}`)
  await page.getByRole('button', { name: 'Delete company' }).click()
  const companyDialog = page.getByRole('dialog', { name: `Delete ${companyName}?` })
  const confirmCompany = companyDialog.getByRole('button', { name: 'Delete company' })
  const nameInput = companyDialog.getByLabel('To confirm, type the company name')
  await expect(confirmCompany).toBeDisabled()
  await nameInput.fill(companyName.toLowerCase())
  await expect(confirmCompany).toBeDisabled()
  await nameInput.fill(`${companyName} `)
  await expect(confirmCompany).toBeDisabled()
  await nameInput.fill(companyName)
  await expect(confirmCompany).toBeEnabled()
  await screenshot(page, 'deletion-company-dialog')
  await expectNoA11yViolations(page)
  await confirmCompany.click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto(`/companies/${company.slug}`)
  await expect(page.getByText("Sorry, we couldn't find that page")).toBeVisible()

  // The account, from the settings: same rule with the username; then home, signed out.
  await page.goto('/settings/account')
  await expect(page.getByRole('heading', { name: 'Delete account' })).toBeVisible()
  await page.getByRole('button', { name: 'Delete account' }).click()
  const accountDialog = page.getByRole('dialog', { name: 'Delete your account?' })
  const confirmAccount = accountDialog.getByRole('button', { name: 'Delete my account' })
  const usernameInput = accountDialog.getByLabel('To confirm, type your username')
  await expect(confirmAccount).toBeDisabled()
  await usernameInput.fill(username.toUpperCase())
  await expect(confirmAccount).toBeDisabled()
  await usernameInput.fill(username)
  await expect(confirmAccount).toBeEnabled()
  await screenshot(page, 'deletion-account-dialog')
  await expectNoA11yViolations(page)
  await confirmAccount.click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('button', { name: 'Sign up' }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0)
  await screenshot(page, 'deletion-home-signed-out')
  await page.goto(`/${username}`)
  await expect(page.getByText("Sorry, we couldn't find that page")).toBeVisible()

  // Signing in again fails: the account is gone.
  const signIn = await page.request.post('/api/auth/sign-in/username', {
    data: { username, password: 'correct-horse-battery' },
    headers: { origin: new URL(page.url()).origin },
  })
  expect(signIn.ok()).toBe(false)
})

test('deletion: the last admin of a team is told to hand over first, and can delete once they have', async ({
  page,
  playwright,
}) => {
  await page.goto('/')
  const { username } = await signUp(page, uniqueName('lastadmin'))
  const companyName = uniqueName('Team Co ')
  const company = await api<{ id: number; slug: string }>(page, '/api/v1/companies/create', {
    company: {
      name: companyName,
      website_url: 'teamco.example',
      description: 'A team',
      email_address: 'a@teamco.example',
    },
  })
  // A colleague is invited by username and accepts (the team API), so the company has another member.
  const origin = new URL(page.url()).origin
  const colleagueSide = await playwright.request.newContext({ baseURL: origin })
  const colleague = uniqueName('colleague')
  const signUpAnswer = await colleagueSide.post('/api/auth/sign-up/email', {
    data: {
      name: 'Colleague',
      username: colleague,
      email: `${colleague}@example.test`,
      password: 'correct-horse-battery',
    },
    headers: { origin },
  })
  const colleagueId = Number((await signUpAnswer.json()).user.id)
  await verifyEmailOf(colleagueSide, `${colleague}@example.test`, origin)
  const invitation = await api<{ id: number }>(page, '/api/v1/company_owners/invite', {
    company_id: company.id,
    user_id: colleagueId,
    role: 'member',
  })
  const accepted = await colleagueSide.post('/api/v1/company_owner_invites/accept', {
    data: { id: invitation.id },
    headers: { origin },
  })
  expect(accepted.ok(), await accepted.text()).toBe(true)
  const member = { id: ((await accepted.json()) as { company_owner_id: number }).company_owner_id }

  await page.goto('/settings/account')
  await page.getByRole('button', { name: 'Delete account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
  await expect(dialog.getByRole('alert')).toContainText(
    `Sorry - Before you can delete your account, you need to make someone else an admin of ${companyName}.`,
  )
  await expect(dialog.getByLabel('To confirm, type your username')).toBeDisabled()
  await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeDisabled()
  await screenshot(page, 'deletion-account-blocked')
  await expectNoA11yViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // Hand over: the colleague becomes an admin; then the account can go, and the company stays with them.
  const promoted = await page.request.patch(`/api/v1/company_owners/${member.id}`, {
    data: { id: member.id, company_id: company.id, company_owner: { role: 'admin' } },
    headers: { origin },
  })
  expect(promoted.ok()).toBe(true)
  await page.getByRole('button', { name: 'Delete account' }).click()
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await dialog.getByLabel('To confirm, type your username').fill(username)
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0)
  const companyPage = await colleagueSide.get(`/api/v1/companies/${company.slug}`)
  expect(companyPage.ok()).toBe(true)
  await colleagueSide.dispose()
})
