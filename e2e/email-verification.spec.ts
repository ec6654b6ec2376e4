// E-mail verification (issue 17, decision 052): a new account reads but cannot act, the banner offers Resend, the link
// mailed through the real outbox and SMTP worker verifies the address once, and then the account acts.
import { expectNoA11yViolations } from './a11y.ts'
import { linkMailedTo, screenshot, uniqueName, waitForApp } from './helpers.ts'
import { expect, test } from './test.ts'

const PHONE = { width: 390, height: 844 }

test('a new account verifies its address from the mailed link, then acts', async ({ page }) => {
  await page.goto('/tools/react')
  await waitForApp(page)
  await page.getByRole('button', { name: 'Sign up' }).first().click()
  const username = uniqueName('ver')
  const email = `${username}@example.test`
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name', { exact: true }).fill(`Verifying ${username}`)
  await dialog.getByLabel('Username', { exact: true }).fill(username)
  await dialog.getByLabel('Email', { exact: true }).fill(email)
  await dialog.getByLabel('Password', { exact: true }).fill('correct-horse-battery')
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/onboarding\/welcome$/)

  // the banner, on every page, until the address is verified
  await page.goto('/tools/react')
  const banner = page.getByRole('status', { name: 'Verify your e-mail address' })
  await expect(banner).toContainText(`We sent a link to ${email}.`)
  await screenshot(page, 'verify/banner')
  await expectNoA11yViolations(page)
  await page.setViewportSize(PHONE)
  await screenshot(page, 'verify/banner-phone')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await page.setViewportSize({ width: 1280, height: 800 })

  // acting is refused with the rule, in the page
  const follow = page.getByTestId('follow-button')
  await follow.click()
  await expect(page.getByText(`Verify your e-mail address to do that. We sent a link to ${email}.`)).toBeVisible()
  await expect(follow).toHaveAttribute('aria-pressed', 'false')

  // Resend: once a minute
  await banner.getByRole('button', { name: 'Resend the link' }).click()
  await expect(banner.getByText(/less than 60 seconds ago/)).toBeVisible()

  // the link from the mailbox (sent through SMTP), opened in the browser: nothing happens until the button
  const token = await linkMailedTo(email)
  await page.goto(`/verify-email?token=${token}`)
  await expect(page.getByRole('heading', { name: 'Verify your e-mail address', level: 1 })).toBeVisible()
  await screenshot(page, 'verify/landing')
  await page.getByRole('button', { name: 'Verify my address' }).click()
  await expect(page.getByText(`Thank you: ${email} is verified.`)).toBeVisible()
  await expect(banner).toHaveCount(0)
  await screenshot(page, 'verify/verified')
  await expectNoA11yViolations(page)

  // single use
  await page.goto(`/verify-email?token=${token}`)
  await page.getByRole('button', { name: 'Verify my address' }).click()
  await expect(page.getByText('This link was already used.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Verify my address' })).toHaveCount(0)
  await page.setViewportSize(PHONE)
  await screenshot(page, 'verify/used-phone')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await page.setViewportSize({ width: 1280, height: 800 })

  // now it acts
  await page.goto('/tools/react')
  await waitForApp(page)
  await page.getByTestId('follow-button').click()
  await expect(page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true')
})

test('signed up from Follow, the modal waits for the mailed link, then follows (phone width)', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/tools/vue-js')
  await waitForApp(page)
  const follow = page.getByTestId('follow-button')
  await follow.click()
  const username = uniqueName('wait')
  const email = `${username}@example.test`
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name', { exact: true }).fill(`Waiting ${username}`)
  await dialog.getByLabel('Username', { exact: true }).fill(username)
  await dialog.getByLabel('Email', { exact: true }).fill(email)
  await dialog.getByLabel('Password', { exact: true }).fill('correct-horse-battery')
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(dialog.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
  await expect(dialog).toContainText(`We sent a link to ${email}`)
  // not yet: it says so and waits
  await dialog.getByRole('button', { name: 'I opened the link: continue' }).click()
  await expect(dialog.getByText('Your address is not verified yet.')).toBeVisible()
  await screenshot(page, 'verify/check-inbox-phone')
  await expectNoA11yViolations(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  // the link opened in another tab: this one continues by itself, and the follow it was signed up for is made
  const other = await page.context().newPage()
  await other.goto(`/verify-email?token=${await linkMailedTo(email)}`)
  await other.getByRole('button', { name: 'Verify my address' }).click()
  await expect(other.getByText(`Thank you: ${email} is verified.`)).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(follow).toHaveAttribute('aria-pressed', 'true')
})
