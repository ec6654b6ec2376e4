import { expect, test } from '@playwright/test'
import { screenshot, signUp } from './helpers.ts'

test('a visitor signs up in the modal, stays on the page, and signs out', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { name: "Sorry, we couldn't find that page :(" })).toBeVisible()
  await screenshot(page, 'not-found')
  const { username } = await signUp(page)
  await expect(page).toHaveURL(/\/no-such-page$/)
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', `/${username}`)
  await screenshot(page, 'avatar-menu')
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
  await screenshot(page, 'sign-in-error')
})
