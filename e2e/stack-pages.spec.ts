// Stack pages, company pages and I Use This (issue 4 "Pages"; specs/onboarding-customers-teams-notifications.md
// §2 'I Use This'): a person signs up, creates stacks through the API the wizard uses, and meets them on the stack
// page, the company page and the tool page. Runs against the real catalog the server seeds on its first start. The
// three pages arrive rendered by the server (issue 16): content, head and JSON-LD in the HTML, 301 for other
// capitals, 404 for a private stack to anyone else, and a hydration without console errors or refetches.
import { expectNoA11yViolations } from './a11y.ts'
import { screenshot, signUp, uniqueName, verifyAndContinueInModal, verifyEmailOf, waitForApp } from './helpers.ts'
import { structuredDataOf, structuredDataProblems } from './structured-data.ts'
import { type APIRequestContext, type Browser, expect, type Page, test } from './test.ts'

const NOT_FOUND = "Sorry, we couldn't find that page :("
/** Tools in three layers; I Use This then adds HAProxy (a tool no other journey puts in a stack). */
const STACK_TOOLS = ['go', 'clickhouse', 'grafana', 'terraform']
const I_USE_THIS_TOOL = { slug: 'haproxy', name: 'HAProxy' }

interface CreatedStack {
  name: string
  path: string
}

/** The wizard's calls, made with the signed-in page's cookies and the same-origin header the server asks for. */
async function api(page: Page, baseURL: string) {
  const request: APIRequestContext = page.request
  const headers = { origin: baseURL }
  const current = await (await request.get('/api/v1/users/current')).json()
  const userId: number = current.user.id
  const toolIds = async (slugs: string[]) => {
    const found = await (await request.get(`/services/find_all_by_actual_slug?slugs=${slugs.join(',')}`)).json()
    return found.tools.map((tool: { id: number }) => tool.id) as number[]
  }
  return {
    userId,
    async createStack(fields: {
      name: string
      description?: string
      website_url?: string
      tools: string[]
      /** The tools the builder's Required toggle marks (among `tools`). */
      required?: string[]
      owner?: { type: 'User' | 'Company'; id: number }
      private?: boolean
    }): Promise<CreatedStack> {
      const response = await request.post('/api/v1/stacks/create', {
        headers,
        data: {
          stack: {
            name: fields.name,
            description: fields.description,
            website_url: fields.website_url,
            private: fields.private,
            services: await toolIds(fields.tools),
            required_services: fields.required ? await toolIds(fields.required) : undefined,
            owner: fields.owner ?? { type: 'User', id: userId },
          },
        },
      })
      expect(response.ok(), await response.text()).toBe(true)
      const body = await response.json()
      return { name: fields.name, path: body.redirect }
    },
    async createCompany(name: string) {
      const slug = name.toLowerCase()
      const response = await request.post('/api/v1/companies/create', {
        headers,
        data: {
          company: {
            name,
            website_url: `${slug}.example`,
            description: `${name} builds things for tests.`,
            email_address: `team@${slug}.example`,
          },
        },
      })
      expect(response.ok(), await response.text()).toBe(true)
      return (await response.json()) as { id: number; slug: string }
    },
    /** Private mode lets the company keep private stacks (decision 025). */
    async setPrivateMode(company: { id: number; slug: string }, name: string) {
      const response = await request.post('/api/v1/companies/update', {
        headers,
        data: {
          company: {
            id: company.id,
            name,
            website_url: `${company.slug}.example`,
            description: 'A company with a private directory.',
            email_address: `team@${company.slug}.example`,
            private_mode: true,
          },
        },
      })
      expect(response.ok(), await response.text()).toBe(true)
    },
  }
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0)
}

/** Loads every lazy image (a full-page screenshot never scrolls to them). */
async function loadImages(page: Page) {
  await page.waitForFunction(() =>
    [...document.images].every((image) => {
      image.loading = 'eager'
      return image.complete
    }),
  )
}

test('a stack page shows its owner and tools by layer and category, with Edit for its owner only', async ({
  page,
  baseURL,
  browser,
}) => {
  await page.goto('/')
  const { username } = await signUp(page)
  const calls = await api(page, baseURL!)
  const stack = await calls.createStack({
    name: uniqueName('Analytics Backend '),
    description: 'Ingestion and dashboards for the product team.',
    website_url: 'analytics.example.com',
    tools: STACK_TOOLS,
    required: ['clickhouse'],
  })
  expect(stack.path).toMatch(new RegExp(`^/${username.toLowerCase()}/`))

  await page.goto(stack.path)
  await expect(page.getByRole('heading', { level: 1, name: stack.name })).toBeVisible()
  await expect(page).toHaveTitle(`${stack.name} by Test ${username} | Stackatlas`)
  await expect(page.getByRole('link', { name: new RegExp(`Test ${username}`) })).toHaveAttribute(
    'href',
    `/${username.toLowerCase()}`,
  )
  await expect(page.getByText('Ingestion and dashboards for the product team.')).toBeVisible()
  await expect(page.getByRole('link', { name: /analytics\.example\.com/ })).toHaveAttribute(
    'href',
    'https://analytics.example.com/',
  )
  await expect(page.getByText('4 tools in 3 layers')).toBeVisible()

  // grouped: layer sections holding category cards holding the tools
  const application = page.getByRole('region', { name: /^Application & Data/ })
  await expect(
    application.getByRole('region', { name: /^Languages/ }).getByRole('link', { name: /^Go/ }),
  ).toHaveAttribute('href', '/tools/go')
  await expect(
    application.getByRole('region', { name: /^Databases/ }).getByRole('link', { name: /ClickHouse/ }),
  ).toBeVisible()
  await expect(page.getByRole('region', { name: /^DevOps/ }).getByRole('link', { name: /Terraform/ })).toBeVisible()
  await expect(page.getByRole('region', { name: /^Utilities/ }).getByRole('link', { name: /Grafana/ })).toBeVisible()
  // the builder's Required toggle: marked on ClickHouse's tile (and read with its name), not on the others
  const clickhouse = application.getByRole('region', { name: /^Databases/ }).getByRole('link', { name: /ClickHouse/ })
  // the logo beside the name is decorative: the name is read once
  await expect(clickhouse).toHaveAccessibleName(/^ClickHouse Required/)
  await expect(clickhouse.getByText('Required', { exact: true })).toBeVisible()
  await expect(page.getByRole('main').getByText('Required', { exact: true })).toHaveCount(1)

  const edit = page.getByRole('link', { name: /^Edit/ })
  await expect(edit).toHaveAttribute('href', `/stack-edit${stack.path}/info`)
  await loadImages(page)
  await expectNoA11yViolations(page)
  await screenshot(page, 'stack-page')
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoSidewaysScroll(page)
  await screenshot(page, 'stack-page-mobile')

  // a visitor sees the same stack without the Edit link
  const visitorContext = await browser.newContext({ baseURL })
  const visitor = await visitorContext.newPage()
  await visitor.goto(stack.path)
  await expect(visitor.getByRole('heading', { level: 1, name: stack.name })).toBeVisible()
  await expect(visitor.getByRole('link', { name: /Terraform/ })).toBeVisible()
  await expect(visitor.getByRole('link', { name: /^Edit/ })).toHaveCount(0)
  await expectNoA11yViolations(visitor)
  await visitorContext.close()
})

test('I Use This adds the tool to the chosen stack, and the tool page then lists that stack', async ({
  page,
  baseURL,
}) => {
  await page.goto('/')
  await signUp(page)
  const calls = await api(page, baseURL!)
  const stack = await calls.createStack({ name: uniqueName('Edge '), tools: ['nginx'] })

  await page.goto(`/tools/${I_USE_THIS_TOOL.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: I_USE_THIS_TOOL.name })).toBeVisible()
  const usedBy = page.getByRole('region', { name: `Stacks using ${I_USE_THIS_TOOL.name}` })
  await expect(usedBy.getByRole('link', { name: new RegExp(stack.name) })).toHaveCount(0)

  const clicked = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/v1/analytics/track') && request.postData()!.includes('i_use_this.clicked'),
  )
  await page.getByRole('button', { name: /I Use This/ }).click()
  expect((await clicked).postDataJSON()).toMatchObject({
    name: 'i_use_this.clicked',
    properties: { service_id: expect.any(Number) },
  })
  const menu = page.getByRole('menu')
  await expect(menu.getByText('Personal stacks')).toBeVisible()
  const item = menu.getByRole('menuitemcheckbox', { name: stack.name })
  await expect(item).toHaveAttribute('aria-checked', 'false')
  await expectNoA11yViolations(page)
  await screenshot(page, 'tool-page-i-use-this-open')

  await item.click()
  await expect(item).toHaveAttribute('aria-checked', 'true')
  // the menu stays open for more stacks; the list below now holds the stack
  await expect(usedBy.getByRole('link', { name: new RegExp(stack.name) })).toHaveAttribute('href', stack.path)
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()

  // on a phone the open menu fits the screen
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: /I Use This/ }).click()
  await expect(page.getByRole('menuitemcheckbox', { name: stack.name })).toHaveAttribute('aria-checked', 'true')
  await expectNoSidewaysScroll(page)
  await screenshot(page, 'tool-page-i-use-this-open-mobile')
  await page.keyboard.press('Escape')

  // the stack page lists the tool now
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(stack.path)
  await expect(page.getByRole('link', { name: new RegExp(I_USE_THIS_TOOL.name) })).toHaveAttribute(
    'href',
    `/tools/${I_USE_THIS_TOOL.slug}`,
  )

  // ...and taking it out again works the same way
  await page.goto(`/tools/${I_USE_THIS_TOOL.slug}`)
  await page.getByRole('button', { name: /I Use This/ }).click()
  await page.getByRole('menuitemcheckbox', { name: stack.name }).click()
  await expect(page.getByRole('menuitemcheckbox', { name: stack.name })).toHaveAttribute('aria-checked', 'false')
  await expect(usedBy.getByRole('link', { name: new RegExp(stack.name) })).toHaveCount(0)
})

test('signed out, I Use This opens the sign-up modal; a new user without a stack is offered to create one', async ({
  page,
}) => {
  await page.goto(`/tools/${I_USE_THIS_TOOL.slug}`)
  await waitForApp(page)
  await page.getByRole('button', { name: /I Use This/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Create your account' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText(`Sign up to add ${I_USE_THIS_TOOL.name} to your stack.`)).toBeVisible()

  const username = uniqueName('iut')
  await dialog.getByLabel('Name', { exact: true }).fill(`Test ${username}`)
  await dialog.getByLabel('Username', { exact: true }).fill(username)
  await dialog.getByLabel('Email', { exact: true }).fill(`${username}@example.test`)
  await dialog.getByLabel('Password', { exact: true }).fill('correct-horse-battery')
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await verifyAndContinueInModal(page, username)

  // signed in, the menu opens where they were: no stack yet, so 'Create a stack'
  const create = page.getByRole('menu').getByRole('menuitem', { name: 'Create a stack' })
  await expect(create).toBeVisible()
  await expect(create).toHaveAttribute('href', '/create-stack/scan')
})

test("a company page shows its details and stacks, and 'No company description.' when it has none", async ({
  page,
  baseURL,
}) => {
  await page.goto('/')
  await signUp(page)
  const calls = await api(page, baseURL!)
  const company = await calls.createCompany(uniqueName('Globex'))
  const stack = await calls.createStack({
    name: 'Platform',
    description: 'Everything behind the Globex apps.',
    tools: STACK_TOOLS,
    owner: { type: 'Company', id: company.id },
  })
  expect(stack.path).toBe(`/${company.slug}/platform`)

  await page.goto(`/companies/${company.slug}`)
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toBeVisible()
  const name = await heading.innerText()
  await expect(page).toHaveTitle(`${name} | Stackatlas`)
  await expect(page.getByText(`${name} builds things for tests.`)).toBeVisible()
  await expect(page.getByRole('link', { name: new RegExp(`${company.slug}\\.example`) })).toHaveAttribute(
    'href',
    `https://${company.slug}.example/`,
  )
  const stacks = page.getByRole('region', { name: /^Stacks/ })
  await expect(stacks.getByRole('link', { name: 'Platform' })).toHaveAttribute('href', stack.path)
  await expect(stacks.getByRole('list', { name: 'Tools in Platform' }).getByRole('listitem')).toHaveCount(4)
  // the creator is the company's admin: the one edit affordance leads to the company's edit page
  await expect(page.getByRole('link', { name: /Edit/ })).toHaveCount(1)
  await expect(page.getByRole('link', { name: 'Edit company' })).toHaveAttribute(
    'href',
    `/companies/${company.slug}/edit`,
  )
  await loadImages(page)
  await expectNoA11yViolations(page)
  await screenshot(page, 'company-page')
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoSidewaysScroll(page)
  await screenshot(page, 'company-page-mobile')

  // the stack card leads to the stack page, owned by the company
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.getByRole('link', { name: 'Platform' }).click()
  await expect(page).toHaveURL(new RegExp(`${stack.path}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Platform' })).toBeVisible()
  await expect(page.getByRole('link', { name: new RegExp(name) }).first()).toHaveAttribute(
    'href',
    `/companies/${company.slug}`,
  )
  await expect(page.getByRole('link', { name: /^Edit/ })).toBeVisible()

  // The forms require a description, but companies from elsewhere (imports, later features) may have none: the
  // page is shown the answer such a company gets (back in the browser's history, the page asks again).
  await page.route(`**/api/v1/companies/${company.slug}`, async (route) => {
    const response = await route.fetch()
    const body = await response.json()
    await route.fulfill({ response, json: { ...body, company: { ...body.company, description: null } } })
  })
  await page.goBack()
  await expect(page.getByText('No company description.')).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'company-page-no-description-mobile')
})

test("unknown stacks, companies and people answer 404 with 'Sorry, we couldn't find that page :('", async ({
  page,
}) => {
  for (const path of ['/nobody-at-all/no-such-stack', '/companies/no-such-company-anywhere', '/nobody-at-all']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible()
    await expect(page).toHaveTitle('Page not found | Stackatlas')
  }
  await expectNoA11yViolations(page)
})

/** The page's HTML as a client without JavaScript gets it: the drawn root (no data block), the head, the JSON-LD. */
async function renderedPage(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 })
  const html = await response.text()
  const [head = '', body = ''] = html.split('<div id="root">')
  const root = body.split('<script type="application/json" id="page-state">')[0] ?? ''
  const jsonLd = structuredDataOf(html)
  // whatever JSON-LD a page carries must be sound (e2e/structured-data.ts)
  if (jsonLd.length > 0) expect(structuredDataProblems(html), path).toEqual([])
  return { status: response.status(), headers: response.headers(), html, head, root, jsonLd }
}

/** Opens the page with JavaScript and checks it hydrates quietly: no console error, its own answers not asked again. */
async function expectCleanHydration(browser: Browser, baseURL: string, path: string, refetched: RegExp) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const problems: string[] = []
  const calls: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('request', (request) => calls.push(new URL(request.url()).pathname))
  await page.goto(path, { waitUntil: 'networkidle' })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(problems, `console of ${path}`).toEqual([])
  expect(
    calls.filter((call) => refetched.test(call)),
    `${path} fetched its answers again`,
  ).toEqual([])
  await context.close()
}

test('stack, company and profile pages arrive rendered, with their head and JSON-LD, and hydrate quietly', async ({
  page,
  baseURL,
  browser,
  request,
}) => {
  await page.goto('/')
  const { username } = await signUp(page)
  const calls = await api(page, baseURL!)
  const companyName = uniqueName('Initech')
  const company = await calls.createCompany(companyName)
  const stack = await calls.createStack({
    name: 'Billing Service',
    description: 'Invoices & payment runs.',
    tools: STACK_TOOLS,
    owner: { type: 'Company', id: company.id },
  })
  const personal = await calls.createStack({ name: uniqueName('Hobby '), tools: ['go'] })

  // the stack page: content, title, description, canonical link, share image, ItemList and breadcrumbs
  const stackPage = await renderedPage(request, stack.path)
  expect(stackPage.status).toBe(200)
  expect(stackPage.root).toContain('>Billing Service</h1>')
  expect(stackPage.root).toContain('Invoices &amp; payment runs.')
  for (const tool of ['Go', 'ClickHouse', 'Grafana', 'Terraform']) expect(stackPage.root).toContain(`>${tool}</span>`)
  expect(stackPage.head).toContain(`<title>Billing Service by ${companyName} | Stackatlas</title>`)
  expect(stackPage.head).toContain(
    `<meta name="description" content="Billing Service by ${companyName}: Invoices &#38; payment runs. Tools: Go,`,
  )
  expect(stackPage.head).toContain(`<link rel="canonical" id="canonical-link" href="${baseURL}${stack.path}" />`)
  expect(stackPage.head).toContain(
    `<meta property="og:image" content="${baseURL}/share/stacks/${company.slug}/billing-service.png" />`,
  )
  const [itemList, breadcrumbs] = stackPage.jsonLd
  expect(itemList).toMatchObject({ '@type': 'ItemList', numberOfItems: 4, url: `${baseURL}${stack.path}` })
  expect(itemList?.itemListElement[0]).toEqual({
    '@type': 'ListItem',
    position: 1,
    name: 'Go',
    url: `${baseURL}/tools/go`,
  })
  expect(itemList?.itemListElement.map((item: { name: string }) => item.name).sort()).toEqual(
    ['ClickHouse', 'Go', 'Grafana', 'Terraform'].sort(),
  )
  expect(breadcrumbs).toMatchObject({
    '@type': 'BreadcrumbList',
    itemListElement: [
      { position: 1, name: companyName, item: `${baseURL}/companies/${company.slug}` },
      { position: 2, name: 'Billing Service', item: `${baseURL}${stack.path}` },
    ],
  })

  // the company page: its stacks, Organization and breadcrumbs
  const companyPage = await renderedPage(request, `/companies/${company.slug}`)
  expect(companyPage.status).toBe(200)
  expect(companyPage.root).toContain(`>${companyName}</h1>`)
  expect(companyPage.root).toContain('>Billing Service</a>')
  expect(companyPage.head).toContain(`<title>${companyName} | Stackatlas</title>`)
  expect(companyPage.head).toContain(
    `<link rel="canonical" id="canonical-link" href="${baseURL}/companies/${company.slug}" />`,
  )
  expect(companyPage.head).toContain(
    `<meta property="og:image" content="${baseURL}/share/companies/${company.slug}.png" />`,
  )
  const [organization, companyCrumbs] = companyPage.jsonLd
  expect(organization).toEqual({
    '@type': 'Organization',
    name: companyName,
    url: `${baseURL}/companies/${company.slug}`,
    sameAs: `https://${company.slug}.example/`,
    description: `${companyName} builds things for tests.`,
  })
  expect(companyCrumbs?.itemListElement.map((item: { name: string }) => item.name)).toEqual(['Stackatlas', companyName])

  // the profile: the person, their stacks and companies; a ProfilePage about a Person, no e-mail anywhere
  const profilePage = await renderedPage(request, `/${username.toLowerCase()}`)
  expect(profilePage.status).toBe(200)
  expect(profilePage.root).toContain(`>Test ${username}</h1>`)
  expect(profilePage.root).toContain(`>${personal.name}</a>`)
  expect(profilePage.root).toContain(`${companyName}</a>`)
  expect(profilePage.head).toContain(`<title>Test ${username} (@${username.toLowerCase()}) | Stackatlas</title>`)
  expect(profilePage.html).not.toContain('@example.test')
  expect(profilePage.jsonLd[0]).toMatchObject({
    '@type': 'ProfilePage',
    url: `${baseURL}/${username.toLowerCase()}`,
    mainEntity: { '@type': 'Person', name: `Test ${username}`, url: `${baseURL}/${username.toLowerCase()}` },
  })

  // other capitals move to the canonical address
  for (const [asked, canonical] of [
    [stack.path.toUpperCase(), stack.path],
    [`/companies/${company.slug.toUpperCase()}?ref=x`, `/companies/${company.slug}?ref=x`],
    [`/${username.toUpperCase()}`, `/${username.toLowerCase()}`],
  ]) {
    const moved = await renderedPage(request, asked!)
    expect(moved.status, asked).toBe(301)
    expect(moved.headers.location, asked).toBe(canonical)
  }

  // without JavaScript the page reads the same
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false })
  const reader = await noScript.newPage()
  await reader.goto(stack.path)
  await expect(reader.getByRole('heading', { level: 1, name: 'Billing Service' })).toBeVisible()
  await expect(reader.getByRole('link', { name: /Terraform/ })).toHaveAttribute('href', '/tools/terraform')
  await expect(reader).toHaveTitle(`Billing Service by ${companyName} | Stackatlas`)
  await noScript.close()

  await expectCleanHydration(browser, baseURL!, stack.path, /^\/api\/v1\/stacks\//)
  await expectCleanHydration(browser, baseURL!, `/companies/${company.slug}`, /^\/api\/v1\/(companies|match)\//)
  await expectCleanHydration(browser, baseURL!, `/${username.toLowerCase()}`, /^\/api\/v1\/users\//)
})

test('a private stack answers 404 to visitors and other people, its name nowhere in their HTML', async ({
  page,
  baseURL,
  request,
  playwright,
}) => {
  await page.goto('/')
  const { username } = await signUp(page)
  const calls = await api(page, baseURL!)
  const companyName = uniqueName('Umbrella')
  const company = await calls.createCompany(companyName)
  await calls.setPrivateMode(company, companyName)
  const secret = await calls.createStack({
    name: uniqueName('Vault Internals '),
    description: 'Our internal secret store.',
    tools: ['go'],
    owner: { type: 'Company', id: company.id },
    private: true,
  })
  const open = await calls.createStack({
    name: 'Open Source Site',
    tools: ['go'],
    owner: { type: 'Company', id: company.id },
  })

  const other = await playwright.request.newContext({ baseURL })
  const otherEmail = `${uniqueName('other')}@example.test`
  const signedUp = await other.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL! },
    data: {
      email: otherEmail,
      password: 'correct-horse-battery',
      name: 'Another Person',
      username: uniqueName('other'),
    },
  })
  expect(signedUp.ok()).toBe(true)
  await verifyEmailOf(other, otherEmail, baseURL!)

  for (const [who, client] of [
    ['a visitor', request],
    ['another person', other],
  ] as const) {
    const stackPage = await renderedPage(client, secret.path)
    expect(stackPage.status, who).toBe(404)
    expect(stackPage.root, who).toContain(NOT_FOUND.replace("'", '&#x27;'))
    expect(stackPage.html, who).not.toContain(secret.name)
    expect(stackPage.html, who).not.toContain('internal secret store')
    expect(stackPage.head, who).toContain('<title>Page not found | Stackatlas</title>')

    // the company page shows what the API lets them see: the public stack only
    const companyPage = await renderedPage(client, `/companies/${company.slug}`)
    expect(companyPage.status, who).toBe(200)
    expect(companyPage.root, who).toContain('>Open Source Site</a>')
    expect(companyPage.html, who).not.toContain(secret.name)
    // a private-mode company keeps a private directory: no share card
    expect(companyPage.head, who).not.toContain('og:image')

    // the owner's profile does not list the private-mode company to others
    const profile = await renderedPage(client, `/${username.toLowerCase()}`)
    expect(profile.status, who).toBe(200)
    expect(profile.html, who).not.toContain(`/companies/${company.slug}`)
  }
  await other.dispose()

  // its team reads it, rendered, without a share card
  const owned = await renderedPage(page.request, secret.path)
  expect(owned.status).toBe(200)
  expect(owned.root).toContain(secret.name)
  expect(owned.head).not.toContain('og:image')
  expect((await renderedPage(page.request, open.path)).status).toBe(200)
})
