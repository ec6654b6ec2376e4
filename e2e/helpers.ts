// Shared steps of the browser journeys: sign up through the real modal (or a private site's sign-in screen), take named
// screenshots, read the links the site e-mails (the server's mail goes through its outbox and SMTP worker to
// e2e/serve.ts's receiver).
import fs from 'node:fs'
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'
import { E2E_DATA_DIR, privateDataDir } from './private-site.ts'

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
  // (it opens once the address is verified: the screen asks for the mailed link, which the journey follows)
  if (new URL(before).pathname === '/sign-in') {
    const next = new URL(before).searchParams.get('next') ?? '/'
    await page.getByRole('button', { name: 'Create an account' }).click()
    await fillSignUpForm(page.getByRole('main'), username)
    await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible()
    await verifyEmailOf(page.request, `${username}@example.test`, originOf(page))
    await page.goto(next)
    await waitForApp(page)
    return { username, email: `${username}@example.test`, password: 'correct-horse-battery' }
  }
  await page.getByRole('button', { name: 'Sign up' }).first().click()
  await createAccountInModal(page, username)
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await expect(page).toHaveURL(/\/onboarding\/welcome$/)
  // A new account cannot act until its address is verified (decision 052): follow the e-mailed link's token, then
  // reload so the page sees the verified account (e2e/accounts.spec.ts follows the link through its page).
  await verifyEmailOf(page.request, `${username}@example.test`, originOf(page))
  await page.reload()
  await waitForApp(page)
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

/**
 * After a sign-up from an action prompt the modal waits for the new address to be verified (decision 052): verify it
 * from the mailed link's token and continue, and the action runs.
 */
export async function verifyAndContinueInModal(page: Page, username: string) {
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
  await verifyEmailOf(page.request, `${username}@example.test`, originOf(page))
  await dialog.getByRole('button', { name: 'I opened the link: continue' }).click()
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
  if (signedUp.ok()) await verifyEmailOf(page.request, BOOTSTRAP_ADMIN.email, originOf(page))
  else {
    const signedIn = await page.request.post('/api/auth/sign-in/email', {
      headers: { origin: originOf(page) },
      data: { email: BOOTSTRAP_ADMIN.email, password: BOOTSTRAP_ADMIN.password },
    })
    expect(signedIn.ok(), 'bootstrap admin sign-in').toBe(true)
  }
}

/**
 * Where e2e/serve.ts's SMTP receivers drop what the servers send, one JSON file per message: the public site's
 * mailbox and the private site's (playwright.config.ts).
 */
const MAILBOXES = [E2E_DATA_DIR, privateDataDir(E2E_DATA_DIR)].map((dataDir) => `${dataDir}-mailbox`)

export interface DeliveredMail {
  to: string[]
  subject: string
  text: string
}

/**
 * The newest message delivered to `to` whose text matches `pattern`, waiting for the mail worker (it sends at commit,
 * woken by NOTIFY) up to 15 s. Answers the pattern's first group, or the whole match.
 */
export async function linkMailedTo(to: string, pattern = /\/verify-email\?token=(\S+)/): Promise<string> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const files = MAILBOXES.flatMap((mailbox) =>
      fs.existsSync(mailbox) ? fs.readdirSync(mailbox).map((file) => `${mailbox}/${file}`) : [],
    )
    // newest first: the names are numbered per mailbox, and an address gets mail from one server only
    for (const file of files.sort().reverse()) {
      const mail = JSON.parse(fs.readFileSync(file, 'utf8')) as DeliveredMail
      const match = mail.to.includes(to.toLowerCase()) ? pattern.exec(mail.text) : null
      if (match) return match[1] ?? match[0]
    }
    if (Date.now() > deadline)
      throw new Error(`no message to ${to} matching ${pattern} arrived in ${MAILBOXES.join(' or ')}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * The cheap way through e-mail verification for journeys about something else: the token of the link the server
 * really mailed, posted to the API the link's page posts to. e2e/accounts.spec.ts opens the link in the browser.
 */
export async function verifyEmailOf(request: APIRequestContext, email: string, origin: string) {
  const token = await linkMailedTo(email)
  const response = await request.post('/api/v1/users/email/verify', { headers: { origin }, data: { token } })
  expect(response.ok(), `verifying ${email}: ${response.status()} ${await response.text()}`).toBe(true)
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
