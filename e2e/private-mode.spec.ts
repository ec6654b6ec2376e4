// A private site (SITE_MODE=private, issue 17; the 'private' project of playwright.config.ts): someone not signed in
// meets the sign-in screen drawn by the server, with the site's name and its sign-in options and nothing of the
// directory, at every address, with JavaScript or without; signed in, they land on the page they asked for and the
// site works; signed out again, the wall is back.
import { signUp, uniqueName, waitForApp } from './helpers.ts'
import { expect, test } from './test.ts'

test('a visitor meets the sign-in screen, signs up, lands on the page they asked for, and signs out', async ({
  page,
}) => {
  await page.goto('/tools/react?tab=stacks')
  await expect(page).toHaveURL('/sign-in?next=%2Ftools%2Freact%3Ftab%3Dstacks')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByText('Stackatlas is private to its members. Sign in to continue.')).toBeVisible()
  // nothing of the directory: no navigation, no search, no tool
  await expect(page.getByRole('navigation')).toHaveCount(0)
  await expect(page.getByRole('searchbox')).toHaveCount(0)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')

  // keyboard: the e-mail field has the focus, Tab goes on to the password
  await expect(page.getByLabel('Email')).toBeFocused()
  const username = uniqueName('member')
  await signUp(page, username)
  await expect(page).toHaveURL('/tools/react?tab=stacks')
  await expect(page.getByRole('heading', { level: 1, name: 'React' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()

  // a page drawn by the server for the member, and the API answering them
  await page.goto('/tools')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect((await page.request.get('/api/v1/tools/newest')).status()).toBe(200)

  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL('/sign-in')
  await page.goto('/settings')
  await expect(page).toHaveURL('/sign-in?next=%2Fsettings')

  // signing in again goes back to where they were going
  await page.getByLabel('Email').fill(`${username}@example.test`)
  await page.getByLabel('Password').fill('correct-horse-battery')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/settings\//)
})

test('without JavaScript the sign-in form is there, and the directory is not', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const response = await page.goto('/companies')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveURL('/sign-in?next=%2Fcompanies')
  await expect(page.getByLabel('Email')).toBeVisible()
  await expect(page.getByLabel('Password')).toBeVisible()
  expect(await page.content()).not.toContain('og:image')
  expect(await page.locator('#root').innerText()).not.toMatch(/React|PostgreSQL|Stack Match|Tools/)
  // submitted before any script runs, the password goes in a POST's body, never in a URL (security report F-7)
  const urls: string[] = []
  page.on('request', (request) => urls.push(request.url()))
  await page.getByLabel('Email').fill('mallory@example.test')
  await page.getByLabel('Password').fill('Passw0rd!Passw0rd')
  const posted = page.waitForRequest((request) => request.method() === 'POST')
  await page.getByRole('button', { name: 'Sign in' }).click()
  expect((await posted).url()).not.toContain('Passw0rd')
  // answered 303 back to the sign-in screen, drawn again with empty fields
  await expect(page).toHaveURL('/sign-in?next=%2Fcompanies')
  await expect(page.getByLabel('Password')).toHaveValue('')
  expect(urls.filter((url) => /Passw0rd|mallory/.test(url))).toEqual([])
  await context.close()
})

test('the API, robots.txt and sitemaps of a private site', async ({ request }) => {
  const api = await request.get('/api/v1/tools/newest')
  expect(api.status()).toBe(401)
  expect(await api.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign in to use this site.' } })
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /\n')
  expect((await request.get('/sitemap.xml')).status()).toBe(401)
})

test('the sign-in screen fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/match')
  await waitForApp(page)
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: '.tmp/screenshots/private-sign-in-390.png', fullPage: true })
})
