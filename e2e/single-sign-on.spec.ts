// Single sign-on in Chromium against a real OpenID provider (oidc-provider, run in this test process on a loopback
// port): "Sign in with Acme SSO" in the modal, sign in on the provider's page, back signed in. The first sign-in
// creates the account, the second finds it; a tampered state, a wrong nonce and an address outside
// SIGNUP_EMAIL_DOMAINS land on the sign-in error page, which says why.
//
// The provider must be known to the server when it starts (OIDC_ISSUER), and SIGNUP_EMAIL_DOMAINS or SSO_ONLY would
// change the shared server every other spec signs up on: so this spec starts two servers of its own, one with the
// domain rule on E2E_PORT + 3 and one with SSO_ONLY on E2E_PORT + 4, with the provider on E2E_PORT + 2, all in this
// process's reach (decision 051; E2E_PORT + 1 is the private site's server, playwright.config.ts). A third, on
// E2E_PORT + 5, is a private site named by SITE_NAME ("Acme Stacks"): its name everywhere the site names itself, its
// open pages in the name-only frame, the first sign-in returning to the page asked for (decisions 081, 082).
import { type ChildProcess, spawn } from 'node:child_process'
import { OIDC_TEST_CLIENT, type OidcTestProvider, startOidcProvider } from '../server/test/oidc-provider.ts'
import { expectNoA11yViolations } from './a11y.ts'
import { screenshot, waitForApp } from './helpers.ts'
import { type Browser, expect, type Page, test } from './test.ts'

const basePort = Number(process.env.E2E_PORT ?? 3100)
const site = `http://localhost:${basePort + 3}`
const ssoOnlySite = `http://localhost:${basePort + 4}`
const privateSite = `http://localhost:${basePort + 5}`
const PRIVATE_SITE_NAME = 'Acme Stacks'
const SSO_NAME = 'Acme SSO'

let provider: OidcTestProvider
const servers: ChildProcess[] = []

test.describe.configure({ mode: 'serial' })

/** A server of this spec: the e2e server's start path on a fresh database of its own, with the provider's settings. */
async function startSite(origin: string, name: string, settings: Record<string, string>) {
  const server = spawn('node_modules/.bin/node', ['e2e/serve.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: new URL(origin).port,
      BASE_URL: origin,
      DATA_DIR: `${process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'}-${name}`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_DISABLED: 'true',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: OIDC_TEST_CLIENT.clientId,
      OIDC_CLIENT_SECRET: OIDC_TEST_CLIENT.clientSecret,
      OIDC_NAME: SSO_NAME,
      ...settings,
    },
  })
  servers.push(server)
  const startedAt = Date.now()
  while (
    !(await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (Date.now() - startedAt > 170_000 || server.exitCode !== null)
      throw new Error(`the ${name} server did not start`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000)
  provider = await startOidcProvider({
    port: basePort + 2,
    redirectUris: [
      `${site}/api/auth/callback/oidc`,
      `${ssoOnlySite}/api/auth/callback/oidc`,
      `${privateSite}/api/auth/callback/oidc`,
    ],
  })
  await Promise.all([
    startSite(site, 'sso', { SIGNUP_EMAIL_DOMAINS: 'example.test' }),
    startSite(ssoOnlySite, 'sso-only', { SSO_ONLY: 'true' }),
    startSite(privateSite, 'sso-private', { SITE_MODE: 'private', SITE_NAME: PRIVATE_SITE_NAME }),
  ])
})

test.afterAll(async () => {
  for (const server of servers) {
    if (server.exitCode !== null) continue
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  await provider?.close()
})

/** From a page of the site: the modal's single sign-on button, then the provider's login page as `login`. */
async function signInThroughProvider(page: Page, login: string, options: { shoot?: string; origin?: string } = {}) {
  const origin = options.origin ?? site
  await page.goto(`${origin}/tools`)
  await waitForApp(page)
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true })
  // on phones Sign in is in the menu (mobile-menu.tsx)
  if (!(await signIn.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click()
  await signIn.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('button', { name: `Sign in with ${SSO_NAME}` })).toBeVisible()
  if (options.shoot) await screenshot(page, options.shoot)
  await dialog.getByRole('button', { name: `Sign in with ${SSO_NAME}` }).click()
  await page.waitForURL(`${provider.issuer}/interaction/**`)
  await page.getByLabel('Login').fill(login)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.origin === origin)
  await waitForApp(page)
}

/** A page in a browser context of its own (axe needs one), as wide as a desktop or a phone. */
async function newPage(browser: Browser, width: 1280 | 390 | number) {
  const context = await browser.newContext({ viewport: { width, height: width > 600 ? 800 : 844 } })
  return context.newPage()
}

async function currentUser(page: Page, origin = site) {
  const answer = await page.request.get(`${origin}/api/v1/users/current`)
  return (await answer.json()).user as { id: number; username: string; email: string } | null
}

test('the first sign-in through the provider creates the account, the second finds it', async ({ browser }) => {
  const first = await newPage(browser, 1280)
  await signInThroughProvider(first, 'ada', { shoot: 'single-sign-on/modal' })
  await expect(first.getByRole('button', { name: 'Account menu' })).toBeVisible()
  const created = await currentUser(first)
  expect(created).toMatchObject({ email: 'ada@example.test', username: 'ada' })
  await first.context().close()

  // another browser: no session here, none at the provider
  const second = await newPage(browser, 1280)
  await signInThroughProvider(second, 'ada')
  await expect(second.getByRole('button', { name: 'Account menu' })).toBeVisible()
  expect((await currentUser(second))?.id).toBe(created?.id)
  await second.context().close()
})

test('a phone shows the single sign-on button in the modal, no wider than the screen', async ({ browser }) => {
  const page = await newPage(browser, 390)
  await page.goto(`${site}/tools`)
  await waitForApp(page)
  // on phones the navbar keeps Sign up; Sign in is in the menu (mobile-menu.tsx)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByRole('button', { name: `Sign in with ${SSO_NAME}` })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await screenshot(page, 'single-sign-on/modal-phone')
  await expectNoA11yViolations(page)
  await page.context().close()
})

test('a callback whose state was tampered with is refused', async ({ page }) => {
  provider.tamperState = true
  try {
    await signInThroughProvider(page, 'ada')
  } finally {
    provider.tamperState = false
  }
  await expect(page).toHaveURL(/\/users\/sign-in-error\?error=state/)
  await expect(page.getByRole('heading', { name: 'Sign-in did not work' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('could not be matched to this browser')
  expect(await currentUser(page)).toBeNull()
})

test('an ID token with another nonce is refused', async ({ page }) => {
  provider.wrongNonce = true
  try {
    await signInThroughProvider(page, 'ada')
  } finally {
    provider.wrongNonce = false
  }
  await expect(page).toHaveURL(/\/users\/sign-in-error\?error=unable_to_get_user_info/)
  await expect(page.getByRole('alert')).toContainText(`The answer from ${SSO_NAME} could not be verified`)
  expect(await currentUser(page)).toBeNull()
})

test('an address outside the allowed domains is refused with the rule', async ({ browser }) => {
  for (const width of [1280, 390]) {
    const page = await newPage(browser, width)
    await signInThroughProvider(page, 'outsider')
    await expect(page).toHaveURL(/\/users\/sign-in-error\?error=SIGN_UP_DOMAIN_NOT_ALLOWED/)
    await expect(page.getByRole('alert')).toHaveText('Sign-up is limited to addresses at example.test.')
    expect(await currentUser(page)).toBeNull()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await screenshot(page, `single-sign-on/domain-refused-${width}`)
    if (width === 1280) await expectNoA11yViolations(page)
    await page.context().close()
  }
})

test('the password sign-up form says which addresses may join, and the server refuses others', async ({ page }) => {
  await page.goto(`${site}/tools`)
  await waitForApp(page)
  await page.getByRole('button', { name: 'Sign up' }).first().click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Sign-up is limited to addresses at example.test.')).toBeVisible()
  await dialog.getByLabel('Name', { exact: true }).fill('Outside Person')
  await dialog.getByLabel('Username', { exact: true }).fill('outsideperson')
  await dialog.getByLabel('Email', { exact: true }).fill('someone@elsewhere.test')
  await dialog.getByLabel('Password', { exact: true }).fill('correct-horse-battery')
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(dialog.getByText('Sign-up is limited to addresses at example.test.')).toBeVisible()
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await screenshot(page, 'single-sign-on/sign-up-refused')
  expect(await currentUser(page)).toBeNull()
})

test('SSO_ONLY: the modal offers the provider alone, and settings have no password section', async ({ browser }) => {
  for (const width of [1280, 390]) {
    const page = await newPage(browser, width)
    await page.goto(`${ssoOnlySite}/tools`)
    await waitForApp(page)
    await page.getByRole('button', { name: 'Sign up' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: `Sign in with ${SSO_NAME}` })).toBeVisible()
    await expect(dialog.getByLabel('Password')).toHaveCount(0)
    await expect(dialog.getByLabel('Email')).toHaveCount(0)
    await expect(dialog.getByRole('button', { name: 'Create an account' })).toHaveCount(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await screenshot(page, `single-sign-on/sso-only-modal-${width}`)
    if (width === 1280) await expectNoA11yViolations(page)
    await page.context().close()
  }

  const page = await newPage(browser, 1280)
  await signInThroughProvider(page, 'ada', { origin: ssoOnlySite })
  expect((await currentUser(page, ssoOnlySite))?.email).toBe('ada@example.test')
  await page.goto(`${ssoOnlySite}/settings/profile`)
  const settings = page.getByRole('navigation', { name: 'Settings' })
  await expect(settings.getByRole('link', { name: 'Profile' })).toBeVisible()
  await expect(settings.getByRole('link', { name: 'Password' })).toHaveCount(0)
  await page.goto(`${ssoOnlySite}/settings/password`)
  await expect(page.getByText(`Passwords are turned off on this site: you sign in with ${SSO_NAME}`)).toBeVisible()
  await expect(page.getByLabel('New password')).toHaveCount(0)
  await screenshot(page, 'single-sign-on/sso-only-settings')
  await page.context().close()
})

test('SSO_ONLY: Settings → Email says the provider manages the address, and offers no change', async ({ browser }) => {
  for (const width of [1280, 390]) {
    const page = await newPage(browser, width)
    await signInThroughProvider(page, 'ada', { origin: ssoOnlySite })
    await page.goto(`${ssoOnlySite}/settings/email`)
    await waitForApp(page)
    await expect(page.getByText(`Your address is managed by ${SSO_NAME}.`)).toBeVisible()
    await expect(page.getByLabel('New email address')).toHaveCount(0)
    await expect(page.getByRole('button', { name: /Change email|GitHub/ })).toHaveCount(0)
    await expect(page.getByText('GitHub')).toHaveCount(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await screenshot(page, `single-sign-on/sso-only-email-${width}`)
    await page.context().close()
  }
})

/** The server's HTML of a page of the private site, as this page's session sees it (no JavaScript runs). */
async function serverHtml(page: Page, path: string) {
  const answer = await page.request.get(`${privateSite}${path}`, { headers: { accept: 'text/html' } })
  return answer.text()
}

test("a private site's open pages are drawn in the name-only frame, named by SITE_NAME", async ({ browser }) => {
  for (const width of [1280, 390]) {
    const page = await newPage(browser, width)
    for (const path of [
      '/sign-in?next=/tools/react',
      '/verify-email?token=nothing',
      '/join?token=nothing',
      '/users/sign-in-error?error=access_denied',
    ]) {
      await page.goto(`${privateSite}${path}`)
      await waitForApp(page)
      await expect(page.getByText(PRIVATE_SITE_NAME, { exact: true })).toBeVisible()
      // nothing of the directory, whose links lead back to the wall
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
      await expect(page.getByRole('link', { name: /Create A Stack|Tools/ })).toHaveCount(0)
      await expect(page.getByRole('searchbox')).toHaveCount(0)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await screenshot(page, `single-sign-on/private-open-${path.split('?')[0]!.slice(1).replace(/\//g, '-')}-${width}`)
    }
    const signIn = await serverHtml(page, '/sign-in?next=/tools/react')
    expect(signIn).toContain(`<title>Sign in | ${PRIVATE_SITE_NAME}</title>`)
    expect(signIn).toMatch(new RegExp(`<meta name="description" content="${PRIVATE_SITE_NAME}: `))
    expect(signIn).not.toContain('Stackatlas:')
    await page.context().close()
  }
})

test('the first sign-in on the private site returns to the page asked for, where the site is named by SITE_NAME', async ({
  browser,
}) => {
  provider.addPerson({
    login: 'grace',
    sub: `sub-grace-${Date.now()}`,
    email: 'grace@example.test',
    emailVerified: true,
    name: 'Grace Hopper',
  })
  const page = await newPage(browser, 1280)
  await page.goto(`${privateSite}/tools/react`)
  await page.waitForURL(`${privateSite}/sign-in?next=%2Ftools%2Freact`)
  await waitForApp(page)
  await page.getByRole('button', { name: `Sign in with ${SSO_NAME}` }).click()
  await page.waitForURL(`${provider.issuer}/interaction/**`)
  await page.getByLabel('Login').fill('grace')
  await page.getByRole('button', { name: 'Sign in' }).click()
  // a new account: the page asked for, and the wizard offered there (decision 082)
  await page.waitForURL(`${privateSite}/tools/react`)
  await waitForApp(page)
  await expect(page.getByRole('heading', { name: 'React', level: 1 })).toBeVisible()
  const offer = page.getByRole('region', { name: 'Get started' })
  await expect(offer).toContainText(`Welcome to ${PRIVATE_SITE_NAME}!`)
  expect(page.url()).toBe(`${privateSite}/tools/react`)
  await screenshot(page, 'single-sign-on/private-first-sign-in')

  // the name in the header, the footer and the titles, as the server draws them
  await expect(page.getByRole('link', { name: `${PRIVATE_SITE_NAME} home` })).toBeVisible()
  const tool = await serverHtml(page, '/tools/react')
  expect(tool).toContain(`aria-label="${PRIVATE_SITE_NAME} home"`)
  expect(tool).toContain(`${PRIVATE_SITE_NAME} runs Stackatlas`)
  expect(tool).toMatch(new RegExp(`<title>React[^<]* \\| ${PRIVATE_SITE_NAME}</title>`))
  for (const [path, title] of [
    ['/settings/email', 'Email settings'],
    ['/settings/password', 'Password settings'],
    ['/notifications', 'Notifications'],
  ] as const) {
    const html = await serverHtml(page, path)
    expect(html, path).toContain(`<title>${title} | ${PRIVATE_SITE_NAME}</title>`)
    expect(html, path).not.toContain('Stackatlas home')
  }

  // Settings name the account's own provider, and confirm through it (decision 081)
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 })
    await page.goto(`${privateSite}/settings/email`)
    await waitForApp(page)
    await expect(page.getByText(`You sign in with ${SSO_NAME}, so there is no password to check`)).toBeVisible()
    await expect(page.getByText('GitHub')).toHaveCount(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await screenshot(page, `single-sign-on/private-email-settings-${width}`)
    await page.goto(`${privateSite}/settings/password`)
    await waitForApp(page)
    await expect(page.getByText(`You sign in with ${SSO_NAME}. Set a password`)).toBeVisible()
    await expect(page.getByRole('button', { name: `Confirm with ${SSO_NAME}` })).toBeVisible()
    await expect(page.getByText('GitHub')).toHaveCount(0)
    await screenshot(page, `single-sign-on/private-password-settings-${width}`)
  }
  await page.goto(`${privateSite}/settings/email`)
  await waitForApp(page)
  await page.getByRole('button', { name: `Confirm with ${SSO_NAME}` }).click()
  // the provider may remember the person; either way the browser comes back to the settings page
  await page.waitForURL((url) => url.origin === privateSite || url.pathname.startsWith('/interaction/'))
  if (page.url().startsWith(provider.issuer)) {
    await page.getByLabel('Login').fill('grace')
    await page.getByRole('button', { name: 'Sign in' }).click()
  }
  await page.waitForURL(`${privateSite}/settings/email`)
  await waitForApp(page)
  await page.getByLabel('New email address').fill('grace.hopper@example.test')
  await page.getByRole('button', { name: 'Change email' }).click()
  await expect(page.getByText('We sent a link to grace.hopper@example.test')).toBeVisible()
  await page.context().close()
})
