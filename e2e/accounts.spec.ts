// Accounts and navigation: sign up in the modal and sign out, the avatar menu in the spec's order, the sign-in error,
// and the navbar's links on a phone (a keyboard-usable menu) and on a desktop.

import { expectNoA11yViolations } from './a11y.ts'
import { screenshot, signUp } from './helpers.ts'
import { expect, test } from './test.ts'

test('a visitor signs up in the modal, stays on the page, and signs out', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { name: "Sorry, we couldn't find that page :(" })).toBeVisible()
  await screenshot(page, 'accounts/not-found')
  const { username } = await signUp(page)
  await expect(page).toHaveURL(/\/no-such-page$/)
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', `/${username}`)
  // spec §2 order (no companies or personal stack yet), our extra page before Sign Out
  await expect(page.getByRole('menuitem')).toHaveText([
    'Profile',
    'Email Settings',
    'Create A Stack',
    'Tools Pending Approval',
    'Sign Out',
  ])
  await screenshot(page, 'accounts/avatar-menu')
  await expectNoA11yViolations(page)
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
})

test('sign-in shows the server error for a wrong password', async ({ page }) => {
  await page.goto('/no-such-page')
  await page.getByRole('button', { name: 'Sign in' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email', { exact: true }).fill('nobody@example.test')
  await dialog.getByLabel('Password', { exact: true }).fill('wrong-password')
  await dialog.getByRole('button', { name: 'Sign in' }).click()
  await expect(dialog.getByText(/invalid email or password/i)).toBeVisible()
  await screenshot(page, 'accounts/sign-in-error')
})

test('on a phone the navbar links are in a menu that works with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/')
  const main = page.getByRole('navigation', { name: 'Main' })
  await expect(main.getByRole('link', { name: 'Stack Match' })).toBeHidden()
  await page.screenshot({ path: '.tmp/screenshots/accounts/navbar-375.png' })
  await expectNoA11yViolations(page)

  // Keyboard: Tab from the skip link reaches the menu button; Enter opens it with focus inside
  const menuButton = page.getByRole('button', { name: 'Open menu' })
  await expect(menuButton).toBeVisible()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(menuButton).toBeFocused()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('dialog', { name: 'Stackatlas' })
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('link')).toHaveText(['Tools', 'Create A Stack', 'Stack Match', 'Pros & Cons'])
  await expect(page.locator(':focus')).toBeVisible()
  expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true)
  await page.screenshot({ path: '.tmp/screenshots/accounts/navbar-375-menu.png' })
  await expectNoA11yViolations(page)

  // Escape closes it and gives focus back to the button
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(menuButton).toBeFocused()

  // A link goes to its page and closes the menu
  await menuButton.click()
  await menu.getByRole('link', { name: 'Pros & Cons' }).click()
  await expect(page).toHaveURL(/\/pros-and-cons$/)
  await expect(menu).toBeHidden()

  // Signed out, 'Sign in' lives in the menu on a phone (the navbar keeps 'Sign up')
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeHidden()
  await menuButton.click()
  await menu.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('dialog').getByLabel('Password', { exact: true })).toBeVisible()
})

test('on a desktop the navbar shows its links in a row and no menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  const main = page.getByRole('navigation', { name: 'Main' })
  for (const name of ['Tools', 'Create A Stack', 'Stack Match', 'Pros & Cons']) {
    await expect(main.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()
  await screenshot(page, 'accounts/navbar-desktop')
})
