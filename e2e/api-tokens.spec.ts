// API tokens (issue 17 "API tokens"): a person makes a read-only token in settings with the keyboard, sees its secret
// once, a script uses it against the API (reads; a write is refused), makes a read-and-write token that writes,
// revokes both with a confirmation and sees them refused at once; the page at 1280 px and on a phone.
import { expectNoA11yViolations } from './a11y.ts'
import { screenshot, signUp } from './helpers.ts'
import { type APIRequestContext, expect, type Page, test } from './test.ts'

/** A script's request: no cookie, no Origin, only the Bearer token (a request context of its own). */
async function scriptRequest(
  playwright: { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } },
  baseURL: string,
) {
  return playwright.request.newContext({ baseURL })
}

async function createToken(page: Page, name: string, access: 'Read-only' | 'Read and write') {
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByRole('radio', { name: new RegExp(`^${access}`) }).check()
  await page.getByLabel('Expires after').selectOption({ label: '30 days' })
  await page.getByRole('button', { name: 'Create token' }).click()
  const shown = page.getByTestId('new-api-token')
  await expect(shown.getByText('Copy it now: it will not be shown again.')).toBeVisible()
  return shown.getByLabel('Your new API token').inputValue()
}

test('API tokens: create in settings, see it once, use it from a script, revoke it and see it refused', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.goto('/')
  const { username } = await signUp(page)
  await page.goto('/settings/tokens')
  await expect(page.getByRole('heading', { name: 'API tokens', exact: true })).toBeVisible()
  await expect(page.getByText('You have no API tokens.')).toBeVisible()
  await screenshot(page, 'api-tokens/empty')
  await expectNoA11yViolations(page)

  // A blank name is refused on its input
  await page.getByRole('button', { name: 'Create token' }).click()
  await expect(page.getByText("Name can't be blank.")).toBeVisible()

  // The form with the keyboard only: name, access (arrow keys in the radio group), expiry, submit
  await page.getByLabel('Name', { exact: true }).focus()
  await page.keyboard.type('Inventory sync')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('radio', { name: /^Read-only/ })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Expires after')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Create token' })).toBeFocused()
  await page.keyboard.press('Enter')
  const shown = page.getByTestId('new-api-token')
  await expect(shown.getByText('Copy it now: it will not be shown again.')).toBeVisible()
  const readSecret = await shown.getByLabel('Your new API token').inputValue()
  expect(readSecret).toMatch(/^sa_pat_[A-Za-z0-9_-]{43}$/)
  const row = page.getByTestId('api-token').filter({ hasText: 'Inventory sync' })
  await expect(row.getByText('Read-only')).toBeVisible()
  await expect(row.getByText('Never', { exact: true }).first()).toBeVisible() // last used
  await screenshot(page, 'api-tokens/created')
  await expectNoA11yViolations(page)

  // A script reads with it, and is refused a write
  const script = await scriptRequest(playwright, baseURL!)
  const auth = { authorization: `Bearer ${readSecret}` }
  const current = await script.get('/api/v1/users/current', { headers: auth })
  expect(current.status()).toBe(200)
  expect((await current.json()).user.username).toBe(username)
  const write = await script.post('/api/v1/notifications/set_read_all', { headers: auth })
  expect(write.status()).toBe(403)
  expect((await write.json()).error.message).toBe('This token is read-only: it cannot make changes.')

  // Shown once: after a reload the secret is gone, the token listed with its last use
  await page.reload()
  await expect(page.getByTestId('new-api-token')).toHaveCount(0)
  await expect(page.locator('body')).not.toContainText(readSecret)
  await expect(row.getByText(/from /)).toBeVisible()

  // A read-and-write token writes
  const writeSecret = await createToken(page, 'Deploy bot', 'Read and write')
  const wrote = await script.post('/api/v1/notifications/set_read_all', {
    headers: { authorization: `Bearer ${writeSecret}` },
  })
  expect(wrote.status()).toBe(200)
  await page.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByTestId('new-api-token')).toHaveCount(0)

  // Revoke asks first; Cancel keeps it (and gives the focus back), Yes revokes it
  const revokeRead = row.getByRole('button', { name: 'Revoke Inventory sync' })
  await revokeRead.focus()
  await page.keyboard.press('Enter')
  const question = row.getByRole('alertdialog')
  await expect(question).toContainText('Anything using it stops working at once.')
  await expect(question.getByRole('button', { name: 'Yes' })).toBeFocused()
  await screenshot(page, 'api-tokens/revoke-confirm')
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect(revokeRead).toBeFocused()
  expect((await script.get('/api/v1/users/current', { headers: auth })).status()).toBe(200)
  await revokeRead.click()
  await question.getByRole('button', { name: 'Yes' }).click()
  await expect(row).toHaveCount(0)
  const refused = await script.get('/api/v1/users/current', { headers: auth })
  expect(refused.status()).toBe(401)
  expect((await refused.json()).error.message).toBe('This token was revoked.')

  const deploy = page.getByTestId('api-token').filter({ hasText: 'Deploy bot' })
  await deploy.getByRole('button', { name: 'Revoke Deploy bot' }).click()
  await deploy.getByRole('button', { name: 'Yes' }).click()
  await expect(page.getByText('You have no API tokens.')).toBeVisible()
  const after = await script.get('/api/v1/users/current', { headers: { authorization: `Bearer ${writeSecret}` } })
  expect(after.status()).toBe(401)
  await script.dispose()

  // On a phone: nothing wider than the screen, with a token listed and a secret shown
  await createToken(page, 'A token with a rather long name for a phone screen', 'Read and write')
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.getByTestId('new-api-token')).toBeVisible()
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: innerWidth }))
  expect(widths.scroll).toBeLessThanOrEqual(widths.view)
  await screenshot(page, 'api-tokens/phone')
})
