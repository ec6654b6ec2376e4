// Shared steps of the browser journeys: sign up through the real modal (or a private site's sign-in screen), take named
// screenshots.
import { expect, type Locator, type Page } from '@playwright/test'

let counter = 0

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${++counter}`
}

/**
 * Signs up a new user through the sign-in modal (opened from the navbar) and waits for the avatar menu. A new user
 * lands on the onboarding wizard once (e2e/onboarding.spec.ts); unless `stayInOnboarding`, the journey goes back to
 * the page it was on, as a person leaving the wizard with the browser's back button would.
 */
export async function signUp(page: Page, username = uniqueName('e2e'), options: { stayInOnboarding?: boolean } = {}) {
  const before = page.url()
  await waitForApp(page)
  // a private site (SITE_MODE=private) sent the page to its sign-in screen: sign up there, and come back to the page
  if (new URL(before).pathname === '/sign-in') {
    await page.getByRole('button', { name: 'Create an account' }).click()
    await fillSignUpForm(page.getByRole('main'), username)
    await page.waitForURL((url) => url.pathname !== '/sign-in')
    await waitForApp(page)
    return { username, email: `${username}@example.test`, password: 'correct-horse-battery' }
  }
  await page.getByRole('button', { name: 'Sign up' }).first().click()
  await createAccountInModal(page, username)
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await expect(page).toHaveURL(/\/onboarding\/welcome$/)
  if (!options.stayInOnboarding) {
    await expect(page.getByRole('heading', { name: 'Why share your stack?' })).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(before)
  }
  return { username, email: `${username}@example.test`, password: 'correct-horse-battery' }
}

/**
 * Waits until the web app has started on a page the server drew (web/src/app/start.tsx): the HTML is there and visible
 * before, but a click on it does nothing until then.
 */
export async function waitForApp(page: Page) {
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached' })
}

/** Fills the open modal's sign-up form (Name, Username, Email, Password) and creates the account. */
export async function createAccountInModal(page: Page, username: string) {
  await fillSignUpForm(page.getByRole('dialog'), username)
}

/** Fills a sign-up form (the modal's, or the sign-in screen's) and creates the account. */
async function fillSignUpForm(form: Locator, username: string) {
  await form.getByLabel('Name', { exact: true }).fill(`Test ${username}`)
  await form.getByLabel('Username', { exact: true }).fill(username)
  await form.getByLabel('Email', { exact: true }).fill(`${username}@example.test`)
  await form.getByLabel('Password', { exact: true }).fill('correct-horse-battery')
  await form.getByRole('button', { name: 'Create account' }).click()
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/screenshots/${name}.png`, fullPage: true })
}

/** The ADMIN_EMAILS bootstrap admin (playwright.config.ts): signed up through the API, or in when another journey
 * of this run already did. The page's context keeps the session. */
export const BOOTSTRAP_ADMIN = { email: 'admin@example.test', password: 'correct-horse-battery', username: 'siteadmin' }

export async function signInAsBootstrapAdminByApi(page: Page) {
  if (page.url() === 'about:blank') await page.goto('/')
  const signedUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: originOf(page) },
    data: {
      email: BOOTSTRAP_ADMIN.email,
      password: BOOTSTRAP_ADMIN.password,
      name: 'Site Admin',
      username: 'siteadmin',
    },
  })
  if (!signedUp.ok()) {
    const signedIn = await page.request.post('/api/auth/sign-in/email', {
      headers: { origin: originOf(page) },
      data: { email: BOOTSTRAP_ADMIN.email, password: BOOTSTRAP_ADMIN.password },
    })
    expect(signedIn.ok(), 'bootstrap admin sign-in').toBe(true)
  }
}

function originOf(page: Page): string {
  return new URL(page.url()).origin
}

/** A JSON call with the page's session (same-origin header, like the browser sends), expected to succeed. */
export async function callApi<T = unknown>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { origin: originOf(page) },
  })
  expect(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}

/** The wizard's and the edit area's tool selection: take the first popular tool and go on to tool-details. */
export async function pickPopularToolAndContinue(page: Page) {
  await page.getByRole('region', { name: 'Popular Tools' }).getByRole('button').first().click()
  await page
    .getByRole('button', { name: /^Continue/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/tool-details$/)
}
