// A company's code host (issue 18 "Connect", "Sync", decision 063 "Screen"): an admin reaches it from the company
// page, sees the server's field error at its field, connects a "Git URLs" host whose repositories a real git server
// on 127.0.0.1 serves (git http-backend; the e2e server allows private networks to scan), presses Sync now and
// watches the repositories reach "synced" with links to their stacks, opens one and sees its Synced badge, and
// removes the connection by keyboard; a signed-in person who is not its admin gets the 403 page. At 1280 and 390 px.
import { type GitHttpServer, startGitHttpServer } from '../server/test/git-http-server.ts'
import { callApi, screenshot, signUp, uniqueName } from './helpers.ts'
import { expect, type Page, test } from './test.ts'

let git: GitHttpServer

const packageJson = (dependencies: Record<string, string>) =>
  JSON.stringify({ name: 'app', version: '1.0.0', dependencies }, null, 2)

test.beforeAll(async () => {
  git = await startGitHttpServer()
  git.addRepository('acme/api', {
    'package.json': packageJson({ express: '^4.19.2', redis: '^4.6.0' }),
    'index.js': "const express = require('express')\nexpress().listen(3000)\n",
  })
  git.addRepository('acme/web', {
    'package.json': packageJson({ react: '^19.0.0', 'react-dom': '^19.0.0' }),
    'src/main.jsx': "import React from 'react'\nexport const App = () => <h1>Hello</h1>\n",
  })
})

test.afterAll(async () => {
  await git.close()
})

/** A new person who creates a company, so is its admin. */
async function signUpWithCompany(page: Page, prefix: string) {
  await page.goto('/')
  await signUp(page)
  const name = `${prefix} ${uniqueName('co')}`
  const { slug } = await callApi<{ slug: string }>(page, 'POST', '/api/v1/companies/create', {
    company: {
      name,
      website_url: 'https://code-host.example',
      description: 'We keep stacks current.',
      email_address: 'team@code-host.example',
    },
  })
  return { slug, name }
}

test('an admin connects git URLs, syncs them to stacks, and a non-admin is refused (1280 and 390 px)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const { slug, name } = await signUpWithCompany(page, 'Sync Co')

  // the entry is on the company page (and in its edit area), for its admins
  await page.goto(`/companies/${slug}`)
  await page.getByRole('link', { name: 'Code host' }).click()
  await expect(page).toHaveURL(new RegExp(`/companies/${slug}/code-host$`))
  await expect(page.getByRole('heading', { level: 1, name: `${name}'s code host` })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Connect a code host' })).toBeVisible()

  // GitHub is the default kind, with its API URL; the credentials are asked for
  await expect(page.getByRole('radio', { name: 'GitHub', exact: true })).toBeChecked()
  await expect(page.getByRole('textbox', { name: 'API URL' })).toHaveValue('https://api.github.com')
  await page.getByRole('radio', { name: 'GitLab', exact: true }).check()
  await expect(page.getByRole('textbox', { name: 'GitLab URL' })).toHaveValue('https://gitlab.com')

  // the server's refusal shows at its field
  await page.getByRole('radio', { name: 'Git URLs' }).check()
  await page.getByRole('button', { name: 'Connect' }).click()
  const urls = page.getByRole('textbox', { name: 'Repository URLs' })
  await expect(urls).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('must list at least one repository').first()).toBeVisible()
  await screenshot(page, 'code-host/connect-form-error')

  await urls.fill(`${git.origin}/acme/api.git\n${git.origin}/acme/web.git`)
  await page.getByRole('combobox', { name: 'Schedule' }).selectOption('off')
  await page.getByRole('button', { name: 'Connect' }).click()

  // connected: the settings, no repositories yet, and no webhook (git URLs send none)
  const connection = page.getByRole('region', { name: 'Connection' })
  await expect(connection.getByText('2 git URLs')).toBeVisible()
  await expect(page.getByText("The push webhooks' secret, shown this once")).toHaveCount(0)
  await expect(connection.getByText('Push webhook')).toHaveCount(0)
  await expect(connection.getByText('2 git URLs')).toBeVisible()
  await expect(connection.getByText('None (cloned anonymously)')).toBeVisible()
  await expect(connection.getByText('Only when Sync now is pressed')).toBeVisible()
  await expect(connection.getByRole('button', { name: 'Replace credentials' })).toHaveCount(0)
  await expect(page.getByText('No repositories yet: press Sync now to list them.')).toBeVisible()

  await connection.getByRole('button', { name: 'Sync now' }).click()
  const list = page.getByRole('region', { name: /Repositories/ })
  const rows = list.getByRole('listitem')
  await expect(rows).toHaveCount(2, { timeout: 30_000 })
  // polled until both are synced, each with its stack
  await expect(rows.filter({ hasText: 'synced' })).toHaveCount(2, { timeout: 60_000 })
  await expect(connection.getByRole('button', { name: 'Sync now' })).toBeEnabled()
  const apiRow = rows.filter({ hasText: 'acme/api' })
  await expect(apiRow.getByText(/^[0-9a-f]{7}$/)).toBeVisible()
  const apiStack = apiRow.getByRole('link', { name: /^Stack / })
  await expect(apiStack).toBeVisible()
  await screenshot(page, 'code-host/synced-1280')

  // phone: no horizontal scroll
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(rows.first()).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await screenshot(page, 'code-host/synced-390')
  await page.setViewportSize({ width: 1280, height: 900 })

  // the stack shows its Synced badge
  const stackPath = await apiStack.getAttribute('href')
  await apiStack.click()
  await expect(page).toHaveURL(new RegExp(`${stackPath}$`))
  await expect(page.getByText(/^Synced [0-9a-f]{7}/).first()).toBeVisible()
  await screenshot(page, 'code-host/synced-stack')

  // a push drops Redis: the next sync keeps it on the stack, marked "Not in the code" for review, with the change in
  // the stack's history
  const head = git.addRepository('acme/api', {
    'package.json': packageJson({ express: '^4.19.2' }),
    'index.js': "const express = require('express')\nexpress().listen(3000)\n",
  })
  await page.goto(`/companies/${slug}/code-host`)
  await connection.getByRole('button', { name: 'Sync now' }).click()
  await expect(apiRow.getByText(head.slice(0, 7))).toBeVisible({ timeout: 60_000 })
  await page.goto(stackPath!)
  const redis = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /^Redis/ }) })
  await expect(redis.getByText('Not in the code')).toBeVisible()
  await expect(page.getByText('Not in the code')).toHaveCount(1)
  const history = page.getByRole('region', { name: 'History' })
  const newest = history
    .getByRole('listitem')
    .filter({ hasText: head.slice(0, 7) })
    .first()
  await expect(newest.getByText('Flagged for review:')).toBeVisible()
  await expect(newest.getByRole('link', { name: 'Redis' })).toBeVisible()
  await screenshot(page, 'code-host/flagged-stack-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(redis.getByText('Not in the code')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await screenshot(page, 'code-host/flagged-stack-390')
  await page.setViewportSize({ width: 1280, height: 900 })

  // someone who is not its admin gets the 403 page on the URL, and no entry on the company page
  const memberContext = await browser.newContext()
  const memberPage = await memberContext.newPage()
  await memberPage.goto('/')
  await signUp(memberPage)
  await memberPage.goto(`/companies/${slug}/code-host`)
  await expect(memberPage.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible()
  await expect(memberPage.getByText("Only company admins can manage this company's code host.")).toBeVisible()
  await memberPage.goto(`/companies/${slug}`)
  await expect(memberPage.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(memberPage.getByRole('link', { name: 'Code host' })).toHaveCount(0)
  await memberContext.close()

  // keyboard: Remove connection opens its dialog, Escape closes it, Enter confirms; the form comes back
  await page.goto(`/companies/${slug}/code-host`)
  const remove = page.getByRole('button', { name: 'Remove connection' })
  await remove.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Remove the connection?' })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await remove.focus()
  // the page never asks again for the repositories of the connection it removed (they answered 404)
  const notFoundAnswers: string[] = []
  page.on('response', (response) => {
    if (response.status() === 404 && response.url().includes('/code-host/repositories'))
      notFoundAnswers.push(response.url())
  })
  await page.keyboard.press('Enter')
  await dialog.getByRole('button', { name: 'Remove connection' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Connect a code host' })).toBeVisible()
  await page.waitForTimeout(500)
  expect(notFoundAnswers).toEqual([])
  // the stacks stay, as ordinary stacks whose History stays (decision 079)
  await page.goto(stackPath ?? '/')
  await expect(page).toHaveURL(new RegExp(`${stackPath}$`))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible()
  await expect(page.getByText(/Kept current from the repository/)).toHaveCount(0)
  await screenshot(page, 'code-host-after-removal')
})

test('GitHub credentials are asked for, stored and replaced, never shown back (390 px)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const { slug } = await signUpWithCompany(page, 'GH Co')
  // the edit area links to the screen
  await page.goto(`/companies/${slug}/edit`)
  await page.getByRole('link', { name: /^Code host/ }).click()
  await expect(page.getByRole('heading', { name: 'Connect a code host' })).toBeVisible()

  // the schema's refusal at the organisation, then the service's at the credentials
  const organisation = page.getByRole('textbox', { name: 'Organisation' })
  await organisation.fill('not an org!')
  await page.getByRole('button', { name: 'Connect' }).click()
  await expect(page.getByText('must be a GitHub organisation or user login')).toBeVisible()
  await expect(organisation).toHaveAttribute('aria-invalid', 'true')
  await organisation.fill('acme')
  await page.getByRole('button', { name: 'Connect' }).click()
  const tokenField = page.getByRole('textbox', { name: 'Access token' })
  await expect(tokenField).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('must be given to connect this code host (a token)')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await screenshot(page, 'code-host/github-form-errors-390')

  // keyboard: the token typed and the form sent with Enter
  await tokenField.focus()
  await page.keyboard.type('ghp_e2eSecretToken123')
  await page.keyboard.press('Enter')
  const connection = page.getByRole('region', { name: 'Connection' })
  await expect(connection.getByText('GitHub organisation acme at https://api.github.com')).toBeVisible()
  await expect(connection.getByText('Token stored')).toBeVisible()
  expect(await page.content()).not.toContain('ghp_e2eSecretToken123')
  // a GitHub connection: its webhook secret once, and the address to give the host
  await expect(page.getByText("The push webhooks' secret, shown this once")).toBeVisible()
  await expect(connection.getByText(/\/api\/v1\/code-host-webhooks\/\d+ \(JSON, push events/)).toBeVisible()

  // editing keeps the stored token unless a new one is typed
  await connection.getByRole('button', { name: 'Edit settings' }).click()
  await expect(page.getByRole('textbox', { name: 'Access token' })).toHaveValue('')
  await expect(page.getByText('Stored; enter a new one to replace it.')).toBeVisible()
  await page.getByRole('combobox', { name: 'Tools the code no longer uses' }).selectOption('automatic')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(connection.getByText('Removed automatically (never the last one)')).toBeVisible()
  await expect(connection.getByText('Token stored')).toBeVisible()

  // replaced by an App installation
  await connection.getByRole('button', { name: 'Replace credentials' }).click()
  const dialog = page.getByRole('dialog', { name: 'Replace credentials' })
  await dialog.getByRole('radio', { name: 'GitHub App installation' }).check()
  await dialog.getByRole('textbox', { name: 'App id' }).fill('12345')
  await dialog.getByRole('textbox', { name: 'Installation id' }).fill('67890')
  await dialog.getByRole('textbox', { name: 'Private key' }).fill('not a key')
  await dialog.getByRole('button', { name: 'Replace credentials' }).click()
  await expect(dialog.getByText('must be the App private key (PEM)')).toBeVisible()
  await dialog
    .getByRole('textbox', { name: 'Private key' })
    .fill('-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----')
  await dialog.getByRole('button', { name: 'Replace credentials' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(connection.getByText('GitHub App 12345, installation 67890: key stored')).toBeVisible()
  expect(await page.content()).not.toContain('MIIEpAIBAAKCAQEA')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await screenshot(page, 'code-host/github-connected-390')
})
