// The admin area: the ADMIN_EMAILS bootstrap admin (playwright.config.ts) sees analytics counts, changes a role,
// impersonates a user and stops; a user gets the 403 page and a moderator the moderation queues.

import { expectNoA11yViolations } from './a11y.ts'
import { screenshot, signUp, uniqueName, verifyEmailOf } from './helpers.ts'
import { type APIRequestContext, expect, type Page, test, waitForAppStart } from './test.ts'

const ADMIN = { email: 'admin@example.test', username: 'siteadmin', name: 'Site Admin' }
const PASSWORD = 'correct-horse-battery'

/** Calls the API beside the browser's session (the request fixture keeps its own cookies). */
async function apiPost(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(path, {
    data,
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  })
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true)
  return response
}

/** Signs the bootstrap admin up through the modal (or in, when an earlier attempt of this run already did). */
async function signInAsAdmin(page: Page) {
  await page.getByRole('button', { name: 'Sign up' }).first().click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name', { exact: true }).fill(ADMIN.name)
  await dialog.getByLabel('Username', { exact: true }).fill(ADMIN.username)
  await dialog.getByLabel('Email', { exact: true }).fill(ADMIN.email)
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Create account' }).click()
  const menu = page.getByRole('button', { name: 'Account menu' })
  const taken = dialog.getByText(/already (exists|taken)/i).first()
  await expect(menu.or(taken)).toBeVisible()
  if (await menu.isVisible()) {
    // signed up just now: a new account acts once its address is verified (decision 052)
    await verifyEmailOf(page.request, ADMIN.email, new URL(page.url()).origin)
    await page.reload()
    return
  }
  await dialog.getByRole('button', { name: 'Sign in' }).click()
  await dialog.getByLabel('Email', { exact: true }).fill(ADMIN.email)
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Sign in' }).click()
  await expect(menu).toBeVisible()
}

test('a signed-in user who is not a moderator gets the 403 page at /admin', async ({ page }) => {
  await page.goto('/admin')
  await expect(page.getByRole('dialog').getByText('Sign in to open the admin area.')).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
  await signUp(page)
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible()
  await expect(page.getByText('The admin area is for moderators and admins.')).toBeVisible()
  await screenshot(page, 'admin-forbidden')
  await expectNoA11yViolations(page)
})

test('an admin sees counts, makes a moderator, impersonates a user and stops', async ({ page, browser, request }) => {
  // A few anonymous events to count (a name of this run's own, so a retry counts its own three), and two people to manage.
  const counted = `e2e.counted.${uniqueName('run')}`
  for (let i = 0; i < 3; i++) await apiPost(request, '/api/v1/analytics/track', { name: counted, properties: { i } })
  const target = uniqueName('target')
  const helper = uniqueName('helper')
  for (const username of [target, helper]) {
    await apiPost(request, '/api/auth/sign-up/email', {
      name: `Person ${username}`,
      username,
      email: `${username}@example.test`,
      password: PASSWORD,
    })
    await verifyEmailOf(request, `${username}@example.test`, new URL(test.info().project.use.baseURL!).origin)
  }

  await page.goto('/admin')
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
  await signInAsAdmin(page)
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Admin' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Admin', exact: true })).toBeVisible()
  const countedRow = page.getByRole('row', { name: counted })
  await expect(countedRow.getByRole('cell')).toHaveText(['3', '3', '3'])
  await screenshot(page, 'admin-analytics')
  await expectNoA11yViolations(page)

  // Users: search, then make the target a moderator
  await page.getByRole('link', { name: 'Users' }).click()
  await expect(page.getByRole('row', { name: new RegExp(`@${ADMIN.username}`) })).toBeVisible()
  await expect(page.getByLabel(`Role of @${ADMIN.username}`)).toBeDisabled()
  await page.getByLabel('Search users by username or e-mail').fill(target)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=${target}$`))
  await expect(page.getByRole('row')).toHaveCount(2)
  await page.getByLabel(`Role of @${target}`).selectOption('moderator')
  await expect(page.getByText(`@${target} is now moderator.`)).toBeVisible()
  await expect(page.getByLabel(`Role of @${target}`)).toHaveValue('moderator')
  await screenshot(page, 'admin-users')
  await expectNoA11yViolations(page)

  // The role change is itself counted (server-side track)
  await page.getByRole('link', { name: 'Analytics' }).click()
  await expect(page.getByRole('row', { name: /admin\.role_changed/ })).toBeVisible()

  // The moderator sees the moderation view, without the admin tabs
  const moderatorContext = await browser.newContext()
  const moderator = await moderatorContext.newPage()
  await moderator.goto('/admin')
  const modDialog = moderator.getByRole('dialog')
  await modDialog.getByLabel('Email', { exact: true }).fill(`${target}@example.test`)
  await modDialog.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await modDialog.getByRole('button', { name: 'Sign in' }).click()
  await expect(moderator.getByRole('heading', { name: 'Moderation', exact: true })).toBeVisible()
  await expect(moderator).toHaveURL(/\/admin\/tools$/)
  await expect(moderator.getByRole('heading', { name: 'Tools waiting for approval' })).toBeVisible()
  await expect(moderator.getByRole('link', { name: 'Flagged comments' })).toBeVisible()
  await expect(moderator.getByRole('link', { name: 'Users' })).toHaveCount(0)
  await screenshot(moderator, 'admin-moderator')
  await expectNoA11yViolations(moderator)
  await moderator.goto('/admin/users')
  await expect(moderator.getByText('Only admins can manage users.')).toBeVisible()
  await moderatorContext.close()

  // Impersonate the helper: the banner shows, the menu is theirs, settings are refused by the server
  await page.getByRole('link', { name: 'Users' }).click()
  await page.getByLabel('Search users by username or e-mail').fill(helper)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByRole('button', { name: `Impersonate @${helper}` }).click()
  await expect(page).toHaveURL(new RegExp(`/${helper}$`))
  // the app loads the helper's page afresh (location.assign): a click before React takes over it would be lost
  await waitForAppStart(page)
  await expect(page.getByText(`You are impersonating @${helper}.`)).toBeVisible()
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menu').getByText(`Person ${helper}`)).toBeVisible()
  await expect(page.getByRole('menu').getByText('Impersonated session')).toBeVisible()
  await screenshot(page, 'admin-impersonating')
  await page.keyboard.press('Escape')
  await page.goto('/settings/profile')
  await page.getByLabel('Name', { exact: true }).fill('Changed By Admin')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Impersonated users are not allowed to change settings')).toBeVisible()
  await screenshot(page, 'settings-impersonated-refused')

  // Stop: back to the admin's own session in the users table
  await page.getByRole('button', { name: 'Stop impersonating' }).click()
  await expect(page).toHaveURL(/\/admin\/users$/)
  await waitForAppStart(page)
  await expect(page.getByText(/You are impersonating/)).toHaveCount(0)
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menu').getByText(ADMIN.name)).toBeVisible()
})
