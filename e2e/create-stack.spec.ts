import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createGitRepository, serveGitOverHttp } from '../server/test/scan-servers.ts'
import { expectNoA11yViolations } from './a11y.ts'
import { pickPopularToolAndContinue, screenshot, signUp, uniqueName, verifyAndContinueInModal } from './helpers.ts'
import { expect, type Page, test } from './test.ts'

const NARROW = { width: 390, height: 844 }
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const WIDE = { width: 1280, height: 900 }

const WORDPRESS_PAGE = `<!DOCTYPE html>
<html lang="en-US">
<head>
  <meta charset="UTF-8">
  <meta name="generator" content="WordPress 6.4.2" />
  <script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1" id="jquery-core-js"></script>
  <title>Acme Blog</title>
</head>
<body><h1>Acme Blog</h1></body>
</html>`

/** A fixture website: a WordPress blog behind nginx, a page with nothing to find, and a page that never answers. */
async function serveFixtureSite() {
  const server = http.createServer((request, response) => {
    if (request.url === '/hang') return
    if (request.url === '/plain') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end('<!doctype html><html><body><p>Nothing to see here</p></body></html>')
      return
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', server: 'nginx/1.25.3' })
    response.end(WORDPRESS_PAGE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

let site: Awaited<ReturnType<typeof serveFixtureSite>>
test.beforeAll(async () => {
  site = await serveFixtureSite()
})
test.afterAll(async () => {
  await site?.close()
})

/** Calls the API as the browser's signed-in user (page.request shares the page's cookies). */
async function apiPost<T = any>(page: Page, path: string, data: unknown): Promise<T> {
  const origin = new URL(page.url()).origin
  const response = await page.request.post(path, { data, headers: { origin } })
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}

async function createCompanyThroughApi(page: Page, name: string) {
  return apiPost<{ id: number; slug: string }>(page, '/api/v1/companies/create', {
    company: {
      name,
      website_url: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
      description: 'A company made for the wizard tests',
      email_address: 'team@example.test',
    },
  })
}

/** Types into the new-company form; a missing name leaves the name as it is. */
async function fillCompanyForm(
  page: Page,
  values: { name?: string; website: string; description: string; email: string },
) {
  if (values.name !== undefined) await page.getByLabel('Company Name').fill(values.name)
  await page.getByLabel('Website').fill(values.website)
  await page.getByLabel('Description').fill(values.description)
  await page.getByLabel('Company Email').fill(values.email)
}

/** Signs up on the scan page, where the sign-in modal opens by itself, and lands on stack-type. */
async function signUpFromScan(page: Page) {
  await page.goto('/create-stack')
  await expect(page).toHaveURL(/\/create-stack\/scan$/)
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Sign in to create a stack.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Create an account' }).click()
  const username = uniqueName('wiz')
  await dialog.getByLabel('Name', { exact: true }).fill(`Wizard ${username}`)
  await dialog.getByLabel('Username', { exact: true }).fill(username)
  await dialog.getByLabel('Email', { exact: true }).fill(`${username}@example.test`)
  await dialog.getByLabel('Password', { exact: true }).fill('correct-horse-battery')
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await verifyAndContinueInModal(page, username)
  await expect(page).toHaveURL(/\/create-stack\/stack-type$/)
  return username
}

/** A full-page screenshot from the top (a sticky navbar scrolled along would land mid-page). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, name)
}

const scanField = (page: Page) => page.getByRole('textbox', { name: 'Website or GitHub URL' })
const yourStack = (page: Page) => page.getByRole('region', { name: /Your stack/ })

test('scan a website, take its tools, personal owner, build, vote and save: lands on the stack page', async ({
  page,
}) => {
  await page.setViewportSize(WIDE)
  const events: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/analytics/track')) events.push(request.postDataJSON().name)
  })
  const username = await signUpFromScan(page)
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/create-stack\/scan$/)
  await shot(page, 'create-stack-scan-empty')

  // spec §5: the URL must look like a domain
  await scanField(page).fill('not a url')
  await page.getByRole('button', { name: 'Scan', exact: true }).click()
  await expect(page.getByText('Url format is invalid.')).toBeVisible()
  await expect(scanField(page)).toHaveAttribute('aria-invalid', 'true')
  await shot(page, 'create-stack-scan-invalid')

  // The fixture site: the button is disabled while scanning, the verb reads Scanning, then Done!
  await scanField(page).fill(site.url)
  await page.getByRole('button', { name: 'Scan', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Scanning' })).toBeDisabled()
  await expect(page.getByTestId('scan-verb')).toHaveText('Scanning')
  await expect(page.getByRole('progressbar', { name: 'Scan progress' })).toBeVisible()
  await expect(page.getByTestId('scan-verb')).toHaveText('Done!', { timeout: 40_000 })
  await expect(page.getByRole('progressbar', { name: 'Scan progress' })).toHaveAttribute('aria-valuenow', '100')
  await expect(page.getByRole('list', { name: 'Scan steps' }).getByRole('listitem')).toHaveText([
    'URL looks good!',
    'Initializing import...',
    'Firing up analysis engine...',
    'Performing super sophisticated analysis...',
  ])
  const found = page.getByRole('region', { name: /We found/ })
  await expect(found.getByText('WordPress', { exact: true })).toBeVisible()
  await expect(found.getByText('jQuery', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Scan', exact: true })).toBeEnabled()
  await shot(page, 'create-stack-scan-done')
  await expectNoA11yViolations(page)
  await page.setViewportSize(NARROW)
  await shot(page, 'create-stack-scan-done-390')
  await page.setViewportSize(WIDE)

  // Edit & Save Your Stack: stack-type, with the scanned tools chosen
  await page.getByRole('button', { name: 'Edit & Save Your Stack' }).click()
  await expect(page).toHaveURL(/\/create-stack\/stack-type$/)
  await expect(page.getByRole('heading', { name: 'Create A Stack', level: 1 })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Progress' }).getByRole('listitem')).toHaveText([
    '1Stack Info',
    '2Tools Selection',
    '3Tools Details',
  ])
  await expect(page.getByRole('button', { name: /Personal/ })).toBeVisible()
  await expect(page.getByRole('button', { name: /New Company/ })).toBeVisible()
  await shot(page, 'create-stack-stack-type')
  await expectNoA11yViolations(page)

  await page.getByRole('button', { name: /Personal/ }).click()
  await expect(page).toHaveURL(/\/create-stack\/stack-info$/)
  await expect(page.getByRole('heading', { name: 'Create Your Personal Stack' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Owner' })).toContainText(`Wizard ${username}`)
  // the scanned site became the website; no private choice without GitHub
  await expect(page.getByLabel('Website or GitHub URL')).toHaveValue(site.url)
  await expect(page.getByRole('group', { name: 'Visibility' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Stack Name is required.')).toBeVisible()
  await page.getByLabel('Stack Name').fill('ab')
  await page.getByLabel('Description').fill('x')
  await page.getByLabel('Website or GitHub URL').fill('nodot')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Stack Name is too short (minimum is 3 characters).')).toBeVisible()
  await expect(page.getByText('Description is too short (minimum is 3 characters).')).toBeVisible()
  await expect(page.getByText('Please input a valid Website or GitHub URL.')).toBeVisible()
  await shot(page, 'create-stack-stack-info-errors')
  const stackName = uniqueName('Blog Stack ')
  await page.getByLabel('Stack Name').fill(stackName)
  await page.getByLabel('Description').fill('The blog and its plugins')
  await page.getByLabel('Website or GitHub URL').fill(site.url)
  // A logo: uploaded at once, re-encoded by the server, shown as the preview
  await page.getByLabel('Stack logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX })
  await expect(page.getByRole('button', { name: 'Change logo' })).toBeVisible()
  await shot(page, 'create-stack-stack-info')
  await expectNoA11yViolations(page)
  await page.getByRole('button', { name: 'Continue' }).click()

  // tool-selection: the scanned tools are in; search, popular tools, required, packages
  await expect(page).toHaveURL(/\/create-stack\/tool-selection$/)
  await expect(page.getByRole('heading', { name: 'Build Your Stack' })).toBeVisible()
  await expect(yourStack(page).getByText('WordPress', { exact: true })).toBeVisible()
  const search = page.getByRole('searchbox', { name: 'Search tools to add' })
  await search.fill('postgres')
  const results = page.getByRole('region', { name: 'Search results' })
  await results
    .getByRole('button', { name: /^PostgreSQL/ })
    .first()
    .click()
  await expect(yourStack(page).getByText('PostgreSQL', { exact: true })).toBeVisible()
  await expect(results.getByRole('button', { name: /^PostgreSQL/ }).first()).toHaveAttribute('aria-pressed', 'true')
  await search.fill('')
  const popular = page.getByRole('region', { name: 'Popular Tools' })
  const firstPopular = popular.getByRole('button').first()
  const popularName = (await firstPopular.getAttribute('title')) ?? ''
  const wasPressed = (await firstPopular.getAttribute('aria-pressed')) === 'true'
  await firstPopular.click()
  await expect(firstPopular).toHaveAttribute('aria-pressed', String(!wasPressed))
  await firstPopular.click()
  await expect(firstPopular).toHaveAttribute('aria-pressed', String(wasPressed))
  if (!wasPressed) await expect(yourStack(page).getByText(popularName, { exact: true })).toHaveCount(0)
  const required = page.getByRole('button', { name: 'Required: PostgreSQL' })
  await required.click()
  await expect(required).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('checkbox', { name: 'Show Packages' }).check()
  await page.getByRole('checkbox', { name: 'Show Packages' }).uncheck()
  await shot(page, 'create-stack-tool-selection')
  await expectNoA11yViolations(page)
  await page.setViewportSize(NARROW)
  await expect(yourStack(page).getByRole('list')).toHaveAttribute('data-layout', 'multiline')
  await shot(page, 'create-stack-tool-selection-390')
  await page.setViewportSize(WIDE)
  await expect(yourStack(page).getByRole('list')).toHaveAttribute('data-layout', 'grid')

  // A reload keeps the session (localStorage under the user id)
  await page.reload()
  await expect(yourStack(page).getByText('PostgreSQL', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Required: PostgreSQL' })).toHaveAttribute('aria-pressed', 'true')

  await page
    .getByRole('button', { name: /^Continue/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/create-stack\/tool-details$/)
  await expect(page.getByRole('heading', { name: 'Vote For Tools' })).toBeVisible()
  await expect(
    page.getByText('None of your tools has reasons to vote on yet. You can save your stack now.'),
  ).toBeVisible()
  await shot(page, 'create-stack-tool-details')
  await expectNoA11yViolations(page)

  // Save: 'This may take a minute.' while the server works, then the stack's page
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/v1/stacks/create', async (route) => {
    await held
    await route.continue()
  })
  await page.getByRole('button', { name: 'Save Stack' }).click()
  await expect(page.getByText('This may take a minute.')).toBeVisible()
  await shot(page, 'create-stack-saving')
  release()
  await expect(page).toHaveURL(new RegExp(`/${username.toLowerCase()}/blog-stack-[a-z0-9-]+$`))
  await page.unroute('**/api/v1/stacks/create')
  await expect(page.getByRole('heading', { name: stackName })).toBeVisible()
  await shot(page, 'create-stack-landed-on-stack-page')
  // The Required toggle was saved with the stack
  const stackSlug = new URL(page.url()).pathname.split('/').at(-1)
  const saved = await (
    await page.request.get(`/api/v1/stacks/edit?stack[slug]=${stackSlug}&stack[owner][slug]=${username}`)
  ).json()
  expect(
    saved.services.filter((tool: { required: boolean }) => tool.required).map((tool: { name: string }) => tool.name),
  ).toEqual(['PostgreSQL'])

  // Analytics at each step
  await expect
    .poll(() => events)
    .toEqual(
      expect.arrayContaining([
        'create_stack.scan_started',
        'create_stack.scan_finished',
        'create_stack.scan_accepted',
        'create_stack.owner_selected',
        'create_stack.info_completed',
        'create_stack.tool_added',
        'create_stack.tools_selected',
        'create_stack.saved',
      ]),
    )

  // The wizard starts over afterwards
  await page.goto('/create-stack/stack-info')
  await expect(page).toHaveURL(/\/create-stack\/stack-type$/)
})

test('the vote carousel: at most 5 real reasons a tool, 320 px cards, 200 px steps, a real vote stored', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(WIDE)
  const toolNames = ['Redis', 'Docker', 'Kubernetes', 'Memcached']
  // Another person adds six pros to each tool through the Pros & Cons API (the wizard keeps the best 5)
  const author = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const authorPage = await author.newPage()
  await authorPage.goto('/')
  await signUp(authorPage)
  const found = await (
    await authorPage.request.get(`/services/find_all_by_actual_slug?slugs=${toolNames.map((n) => n.toLowerCase())}`)
  ).json()
  expect(found.tools).toHaveLength(4)
  const suffix = Date.now().toString(36)
  const reasonIds = new Map<string, number>()
  for (const tool of found.tools as Array<{ id: number; name: string }>) {
    for (let n = 1; n <= 6; n++) {
      const text = `${tool.name} reason ${n} ${suffix}`
      const created = await apiPost<{ reason: { id: number } }>(authorPage, '/api/v1/pros-and-cons', {
        reason: { service_id: tool.id, text, con: false },
      })
      reasonIds.set(text, created.reason.id)
    }
  }
  await author.close()

  await signUpFromScan(page)
  await page.getByRole('button', { name: /Personal/ }).click()
  await page.getByLabel('Stack Name').fill(uniqueName('Vote Stack '))
  await page.getByRole('button', { name: 'Continue' }).click()
  const search = page.getByRole('searchbox', { name: 'Search tools to add' })
  for (const name of toolNames) {
    await search.fill(name)
    await page
      .getByRole('region', { name: 'Search results' })
      .getByRole('button', { name: new RegExp(`^${name}\\b`) })
      .first()
      .click()
  }
  await page
    .getByRole('button', { name: /^Continue/ })
    .first()
    .click()
  const carousel = page.getByTestId('reasons-carousel')
  const slides = carousel.locator('[aria-roledescription="slide"]')
  await expect(slides).toHaveCount(4)
  const redis = slides.filter({ hasText: 'Redis' })
  await expect(redis.getByRole('listitem')).toHaveCount(5)
  expect((await slides.first().boundingBox())?.width).toBe(320)
  // the cards are whole inside the scroller, their ring (1 px outside the box) included: no edge cut off at the top
  const [scrollerBox, cardBox] = [await carousel.boundingBox(), await slides.first().boundingBox()]
  expect(cardBox!.y - scrollerBox!.y).toBeGreaterThanOrEqual(2)
  const text = `Redis reason 1 ${suffix}`
  const upvote = redis.getByRole('button', { name: new RegExp(`^Upvote “${text}”`) })
  const voted = page.waitForResponse((response) => response.url().endsWith('/api/v1/reasons/toggle_vote'))
  await upvote.click()
  expect((await voted).ok()).toBe(true)
  await expect(upvote).toHaveAttribute('aria-pressed', 'true')
  const previous = page.getByRole('button', { name: 'Previous tools' })
  const next = page.getByRole('button', { name: 'Next tools' })
  await expect(previous).toBeDisabled()
  await next.click()
  await expect.poll(() => carousel.evaluate((element) => element.scrollLeft)).toBe(200)
  await expect(previous).toBeEnabled()
  await shot(page, 'stacks/create-stack-tool-details-carousel')
  await expectNoA11yViolations(page)
  // on a phone too, the cards are whole, top edge included
  await page.setViewportSize({ width: 390, height: 844 })
  const [phoneScroller, phoneCard] = [await carousel.boundingBox(), await slides.first().boundingBox()]
  expect(phoneCard!.y - phoneScroller!.y).toBeGreaterThanOrEqual(2)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await shot(page, 'stacks/create-stack-tool-details-carousel-390')
  await page.setViewportSize(WIDE)

  // The vote is stored: the reasons API answers it for this user, and a reload shows it
  const redisId = (found.tools as Array<{ id: number; name: string }>).find((tool) => tool.name === 'Redis')!.id
  const stored = await (await page.request.get(`/api/v1/services/reasons?service_ids=${redisId}`)).json()
  expect(stored.services[0].reasons).toContainEqual(
    expect.objectContaining({ id: reasonIds.get(text), user_vote: 1, cached_votes_total: 1 }),
  )
  await page.reload()
  await expect(upvote).toHaveAttribute('aria-pressed', 'true')
})

test('a new company owns the stack: every form rule, the name collision modal, then save', async ({ page }) => {
  await page.setViewportSize(WIDE)
  await signUpFromScan(page)
  // Someone else's company, for the collision (created through the API as this user would be its admin, so make it
  // from a second account)
  const other = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin })
  const otherPage = await other.newPage()
  await otherPage.goto('/')
  await signUp(otherPage)
  const takenName = uniqueName('Taken Co ')
  await createCompanyThroughApi(otherPage, takenName)
  await other.close()

  await page.getByRole('button', { name: /New Company/ }).click()
  await expect(page).toHaveURL(/\/create-stack\/new-company$/)
  await expect(page.getByRole('heading', { name: 'Create A Stack For Your New Company' })).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Company Name is required.')).toBeVisible()
  await expect(page.getByText('Website is required.')).toBeVisible()
  await expect(page.getByText('Description is required.')).toBeVisible()
  await expect(page.getByText('Company Email is required.')).toBeVisible()
  await expect(page.getByText('Company Name, Website, Description and Company Email are required.')).toBeVisible()
  await shot(page, 'create-stack-new-company-required')

  await page.getByLabel('Company Name').fill('ab')
  await page.getByLabel('Website').fill('nodot')
  await page.getByLabel('Description').fill('ok')
  await page.getByLabel('Company Email').fill('not-an-email')
  await page.getByLabel('AngelList Profile URL').fill('angel')
  await page.getByLabel('Twitter Username').fill('x')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Company Name is too short (minimum is 3 characters).')).toBeVisible()
  await expect(page.getByText('Please input a valid Website.')).toBeVisible()
  await expect(page.getByText('Description is too short (minimum is 3 characters).')).toBeVisible()
  await expect(page.getByText('Please input a valid Company Email.')).toBeVisible()
  await expect(page.getByText('Please input a valid AngelList Profile URL.')).toBeVisible()
  await expect(page.getByText('Twitter Username is too short (minimum is 2 characters).')).toBeVisible()

  // The e-mail-domain notice
  await page.getByLabel('Website').fill('acme-rockets.example')
  await page.getByLabel('Company Email').fill('founder@gmail.example')
  await expect(page.getByText(/manually verified to get the Verified badge/)).toBeVisible()
  await page.getByLabel('Company Email').fill('founder@acme-rockets.example')
  await expect(page.getByText(/manually verified to get the Verified badge/)).toHaveCount(0)
  await page.getByLabel('Description').fill('We build rockets')
  await page.getByLabel('AngelList Profile URL').fill('')
  await page.getByLabel('Twitter Username').fill('@acmerockets')

  // The collision: highlighted on blur without a message; Continue opens the modal
  await page.getByLabel('Company Name').fill(takenName.toUpperCase())
  await page.getByLabel('Website').focus()
  await expect(page.getByLabel('Company Name')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Company Name')).toHaveAttribute('data-collision', 'true')
  await shot(page, 'create-stack-new-company-collision')
  await page.getByRole('button', { name: 'Continue' }).click()
  const modal = page.getByRole('dialog', { name: 'This company already exists' })
  await expect(modal).toBeVisible()
  // Someone who is not its admin is offered only what they may do (decision 040): no Update Company to be refused
  await expect(
    modal.getByText(
      `You are not an admin of ${takenName}, so you cannot update it or add stacks to it. Ask one of its admins to ` +
        'add you to its team, or continue and give your company another name.',
    ),
  ).toBeVisible()
  await expect(modal.getByRole('button', { name: 'Update Company' })).toHaveCount(0)
  await shot(page, 'create-stack-new-company-exists-modal')
  await page.setViewportSize(NARROW)
  await screenshot(page, 'stacks/create-stack-exists-modal-not-admin-390')
  await expectNoA11yViolations(page)
  await page.setViewportSize(WIDE)
  await modal.getByRole('button', { name: 'Continue' }).click()
  await expect(modal).toHaveCount(0)
  await expect(page.getByLabel('Company Name')).toBeFocused()

  const companyName = uniqueName('Acme Rockets ')
  await page.getByLabel('Company Name').fill(companyName)
  await page.getByLabel('Website').focus()
  await expect(page.getByLabel('Company Name')).not.toHaveAttribute('aria-invalid', 'true')
  await shot(page, 'create-stack-new-company')
  await expectNoA11yViolations(page)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/create-stack\/stack-info$/)
  await expect(page.getByRole('heading', { name: `Create A Stack For ${companyName}` })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Owner' })).toContainText(companyName)

  // Back from stack-info goes to stack-type; the new company stays chosen
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/create-stack\/stack-type$/)
  await expect(page.getByRole('button', { name: /New Company/ })).toHaveAttribute('aria-pressed', 'true')
  await page.goto('/create-stack/stack-info')
  await page.getByLabel('Stack Name').fill('Rocket Platform')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('searchbox', { name: 'Search tools to add' }).fill('kubernetes')
  await page
    .getByRole('region', { name: 'Search results' })
    .getByRole('button', { name: /^Kubernetes/ })
    .first()
    .click()
  await page
    .getByRole('button', { name: /^Continue/ })
    .first()
    .click()
  // Two presses in one go (before the button can re-render as busy) create one company and one stack
  const creates: string[] = []
  page.on('request', (request) => {
    if (/\/api\/v1\/(stacks|companies)\/create$/.test(request.url())) creates.push(new URL(request.url()).pathname)
  })
  await page.getByRole('button', { name: 'Save Stack' }).evaluate((button: HTMLButtonElement) => {
    button.click()
    button.click()
  })
  const companySlug = companyName.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  await expect(page).toHaveURL(new RegExp(`/${companySlug}/rocket-platform$`))
  expect(creates).toEqual(['/api/v1/companies/create', '/api/v1/stacks/create'])
})

test('an existing company owns the stack, chosen from its tile after Fetching Companies', async ({ page }) => {
  await page.setViewportSize(WIDE)
  await signUpFromScan(page)
  const companyName = uniqueName('Globex ')
  const company = await createCompanyThroughApi(page, companyName)

  // Hold the companies answer to see the loading tile
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/v1/companies/index', async (route) => {
    await held
    // the answer may no longer be wanted (a query cancelled on the way); that is fine here
    await route.continue().catch(() => {})
  })
  await page.reload()
  await expect(page.getByText('Fetching Companies')).toBeVisible()
  await shot(page, 'create-stack-stack-type-fetching')
  release()
  await page.unroute('**/api/v1/companies/index')
  const tile = page.getByRole('button', { name: new RegExp(companyName) })
  await expect(tile).toBeVisible()
  await expect(page.getByText('Fetching Companies')).toHaveCount(0)
  await shot(page, 'create-stack-stack-type-companies')
  await tile.click()
  await expect(page.getByRole('heading', { name: `Create A Stack For ${companyName}` })).toBeVisible()
  const stackName = uniqueName('Globex Web ')
  await page.getByLabel('Stack Name').fill(stackName)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('region', { name: 'Popular Tools' }).getByRole('button').nth(1).click()
  await page
    .getByRole('button', { name: /^Continue/ })
    .first()
    .click()
  await page.getByRole('button', { name: 'Save Stack' }).click()
  await expect(page).toHaveURL(new RegExp(`/${company.slug}/globex-web-[a-z0-9-]+$`))

  // New Company with the name of a company the user administers: Update Company saves the details to it and
  // makes it the owner
  await page.goto('/create-stack/stack-type')
  await page.getByRole('button', { name: /New Company/ }).click()
  await fillCompanyForm(page, {
    name: companyName.toLowerCase(),
    website: 'globex.example',
    description: 'Globex, now with a better description',
    email: 'hank@globex.example',
  })
  await page.getByRole('button', { name: 'Continue' }).click()
  const modal = page.getByRole('dialog', { name: 'This company already exists' })
  await modal.getByRole('button', { name: 'Update Company' }).click()
  await expect(page).toHaveURL(/\/create-stack\/stack-info$/)
  await expect(page.getByRole('heading', { name: `Create A Stack For ${companyName}` })).toBeVisible()
  const companies = await (await page.request.get('/api/v1/companies/index')).json()
  expect(companies.companies[0]).toMatchObject({
    name: companyName,
    description: 'Globex, now with a better description',
  })

  // The same name again for the same company: 'Stack name is already taken.' on blur
  await page.getByLabel('Stack Name').fill(stackName)
  await page.getByLabel('Description').focus()
  await expect(page.getByText('Stack name is already taken.')).toBeVisible()
  await shot(page, 'create-stack-stack-info-taken')

  // Continue in the modal, for an admin of that company: it becomes the owner as it is, its details untouched
  await page.goto('/create-stack/stack-type')
  await page.getByRole('button', { name: /New Company/ }).click()
  await fillCompanyForm(page, {
    name: companyName.toUpperCase(),
    website: 'globex-other.example',
    description: 'Words that must not reach Globex',
    email: 'someone@globex-other.example',
  })
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(modal.getByText(`You are an admin of ${companyName}.`)).toBeVisible()
  await shot(page, 'stacks/create-stack-exists-modal-admin')
  await modal.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/create-stack\/stack-info$/)
  await expect(page.getByRole('heading', { name: `Create A Stack For ${companyName}` })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Owner' })).toContainText(companyName)
  const after = await (await page.request.get('/api/v1/companies/index')).json()
  expect(after.companies[0]).toMatchObject({ name: companyName, description: 'Globex, now with a better description' })
})

test("a save the server refuses shows 'An error occurred saving your stack.' and keeps the session", async ({
  page,
}) => {
  await page.setViewportSize(WIDE)
  const username = await signUpFromScan(page)
  await page.getByRole('button', { name: /Personal/ }).click()
  const stackName = uniqueName('Raced Name ')
  await page.getByLabel('Stack Name').fill(stackName)
  await page.getByRole('button', { name: 'Continue' }).click()
  await pickPopularToolAndContinue(page)
  await expect(page.getByRole('heading', { name: 'Vote For Tools' })).toBeVisible()

  // Meanwhile, another tab of the same user saves a stack with that name
  const user = (await (await page.request.get('/api/v1/users/current')).json()).user
  const tools = (await (await page.request.get('/services/find_all_by_actual_slug?slugs=nginx')).json()).tools
  await apiPost(page, '/api/v1/stacks/create', {
    stack: { name: stackName, services: [tools[0].id], owner: { type: 'User', id: user.id } },
  })

  const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/stacks/create'))
  await page.getByRole('button', { name: 'Save Stack' }).click()
  expect((await answered).status()).toBe(400)
  const failure = page.getByRole('alert').filter({ hasText: 'An error occurred saving your stack.' })
  await expect(failure).toBeVisible()
  await expect(failure).toContainText('Stack name is already taken.')
  await expect(page).toHaveURL(/\/create-stack\/tool-details$/)
  await expect(page.getByRole('button', { name: 'Save Stack' })).toBeEnabled()
  await shot(page, 'stacks/create-stack-save-failed')

  // A new name, and the same session saves
  await page.getByRole('link', { name: 'Back' }).click()
  await page.getByRole('link', { name: 'Back' }).click()
  await page.getByLabel('Stack Name').fill(`${stackName} 2`)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/create-stack\/tool-selection$/)
  await page
    .getByRole('button', { name: /^Continue/ })
    .first()
    .click()
  await page.getByRole('button', { name: 'Save Stack' }).click()
  await expect(page).toHaveURL(new RegExp(`/${username.toLowerCase()}/raced-name-[a-z0-9-]+-2$`))
})

test('a new company owner must be completed on its step before stack-info and tool-details', async ({ page }) => {
  await page.setViewportSize(WIDE)
  await signUpFromScan(page)
  await page.getByRole('button', { name: /New Company/ }).click()
  await expect(page).toHaveURL(/\/create-stack\/new-company$/)
  // The tile chose the owner, but the form is empty: both steps send the user back to it
  await page.goto('/create-stack/stack-info')
  await expect(page).toHaveURL(/\/create-stack\/new-company$/)
  await expect(page.getByText('Tell us about your new company before you go on.')).toBeVisible()
  await page.getByLabel('Company Name').fill(uniqueName('Half Done '))
  await page.goto('/create-stack/tool-selection')
  await page.getByRole('region', { name: 'Popular Tools' }).getByRole('button').first().click()
  await page.goto('/create-stack/tool-details')
  await expect(page).toHaveURL(/\/create-stack\/new-company$/)
  await expect(page.getByLabel('Company Name')).toHaveValue(/^Half Done /)
  await shot(page, 'stacks/create-stack-new-company-guard')

  // Completed and submitted: the next steps open
  await fillCompanyForm(page, {
    website: 'halfdone.example',
    description: 'Now complete',
    email: 'team@halfdone.example',
  })
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/create-stack\/stack-info$/)
  await page.goto('/create-stack/tool-details')
  await expect(page).toHaveURL(/\/create-stack\/tool-details$/)
  await expect(page.getByRole('heading', { name: 'Vote For Tools' })).toBeVisible()
})

test('signing out and in again in the middle of the wizard loses nothing', async ({ page }) => {
  await page.setViewportSize(WIDE)
  const username = await signUpFromScan(page)
  await page.getByRole('button', { name: /Personal/ }).click()
  const stackName = uniqueName('Kept Stack ')
  await page.getByLabel('Stack Name').fill(stackName)
  await page.getByLabel('Description').fill('Survives a sign-out')
  await page.getByRole('button', { name: 'Continue' }).click()
  const search = page.getByRole('searchbox', { name: 'Search tools to add' })
  await search.fill('redis')
  await page
    .getByRole('region', { name: 'Search results' })
    .getByRole('button', { name: /^Redis/ })
    .first()
    .click()
  await page.getByRole('button', { name: 'Required: Redis' }).click()
  await expect(yourStack(page).getByText('Redis', { exact: true })).toBeVisible()

  // Sign out: a visitor sees none of it
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page.getByRole('button', { name: 'Sign in' }).first()).toBeVisible()
  await page.goto('/create-stack/tool-selection')
  await expect(page).toHaveURL(/\/create-stack\/scan$/)
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Sign in to create a stack.')).toBeVisible()
  await shot(page, 'stacks/create-stack-signed-out')

  // Sign in again from the wizard's own modal: everything is back
  await dialog.getByLabel('Email', { exact: true }).fill(`${username}@example.test`)
  await dialog.getByLabel('Password', { exact: true }).fill('correct-horse-battery')
  await dialog.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/create-stack\/stack-type$/)
  await expect(page.getByRole('button', { name: /Personal/ })).toHaveAttribute('aria-pressed', 'true')
  await page.goto('/create-stack/stack-info')
  await expect(page.getByLabel('Stack Name')).toHaveValue(stackName)
  await expect(page.getByLabel('Description')).toHaveValue('Survives a sign-out')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(yourStack(page).getByText('Redis', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Required: Redis' })).toHaveAttribute('aria-pressed', 'true')
  await shot(page, 'stacks/create-stack-signed-in-again')
})

test('a company admin turns private mode on in the company form; the wizard then offers private stacks', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(WIDE)
  await signUpFromScan(page)
  const companyName = uniqueName('Hushed ')
  const company = await createCompanyThroughApi(page, companyName)

  // Without private mode: public only
  await page.reload()
  await page.getByRole('button', { name: new RegExp(companyName) }).click()
  await expect(page.getByRole('heading', { name: `Create A Stack For ${companyName}` })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Visibility' })).toHaveCount(0)

  // The company form, for its admin: Private mode
  await page.goto(`/companies/${company.slug}`)
  await page.getByRole('link', { name: 'Edit company' }).click()
  await expect(page).toHaveURL(new RegExp(`/companies/${company.slug}/edit$`))
  await expect(page.getByRole('heading', { name: `Edit ${companyName}` })).toBeVisible()
  await expect(page.getByLabel('Company Name')).toHaveValue(companyName)
  await expect(page.getByLabel('Company Email')).toHaveValue('team@example.test')
  const privateMode = page.getByRole('checkbox', { name: 'Private mode' })
  await expect(privateMode).not.toBeChecked()
  await privateMode.check()
  await shot(page, 'stacks/company-edit-private-mode')
  await expectNoA11yViolations(page)
  await page.getByRole('button', { name: 'Save Company' }).click()
  await expect(page).toHaveURL(new RegExp(`/companies/${company.slug}$`))
  const companies = await (await page.request.get('/api/v1/companies/index')).json()
  expect(companies.companies[0]).toMatchObject({ id: company.id, private_mode: true })

  // The wizard: the tile says private mode, New Company is gone (spec §6), and stack-info offers the choice
  await page.goto('/create-stack/stack-type')
  const tile = page.getByRole('button', { name: new RegExp(companyName) })
  await expect(tile).toContainText('Company · private mode')
  await expect(page.getByRole('button', { name: /New Company/ })).toHaveCount(0)
  await tile.click()
  const visibility = page.getByRole('group', { name: 'Visibility' })
  await expect(visibility).toBeVisible()
  await visibility.getByText('Private', { exact: true }).click()
  await expect(visibility.getByRole('radio', { name: /Private/ })).toBeChecked()
  const stackName = uniqueName('Internal Tools ')
  await page.getByLabel('Stack Name').fill(stackName)
  await shot(page, 'stacks/create-stack-stack-info-private')
  await page.getByRole('button', { name: 'Continue' }).click()
  await pickPopularToolAndContinue(page)
  await page.getByRole('button', { name: 'Save Stack' }).click()
  await expect(page).toHaveURL(new RegExp(`/${company.slug}/internal-tools-[a-z0-9-]+$`))
  const stackSlug = new URL(page.url()).pathname.split('/').at(-1)
  const saved = await (
    await page.request.get(`/api/v1/stacks/edit?stack[slug]=${stackSlug}&stack[owner][slug]=${company.slug}`)
  ).json()
  expect(saved).toMatchObject({ name: stackName, private: true, current_user_private: true })

  // Someone who is not its admin gets the 403 page on the company form
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const otherPage = await other.newPage()
  await otherPage.goto('/')
  await signUp(otherPage)
  await otherPage.goto(`/companies/${company.slug}/edit`)
  await expect(otherPage.getByText('Only company admins can edit this company.')).toBeVisible()
  await shot(otherPage, 'stacks/company-edit-forbidden')
  await other.close()
})

test('guards, Reset and the new tool form', async ({ page }) => {
  await page.setViewportSize(WIDE)
  await signUpFromScan(page)

  // stack-info without an owner goes to stack-type
  await page.goto('/create-stack/stack-info')
  await expect(page).toHaveURL(/\/create-stack\/stack-type$/)
  // tool-details without tools goes to tool-selection with the message
  await page.goto('/create-stack/tool-details')
  await expect(page).toHaveURL(/\/create-stack\/tool-selection$/)
  await expect(page.getByText('You need to add tools to your stack before proceeding to this page.')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Continue/ })).toHaveCount(0)
  await shot(page, 'create-stack-guard-needs-tools')

  // A new tool: 'Invalid URL', then added as just added
  await page.getByRole('button', { name: 'Add a new tool' }).click()
  const newTool = page.getByRole('form', { name: 'Add a new tool' })
  const toolName = uniqueName('Inhouse Queue ')
  await newTool.getByLabel('Tool name').fill(toolName)
  await newTool.getByLabel('Tool website').fill('not-a-url')
  await newTool.getByRole('button', { name: 'Add tool' }).click()
  await expect(newTool.getByText('Invalid URL')).toBeVisible()
  await shot(page, 'create-stack-new-tool-invalid')
  await newTool.getByLabel('Tool website').fill(`${toolName.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`)
  await newTool.getByRole('button', { name: 'Add tool' }).click()
  await expect(yourStack(page).getByText(toolName, { exact: true })).toBeVisible()
  await expect(yourStack(page).getByText('New · awaiting approval')).toBeVisible()

  // Saving without an owner (and without a name) goes to stack-type saying an owner must be chosen
  await page.goto('/create-stack/tool-details')
  await page.getByRole('button', { name: 'Save Stack' }).click()
  await expect(page).toHaveURL(/\/create-stack\/stack-type$/)
  await expect(page.getByRole('alert')).toHaveText('Your stack needs an owner before submitting. Choose who owns it.')
  await shot(page, 'stacks/create-stack-guard-needs-owner')
  await page.setViewportSize(NARROW)
  await screenshot(page, 'stacks/create-stack-guard-needs-owner-390')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width)
  await page.setViewportSize(WIDE)

  // Saving without a name goes to stack-info with the message (owner chosen, name never typed)
  await page.goto('/create-stack/stack-type')
  await page.getByRole('button', { name: /Personal/ }).click()
  await page.goto('/create-stack/tool-details')
  await page.getByRole('button', { name: 'Save Stack' }).click()
  await expect(page).toHaveURL(/\/create-stack\/stack-info$/)
  await expect(page.getByText('Your stack needs a name before submitting.')).toBeVisible()
  await expect(page.getByLabel('Stack Name')).toBeFocused()
  await shot(page, 'create-stack-guard-needs-name')

  // Reset asks first, then forgets everything
  await page.getByRole('button', { name: 'Reset' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reset stack creation' })
  await expect(
    dialog.getByText(
      "Are you sure that you'd like to reset your stack creation? All stack creation progress will be lost.",
    ),
  ).toBeVisible()
  await shot(page, 'create-stack-reset-confirm')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/create-stack\/stack-info$/)
  await page.getByRole('button', { name: 'Reset' }).click()
  await dialog.getByRole('button', { name: 'Reset' }).click()
  await expect(page).toHaveURL(/\/create-stack\/scan$/)
  await page.goto('/create-stack/tool-selection')
  await expect(yourStack(page).getByText('No tools yet.', { exact: false })).toBeVisible()
  await page.goto('/create-stack/stack-info')
  await expect(page).toHaveURL(/\/create-stack\/stack-type$/)
})

test("scan messages: nothing found, the 30 s timeout, 'This stack already exists.', GitHub skips the check", async ({
  page,
}) => {
  await page.setViewportSize(WIDE)
  await signUpFromScan(page)
  await page.getByRole('link', { name: 'Back' }).click()

  // Nothing found: Done!, and the spec's message
  await scanField(page).fill(`${site.url}plain`)
  await page.getByRole('button', { name: 'Scan', exact: true }).click()
  await expect(page.getByTestId('scan-verb')).toHaveText('Done!', { timeout: 40_000 })
  await expect(page.getByText("We can't find anything, type in another URL or click 'Skip'")).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit & Save Your Stack' })).toHaveCount(0)
  await shot(page, 'create-stack-scan-empty-result')

  // A claimed website: 'This stack already exists.' with a link to the stack
  const claimedSite = `${uniqueName('claimed')}.example`
  const user = (await (await page.request.get('/api/v1/users/current')).json()).user
  const tools = (await (await page.request.get('/services/find_all_by_actual_slug?slugs=nginx')).json()).tools
  const claimed = await apiPost(page, '/api/v1/stacks/create', {
    stack: {
      name: uniqueName('Claimed '),
      website_url: `https://${claimedSite}`,
      services: tools.map((tool: { id: number }) => tool.id),
      owner: { type: 'User', id: user.id },
    },
  })
  await scanField(page).fill(claimedSite)
  await page.getByRole('button', { name: 'Scan', exact: true }).click()
  await expect(page.getByText('This stack already exists.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'View the stack' })).toHaveAttribute('href', claimed.redirect)
  await shot(page, 'create-stack-scan-claimed')

  // GitHub URLs skip the check
  const checked: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/stacks/url_exists')) checked.push(request.url())
  })
  await page.reload()
  await scanField(page).fill('github.com/stackatlas-e2e/nothing-here')
  const analyzed = page.waitForRequest((request) => request.url().includes('/api/v1/analyze'))
  await page.getByRole('button', { name: 'Scan', exact: true }).click()
  await analyzed
  await page.waitForTimeout(500)
  expect(checked).toEqual([])

  // The timeout: a page that never answers, the clock moved past 30 s
  await page.clock.install()
  await page.reload()
  await scanField(page).fill(`${site.url}hang`)
  const answered = page.waitForResponse((response) => response.url().includes('/api/v1/analyze'))
  await page.getByRole('button', { name: 'Scan', exact: true }).click()
  await expect(page.getByTestId('scan-verb')).toHaveText('Scanning')
  await answered
  await page.clock.fastForward(31_000)
  await expect(page.getByText("We can't find anything, type in another URL or click 'Skip'")).toBeVisible()
  await expect(page.getByRole('button', { name: 'Scan', exact: true })).toBeEnabled()
  await shot(page, 'create-stack-scan-timeout')

  // Skip goes on to stack-type
  await page.getByRole('button', { name: 'Skip' }).click()
  await expect(page).toHaveURL(/\/create-stack\/stack-type$/)
})

test('scan a repository: its packages are chosen but hidden until Show Packages', async ({ page }) => {
  // a repository on a git server of this machine (private networks allowed in tests); the API scans no folders
  // (decision 077)
  const packageName = `e2e-only-package-${Date.now().toString(36)}`
  const repository = createGitRepository({
    'package.json': JSON.stringify({ name: 'fixture', dependencies: { react: '^18.2.0', [packageName]: '1.0.0' } }),
    // an editor setting is real but rarely part of a stack: a suggestion, not preselected (issue 19)
    '.editorconfig': 'root = true\n',
  })
  const gitServer = await serveGitOverHttp({ '/fixture/app.git': repository.dir })
  const repositoryUrl = `${gitServer.origin}/fixture/app.git`
  try {
    await page.setViewportSize(WIDE)
    await signUpFromScan(page)
    await page.getByRole('link', { name: 'Back' }).click()
    await scanField(page).fill(repositoryUrl)
    await page.getByRole('button', { name: 'Scan', exact: true }).click()
    await expect(page.getByTestId('scan-verb')).toHaveText('Done!', { timeout: 40_000 })
    // react is the tool React and the npm package react (issue 19), beside the package the catalog lacks
    await expect(page.getByRole('region', { name: /We found .* and 2 packages/ })).toBeVisible()
    await expect(page.getByRole('button', { name: 'EditorConfig' })).toHaveAttribute('aria-pressed', 'false')
    await page.getByRole('button', { name: 'Edit & Save Your Stack' }).click()
    await page.getByRole('button', { name: /Personal/ }).click()
    // the scanned address is offered as the stack's website; a loopback one is no public website: cleared
    await expect(page.getByLabel('Website or GitHub URL')).toHaveValue(repositoryUrl)
    await page.getByLabel('Website or GitHub URL').fill('')
    await page.getByLabel('Stack Name').fill(uniqueName('Repository Stack '))
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(yourStack(page).getByText('React', { exact: true })).toBeVisible()
    await expect(yourStack(page).getByText('EditorConfig', { exact: true })).toHaveCount(0)
    await expect(yourStack(page).getByText(packageName, { exact: true })).toHaveCount(0)
    await expect(page.getByText('2 packages are hidden. Tick Show Packages to see them.')).toBeVisible()
    await page.getByRole('checkbox', { name: 'Show Packages' }).check()
    await expect(yourStack(page).getByText(packageName, { exact: true })).toBeVisible()
    await expect(yourStack(page).getByText('react', { exact: true })).toBeVisible()
    await shot(page, 'create-stack-tool-selection-packages')
  } finally {
    await gitServer.close()
    repository.remove()
  }
})
