// "Forgot password?" (issue 31, decision 074): from the sign-in form to the mailed link (through the real outbox and
// SMTP worker) to a new password that signs in, at 1280 and 390 px; the used link says so.
import { expectNoA11yViolations } from './a11y.ts'
import { linkMailedTo, screenshot, uniqueName, waitForApp } from './helpers.ts'
import { expect, test } from './test.ts'

const PHONE = { width: 390, height: 844 }

test('a person who forgot the password chooses a new one from the mailed link, then signs in with it', async ({
  page,
}) => {
  const username = uniqueName('forgot')
  const email = `${username}@example.test`
  await page.goto('/')
  const origin = new URL(page.url()).origin
  const signedUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: { email, password: 'the-forgotten-one', name: 'Forgetful', username },
  })
  expect(signedUp.ok()).toBe(true)
  await page.request.post('/api/auth/sign-out', { headers: { origin } })
  await page.context().clearCookies()

  await page.goto('/sign-in')
  await waitForApp(page)
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page.getByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeVisible()
  await waitForApp(page)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Send me a link' }).click()
  await expect(page.getByRole('status')).toContainText('If an account uses that address, we sent it a link')
  await screenshot(page, 'password-reset/sent')
  await expectNoA11yViolations(page)

  const token = await linkMailedTo(email, /\/reset-password\?token=(\S+)/)
  await page.goto(`/reset-password?token=${token}`)
  await waitForApp(page)
  await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible()
  await page.setViewportSize(PHONE)
  await screenshot(page, 'password-reset/choose-phone')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.getByLabel('New password').fill('short')
  await page.getByRole('button', { name: 'Choose this password' }).click()
  await expect(page.getByText('New password is too short (minimum is 8 characters)')).toBeVisible()
  await page.getByLabel('New password').fill('remembered-this-time')
  await page.getByRole('button', { name: 'Choose this password' }).click()
  await expect(page.getByRole('status')).toContainText('Your password was changed')
  await screenshot(page, 'password-reset/done')

  // the link works once
  await page.goto(`/reset-password?token=${token}`)
  await waitForApp(page)
  await page.getByLabel('New password').fill('and-once-more-please')
  await page.getByRole('button', { name: 'Choose this password' }).click()
  await expect(page.getByText('This link is used, has expired or is not valid.')).toBeVisible()

  // the new password signs in; the page's own form, as a person would
  await page.goto('/sign-in')
  await waitForApp(page)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill('remembered-this-time')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).not.toHaveURL(/\/sign-in/)
  const current = await page.request.get('/api/v1/users/current')
  expect((await current.json()).user).toMatchObject({ email, email_verified: true })
})
