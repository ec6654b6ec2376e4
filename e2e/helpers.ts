// Shared steps of the browser journeys: sign up through the real modal, take named screenshots.
import { expect, type Page } from '@playwright/test'

let counter = 0

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${++counter}`
}

/** Signs up a new user through the sign-in modal (opened from the navbar) and waits for the avatar menu. */
export async function signUp(page: Page, username = uniqueName('e2e')) {
  await page.getByRole('button', { name: 'Sign up' }).first().click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name', { exact: true }).fill(`Test ${username}`)
  await dialog.getByLabel('Username', { exact: true }).fill(username)
  await dialog.getByLabel('Email', { exact: true }).fill(`${username}@example.test`)
  await dialog.getByLabel('Password', { exact: true }).fill('correct-horse-battery')
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  return { username, email: `${username}@example.test`, password: 'correct-horse-battery' }
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/screenshots/${name}.png`, fullPage: true })
}
