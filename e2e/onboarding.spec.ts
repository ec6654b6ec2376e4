// The onboarding wizard (issue 5 "Onboarding"; specs/onboarding-customers-teams-notifications.md §2, §4, §5, §7, §8):
// from sign-up through every step to the stored redirect, with skips, back and forward, server errors that block
// Continue, an invalid step, and the same journey at phone width.

import sharp from 'sharp'
import { expectNoA11yViolations } from './a11y.ts'
import {
  createAccountInModal,
  screenshot,
  signUp,
  uniqueName,
  verifyAndContinueInModal,
  verifyEmailOf,
} from './helpers.ts'
import { expect, type Page, test } from './test.ts'

const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 390, height: 844 }

/** A full-page screenshot from the top, in .tmp/screenshots/ like every journey's. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, `onboarding-${name}`)
}

async function apiGet<T = any>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path)
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true)
  return (await response.json()) as T
}

async function apiPost<T = any>(page: Page, path: string, data: unknown): Promise<T> {
  const origin = new URL(page.url()).origin
  const response = await page.request.post(path, { data, headers: { origin } })
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true)
  return (await response.json()) as T
}

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true })
const desktopPicker = (page: Page) => page.locator('aside').getByRole('navigation', { name: 'Onboarding steps' })
const selectedTools = (page: Page) => page.getByRole('list', { name: 'Selected tools' })
const popularTile = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Popular Tools' }).getByRole('button', { name, exact: true })

async function addToolBySearch(page: Page, query: string, name: string) {
  const search = page.getByLabel('Search & add tools')
  await search.fill(query)
  await page
    .getByRole('region', { name: 'Search results' })
    .getByRole('button', { name: new RegExp(`^${name}\\b`) })
    .first()
    .click()
  await search.fill('')
  await expect(selectedTools(page).getByText(name, { exact: true })).toBeVisible()
}

test('a new user goes from sign-up through every step, with skips, back and forward, to the page they signed up on', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/tools')
  const { username } = await signUp(page, uniqueName('onb'), { stayInOnboarding: true })

  // welcome: standalone, the three benefits, Continue
  await expect(page.getByRole('heading', { name: 'Welcome To Stackatlas' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Why share your stack?' })).toBeVisible()
  for (const benefit of [
    'Use your stack profile as your tech resume',
    'Stay up to date with your favorite tools',
    'Share and contribute to the community',
  ])
    await expect(page.getByRole('heading', { name: benefit })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Onboarding steps' })).toHaveCount(0)
  await shot(page, 'welcome')
  await expectNoA11yViolations(page)
  expect((await apiGet(page, '/api/v1/onboarding')).started).toBe(true)

  await continueButton(page).click()
  await expect(page).toHaveURL(/\/onboarding\/basic-information$/)
  await expect(page.getByRole('heading', { name: 'Your Basic Information' })).toBeVisible()
  await expect(page.getByText('You can update this information later')).toBeVisible()
  await expect(desktopPicker(page).getByRole('link', { name: /Basic information/ })).toHaveAttribute(
    'aria-current',
    'step',
  )
  // spec §2: only the walked steps are numbered (1, 2); areas-of-interest, never walked, is listed as optional
  await expect(desktopPicker(page).getByRole('listitem')).toHaveText([
    /^1\s*Basic information/,
    /^2\s*Build your stack/,
    /^Areas of interest \(optional\)/,
  ])
  await shot(page, 'basic-information')
  await expectNoA11yViolations(page)

  // browser back and forward move between steps
  await page.goBack()
  await expect(page).toHaveURL(/\/onboarding\/welcome$/)
  await expect(page.getByRole('heading', { name: 'Why share your stack?' })).toBeVisible()
  await page.goForward()
  await expect(page.getByRole('heading', { name: 'Your Basic Information' })).toBeVisible()

  // Skip saves nothing and moves on; the picker marks the step completed
  await page.getByRole('button', { name: 'Skip' }).click()
  await expect(page).toHaveURL(/\/onboarding\/build-your-stack$/)
  await expect(page.getByRole('heading', { name: 'Add tools to your personal stack' })).toBeVisible()
  await expect(page.getByText('Search for or select tools & services you use in this stack')).toBeVisible()
  await expect(desktopPicker(page).getByRole('link', { name: /Basic information \(completed\)/ })).toBeVisible()
  // nothing saved: the names are still the sign-up name's (decision 039)
  expect((await apiGet(page, '/api/v1/onboarding')).first_name).toBe('Test')

  // nothing found on GitHub (no GitHub profile): no 'Yay!' banner; Continue waits for a tool
  await expect(page.getByText(/^Yay! We found/)).toHaveCount(0)
  await expect(continueButton(page)).toBeDisabled()
  await expect(page.getByLabel('Send me weekly updates on these tools')).toBeChecked()
  await expect(page.getByRole('link', { name: 'Install the bot' })).toBeVisible()
  await expect(page.getByText('Want to update the tools you use automatically?')).toBeVisible()

  // the search adds, a Popular Tools tile toggles (a selected tile is faded), the list scrolls above 5 tools
  await addToolBySearch(page, 'postgres', 'PostgreSQL')
  const tiles = page.getByRole('region', { name: 'Popular Tools' }).getByRole('button')
  await expect(tiles.first()).toBeVisible()
  const tileNames = (await tiles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('title') ?? ''))).filter(
    (name) => name !== 'PostgreSQL',
  )
  const first = popularTile(page, tileNames[0]!)
  await first.click()
  await expect(first).toHaveAttribute('aria-pressed', 'true')
  await expect(first.locator('span').first()).toHaveCSS('opacity', '0.35')
  await first.click()
  await expect(first).toHaveAttribute('aria-pressed', 'false')
  await expect(selectedTools(page).getByRole('listitem')).toHaveCount(1)
  for (const name of tileNames.slice(0, 4)) await popularTile(page, name).click()
  await expect(selectedTools(page)).toHaveAttribute('data-scrolls', 'false')
  await popularTile(page, tileNames[4]!).click()
  await expect(selectedTools(page).getByRole('listitem')).toHaveCount(6)
  await expect(selectedTools(page)).toHaveAttribute('data-scrolls', 'true')
  await expect(selectedTools(page)).toHaveCSS('overflow-y', 'auto')
  await shot(page, 'build-your-stack')
  await expectNoA11yViolations(page)

  // 'Clear tools' empties the selection
  await page.getByRole('button', { name: 'Clear tools' }).click()
  await expect(selectedTools(page)).toHaveCount(0)
  await expect(continueButton(page)).toBeDisabled()
  await addToolBySearch(page, 'postgres', 'PostgreSQL')
  await popularTile(page, tileNames[1]!).click()
  await selectedTools(page)
    .getByRole('button', { name: `Remove ${tileNames[1]}` })
    .click()
  await popularTile(page, tileNames[2]!).click()
  await page.getByLabel('Send me weekly updates on these tools').uncheck()

  // Continue: feed preference, then 'My Stack' created; the wizard leaves to the page of the sign-up
  await continueButton(page).click()
  await expect(page).toHaveURL(/\/tools$/)
  const info = await apiGet(page, '/api/v1/onboarding')
  expect(info).toMatchObject({ onboarded: true, email_feed_weekly: false })
  const { user } = await apiGet(page, '/api/v1/users/current')
  expect(user.onboarded).toBe(true)
  expect(user.personal_stack).toEqual({ name: 'My Stack', canonical_url: `/${username}/my-stack` })
  const stack = await apiGet(page, `/api/v1/stacks/${username}/my-stack`)
  expect(JSON.stringify(stack)).toContain('PostgreSQL')
  expect(JSON.stringify(stack)).toContain(tileNames[2]!)
  expect(JSON.stringify(stack)).not.toContain(`"${tileNames[1]}"`)

  // finished: going back does not send the user into the wizard again
  await page.goBack()
  await expect(page).not.toHaveURL(/\/onboarding/)
  await expect(page).toHaveURL(new RegExp(`/${username}$`))
})

test('basic information: a 1:1 photo, company suggestions, limits, a server error that blocks Continue', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/')
  const companyName = uniqueName('Zephyr Onboard ')
  await page.getByRole('button', { name: 'Sign up' }).first().click()
  await page.getByRole('button', { name: 'Close' }).click()
  // a company to be suggested, made by someone else
  const other = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin })
  const otherPage = await other.newPage()
  await otherPage.goto('/')
  await signUp(otherPage)
  await apiPost(otherPage, '/api/v1/companies/create', {
    company: {
      name: companyName,
      website_url: `${companyName.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
      description: 'A company for the onboarding suggestions',
      email_address: 'team@example.test',
    },
  })
  await other.close()

  const { username } = await signUp(page, uniqueName('onb'), { stayInOnboarding: true })
  await continueButton(page).click()
  await expect(page.getByRole('heading', { name: 'Your Basic Information' })).toBeVisible()
  // the names given at sign-up ('Test {username}') fill the fields
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Test')
  await expect(page.getByLabel('Last name', { exact: true })).toHaveValue(username)

  // the photo: a GIF is refused; a wide PNG is cut to the chosen square
  const fileInput = page.getByLabel('Add your selfie')
  await expect(page.getByRole('button', { name: 'Choose a file' })).toBeVisible()
  const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00aa00' } })
    .gif()
    .toBuffer()
  await fileInput.setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: gif })
  await expect(page.getByText('Photo must be a PNG or JPEG image (.png, .jpeg or .jpg).')).toBeVisible()
  const wide = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#cc3355' } })
    .png()
    .toBuffer()
  await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: wide })
  const crop = page.getByRole('dialog', { name: 'Crop your photo' })
  await expect(crop).toBeVisible()
  const square = crop.getByRole('slider', { name: 'Crop square position' })
  await expect(square).toHaveAttribute('aria-valuetext', '300 by 300 pixels at 150, 0')
  await square.focus()
  await page.keyboard.press('ArrowRight')
  await expect(square).not.toHaveAttribute('aria-valuetext', '300 by 300 pixels at 150, 0')
  await shot(page, 'photo-crop')
  await crop.getByRole('button', { name: 'Use photo' }).click()
  await expect(crop).toHaveCount(0)
  const photo = page.getByRole('img', { name: 'You' })
  await expect(photo).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.png$/)
  await expect(page.getByRole('button', { name: 'Change photo' })).toBeVisible()
  const stored = await page.request.get((await photo.getAttribute('src'))!)
  const size = await sharp(await stored.body()).metadata()
  expect([size.width, size.height]).toEqual([256, 256])

  // the company suggestions come 1000 ms after typing stops, and clear with the input
  const company = page.getByRole('combobox', { name: 'Company' })
  await expect(company).toHaveAttribute('maxlength', '60')
  await company.fill(companyName.slice(0, 10))
  const suggestions = page.getByRole('listbox', { name: 'Company suggestions' })
  await page.waitForTimeout(500)
  await expect(suggestions).toBeHidden()
  await expect(suggestions.getByRole('option', { name: companyName })).toBeVisible()
  await shot(page, 'company-suggestions')
  await company.fill('')
  await expect(suggestions).toBeHidden()
  await company.fill(companyName.slice(0, 10))
  await suggestions.getByRole('option', { name: companyName }).click()
  await expect(company).toHaveValue(companyName)

  // names and job title stop at 30 characters in the form
  for (const label of ['First name', 'Last name', 'Job title'])
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('maxlength', '30')
  await page.getByLabel('Last name', { exact: true }).fill('Lovelace')
  await page.getByLabel('Job title', { exact: true }).fill('Engineer')
  const newsletter = page.getByLabel('Yup, Subscribe me')
  await expect(newsletter).toBeChecked()
  await newsletter.uncheck()

  // the server's own limit: a 31-character first name (the form's limit removed) is refused; the banner lists
  // 'Field message' lines, cannot be dismissed, and blocks Continue
  const firstName = page.getByLabel('First name', { exact: true })
  await firstName.evaluate((input) => input.removeAttribute('maxlength'))
  await firstName.fill('A'.repeat(31))
  await continueButton(page).click()
  const banner = page.getByRole('alert').filter({ hasText: 'First name is too long (maximum is 30 characters).' })
  await expect(banner).toBeVisible()
  await expect(banner.getByRole('button', { name: 'Dismiss' })).toHaveCount(0)
  await expect(continueButton(page)).toBeDisabled()
  await expect(page).toHaveURL(/\/onboarding\/basic-information$/)
  await shot(page, 'basic-information-server-error')
  await expectNoA11yViolations(page)

  // fixing the field takes the banner away; Continue saves and moves on
  await firstName.fill('Ada')
  await expect(banner).toHaveCount(0)
  await continueButton(page).click()
  await expect(page).toHaveURL(/\/onboarding\/build-your-stack$/)
  const info = await apiGet(page, '/api/v1/onboarding')
  expect(info).toMatchObject({
    first_name: 'Ada',
    last_name: 'Lovelace',
    company_name: companyName,
    job_title: 'Engineer',
    weekly_digest_subscribed: false,
    onboarded: false,
  })
  expect(info.user_img).toMatch(/^\/uploads\/avatars\//)

  // browser Back shows what was saved, and Continue again keeps it (decision 039)
  await page.goBack()
  await expect(page).toHaveURL(/\/onboarding\/basic-information$/)
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Ada')
  await expect(page.getByLabel('Last name', { exact: true })).toHaveValue('Lovelace')
  await expect(page.getByLabel('Job title', { exact: true })).toHaveValue('Engineer')
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue(companyName)
  await expect(page.getByLabel('Yup, Subscribe me')).not.toBeChecked()
  await expect(page.getByRole('img', { name: 'You' })).toHaveAttribute('src', info.user_img)
  await shot(page, 'basic-information-back')
  await continueButton(page).click()
  await expect(page).toHaveURL(/\/onboarding\/build-your-stack$/)
  expect(await apiGet(page, '/api/v1/onboarding')).toMatchObject({
    first_name: 'Ada',
    last_name: 'Lovelace',
    company_name: companyName,
    job_title: 'Engineer',
    weekly_digest_subscribed: false,
    user_img: info.user_img,
  })
})

test('Enter in the tool search adds the highlighted tool: the exact name first, never a second tool for it', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/')
  await signUp(page, uniqueName('onb'), { stayInOnboarding: true })
  await page.goto('/onboarding/build-your-stack')
  const search = page.getByLabel('Search & add tools')
  // typed fast and Enter at once: React, not a tool whose name only starts with it
  await search.pressSequentially('React')
  await search.press('Enter')
  await expect(selectedTools(page).getByRole('listitem')).toHaveCount(1)
  await expect(selectedTools(page).getByText('React', { exact: true })).toBeVisible()
  // with React selected, React + Enter adds nothing else (the highlighted hit is React itself)
  await search.fill('')
  await search.pressSequentially('React')
  const results = page.getByRole('region', { name: 'Search results' })
  await expect(results.getByRole('button').first()).toHaveAccessibleName(/^React\b/)
  await expect(results.getByRole('button').first()).toHaveAttribute('data-active', 'true')
  await search.press('Enter')
  await page.waitForTimeout(700)
  await expect(selectedTools(page).getByRole('listitem')).toHaveCount(1)
  // Arrow Down moves the highlight; Enter adds that one
  const second = results.getByRole('button').nth(1)
  const secondName = (await second.getAttribute('title')) ?? (await second.innerText()).split('\n')[0]!
  await search.press('ArrowDown')
  await expect(second).toHaveAttribute('data-active', 'true')
  await expect(search).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!)
  await shot(page, 'tool-search-highlight')
  await search.press('Enter')
  await expect(selectedTools(page).getByRole('listitem')).toHaveCount(2)
  await expect(selectedTools(page)).toContainText(secondName.trim())
  await page.setViewportSize(PHONE)
  await shot(page, 'tool-search-highlight-phone')
})

test("stack and digest failures block Continue, an existing 'My Stack' is updated, invalid steps are named", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/')
  const { username } = await signUp(page, uniqueName('onb'), { stayInOnboarding: true })

  // /onboarding alone opens the welcome screen; an unknown slug is named; the placeholder steps
  await page.goto('/onboarding')
  await expect(page).toHaveURL(/\/onboarding\/welcome$/)
  await page.goto('/onboarding/not-a-step')
  await expect(page.getByRole('alert')).toHaveText('not-a-step is not a valid step to navigate to.')
  await expect(page.getByRole('alert').getByRole('button', { name: 'Dismiss' })).toHaveCount(0)
  await shot(page, 'invalid-step')
  await page.goto('/onboarding/tools-voting')
  await expect(page.getByText('tools voting', { exact: true })).toBeVisible()
  await page.goto('/onboarding/next-steps')
  await expect(page.getByText('Next steps...', { exact: true })).toBeVisible()

  // the stack save fails: 'My Stack' appeared after the step asked whether the name was free
  await desktopPicker(page)
    .getByRole('link', { name: /Build your stack/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Add tools to your personal stack' })).toBeVisible()
  await addToolBySearch(page, 'redis', 'Redis')
  const origin = new URL(page.url()).origin
  const tools = await apiGet(page, '/api/v1/services/search?q=nginx')
  const nginx = tools.tools.find((tool: { slug: string }) => tool.slug === 'nginx')
  const me = (await apiGet(page, '/api/v1/users/current')).user
  await apiPost(page, '/api/v1/stacks/create', {
    onboarding: true,
    stack: { name: 'My Stack', services: [nginx.id], owner: { type: 'User', id: me.id } },
  })
  await continueButton(page).click()
  const stackError = page.getByRole('alert').filter({ hasText: 'Stack name is already taken.' })
  await expect(stackError).toBeVisible()
  await expect(continueButton(page)).toBeDisabled()
  await shot(page, 'build-your-stack-error')

  // opened again, the step finds 'My Stack' and preselects its tools; the next save updates it
  await page.reload()
  await expect(selectedTools(page).getByText('NGINX', { exact: false })).toBeVisible()
  await addToolBySearch(page, 'redis', 'Redis')

  // a digest failure (the session ended) shows the server's message and stops the stack save
  const cookies = await page.context().cookies()
  await page.context().clearCookies()
  await continueButton(page).click()
  const digestError = page.getByRole('alert').filter({ hasText: 'You need to sign in to do that.' })
  await expect(digestError).toBeVisible()
  await expect(continueButton(page)).toBeDisabled()
  await page.context().addCookies(cookies)
  const unchanged = await page.request.get(`/api/v1/stacks/${username}/my-stack`, { headers: { origin } })
  expect(JSON.stringify(await unchanged.json())).not.toContain('"Redis"')
  await selectedTools(page).getByRole('button', { name: 'Remove Redis' }).click()
  await expect(digestError).toHaveCount(0)
  await addToolBySearch(page, 'redis', 'Redis')
  await continueButton(page).click()
  await expect(page).toHaveURL(/\/$/)
  const updated = JSON.stringify(await apiGet(page, `/api/v1/stacks/${username}/my-stack`))
  expect(updated).toContain('"Redis"')
  expect(updated).toContain('NGINX')
})

test('areas of interest: the defaults, saved choices, and leaving from there', async ({ page }) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/match')
  await signUp(page, uniqueName('onb'), { stayInOnboarding: true })
  await continueButton(page).click()
  await desktopPicker(page)
    .getByRole('link', { name: /Areas of interest/ })
    .click()
  await expect(page.getByRole('heading', { name: 'What are you interested in?' })).toBeVisible()
  const expected: Record<string, boolean> = {
    News: true,
    Tools: false,
    Comparisons: true,
    'Deep dives': false,
    Companies: true,
    Jobs: false,
  }
  for (const [name, checked] of Object.entries(expected)) {
    const box = page.getByRole('checkbox', { name: new RegExp(`^${name}`) })
    if (checked) await expect(box).toBeChecked()
    else await expect(box).not.toBeChecked()
  }
  await expect(page.getByText('Find 3000+ of the best and latest tools')).toBeVisible()
  await expect(page.getByText('Tech stacks of 10,000+ startups')).toBeVisible()
  await expect(page.getByText('30,000+ jobs from companies using the same tools')).toBeVisible()
  await shot(page, 'areas-of-interest')
  await expectNoA11yViolations(page)
  await page.getByRole('checkbox', { name: /^Jobs/ }).check()
  await page.getByRole('checkbox', { name: /^News/ }).uncheck()
  await continueButton(page).click()
  await expect(page).toHaveURL(/\/match(\?|$)/)
  expect(await apiGet(page, '/api/v1/onboarding/current_interests')).toEqual({
    news: false,
    tools: false,
    comparisons: true,
    deep_dives: false,
    companies: true,
    jobs: true,
  })
})

test('a sign-in lands on an unfinished onboarding once; a finished one is never shown again', async ({ page }) => {
  await page.setViewportSize(DESKTOP)
  const origin = new URL(test.info().project.use.baseURL!).origin
  const username = uniqueName('onb')
  const credentials = { email: `${username}@example.test`, password: 'correct-horse-battery' }
  // created outside the browser: never shown the wizard
  const created = await page.request.post('/api/auth/sign-up/email', {
    data: { ...credentials, name: `Person ${username}`, username },
    headers: { origin },
  })
  expect(created.ok()).toBe(true)
  await verifyEmailOf(page.request, credentials.email, origin)
  await page.context().clearCookies()

  const signIn = async () => {
    await page.goto('/tools')
    await page.getByRole('button', { name: 'Sign in' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Email', { exact: true }).fill(credentials.email)
    await dialog.getByLabel('Password', { exact: true }).fill(credentials.password)
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  }
  const signOut = async () => {
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  }

  await signIn()
  await expect(page).toHaveURL(/\/onboarding\/welcome$/)
  await expect(page.getByRole('heading', { name: 'Why share your stack?' })).toBeVisible()
  await signOut()
  await signIn()
  await expect(page).toHaveURL(/\/tools$/)

  // finished by then: /onboarding sends the user on to their profile
  await apiPost(page, '/api/v1/onboarding/finish', {})
  await page.goto('/onboarding/basic-information')
  await expect(page).toHaveURL(new RegExp(`/${username}$`))
})

test('a sign-up from Follow follows first, then offers the wizard, which returns to the tool page', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/tools/react')
  const follow = page.getByTestId('follow-button')
  await follow.click()
  const actor = uniqueName('act')
  await createAccountInModal(page, actor)
  await verifyAndContinueInModal(page, actor)

  // the action finished where the user was: following, still on the tool page
  await expect(follow).toHaveAttribute('aria-pressed', 'true')
  await expect(page).toHaveURL(/\/tools\/react$/)
  const offer = page.getByRole('region', { name: 'Get started' })
  await expect(offer).toContainText('Welcome to Stackatlas!')
  await shot(page, 'offer-after-action-sign-up')
  await expectNoA11yViolations(page)
  // the banner stays across pages of the same visit, until taken or dismissed
  await page.goto('/tools')
  await expect(offer).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/\/tools\/react$/)

  // by keyboard: Enter on the offer's button
  await offer.getByRole('button', { name: 'Set up my profile' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/onboarding\/welcome$/)
  await expect(page.getByRole('heading', { name: 'Welcome To Stackatlas' })).toBeVisible()
  await expect(offer).toHaveCount(0)
  // leaving the wizard (from its last step) goes back to the tool page, where the follow stuck
  await continueButton(page).click()
  await expect(page).toHaveURL(/\/onboarding\/basic-information$/)
  await desktopPicker(page)
    .getByRole('link', { name: /Areas of interest/ })
    .click()
  await continueButton(page).click()
  await expect(page).toHaveURL(/\/tools\/react$/)
  await expect(follow).toHaveAttribute('aria-pressed', 'true')
  await expect(offer).toHaveCount(0)

  // 'Not now' dismisses it for good
  await page.context().clearCookies()
  await page.goto('/tools/vue-js')
  await page.getByTestId('follow-button').click()
  const second = uniqueName('act')
  await createAccountInModal(page, second)
  await verifyAndContinueInModal(page, second)
  await expect(offer).toBeVisible()
  // at phone width the offer wraps its buttons under the text
  await page.setViewportSize(PHONE)
  await shot(page, 'offer-phone')
  await offer.getByRole('button', { name: 'Not now' }).click()
  await expect(offer).toHaveCount(0)
  await page.reload()
  await expect(page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true')
  await expect(offer).toHaveCount(0)
})

test('the GitHub banner and organisation note show what the server found (phone width)', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/')
  await signUp(page, uniqueName('onb'), { stayInOnboarding: true })
  // No GitHub in these tests: the startup info is given GitHub findings the way the server presents them
  // (server/modules/onboarding/onboarding.test.ts covers how the server finds them).
  const popular = await apiGet(page, '/api/v1/services/popular_services')
  const found = popular.tools.slice(0, 2)
  await page.route('**/api/v1/onboarding', async (route) => {
    const response = await route.fetch()
    const body = await response.json()
    await route.fulfill({
      response,
      json: {
        ...body,
        was_shadow: true,
        companies: ['acme-labs'],
        oauth: { provider: 'GitHub', icon: 'github' },
        services: found.map((tool: any) => ({
          id: tool.id,
          name: tool.name,
          slug: tool.slug,
          image_url: tool.image_url,
          is_approved: true,
          is_package: false,
          just_added: false,
        })),
      },
    })
  })
  await page.reload()
  const note = page
    .getByRole('status')
    .filter({ hasText: 'You are already part of the acme-labs GitHub organization.' })
  await expect(note).toBeVisible()
  await shot(page, 'phone-welcome-organisation-note')
  await note.getByRole('button', { name: 'Dismiss' }).click()
  await expect(note).toHaveCount(0)
  await continueButton(page).click()

  // the phone layout: the step picker on top, no sidebar
  await expect(page.getByRole('heading', { name: 'Your Basic Information' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Onboarding steps' })).toHaveCount(1)
  await expect(page.locator('aside')).toBeHidden()
  await shot(page, 'phone-basic-information')
  await expectNoA11yViolations(page)
  await page.getByRole('button', { name: 'Skip' }).click()

  const yay = page
    .getByRole('status')
    .filter({ hasText: 'Yay! We found 2 tool(s) that you may be using based on your public GitHub profile.' })
  await expect(yay).toBeVisible()
  for (const tool of found) await expect(selectedTools(page).getByText(tool.name, { exact: true })).toBeVisible()
  await shot(page, 'phone-build-your-stack')
  await expectNoA11yViolations(page)
  await yay.getByRole('button', { name: 'Dismiss' }).click()
  await expect(yay).toHaveCount(0)
  const pickerWidth = await selectedTools(page).evaluate((node) => node.getBoundingClientRect().width)
  expect(pickerWidth).toBeLessThanOrEqual(PHONE.width)
  await continueButton(page).click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/onboarding/areas-of-interest')
  await expect(page).not.toHaveURL(/\/onboarding/)
})

test('the wizard at phone width, step by step', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/')
  await signUp(page, uniqueName('onb'), { stayInOnboarding: true })
  await shot(page, 'phone-welcome')
  await continueButton(page).click()
  await page
    .getByRole('navigation', { name: 'Onboarding steps' })
    .getByRole('link', { name: /Areas of interest/ })
    .click()
  await expect(page.getByRole('heading', { name: 'What are you interested in?' })).toBeVisible()
  await shot(page, 'phone-areas-of-interest')
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'Your Basic Information' })).toBeVisible()
  await page.getByRole('button', { name: 'Skip' }).click()
  await popularTile(
    page,
    (await page.getByRole('region', { name: 'Popular Tools' }).getByRole('button').first().getAttribute('title'))!,
  ).click()
  await expect(selectedTools(page).getByRole('listitem')).toHaveCount(1)
  await page.goto('/onboarding/oops')
  await expect(page.getByRole('alert')).toHaveText('oops is not a valid step to navigate to.')
  await shot(page, 'phone-invalid-step')
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'Add tools to your personal stack' })).toBeVisible()
  await popularTile(
    page,
    (await page.getByRole('region', { name: 'Popular Tools' }).getByRole('button').first().getAttribute('title'))!,
  ).click()
  await continueButton(page).click()
  await expect(page).toHaveURL(/\/$/)
})
