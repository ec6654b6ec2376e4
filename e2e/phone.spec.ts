// Every page on a phone (issue 20 "Hardening and the phone", docs/decisions/041-phone-layout.md): each route of the
// web route table (web/src/app/routes.tsx, checked below so a new route cannot be forgotten) opened at 390x844,
// signed out and then signed in as an admin who owns a company with a team, customers, a job, stacks, comments and
// notifications, with a few of its dialogs and menus open. A page fails when the document is wider than the screen,
// or a visible control (button, link, input, select, textarea) or table cell shows only in part, past the screen's
// edge or past a box that clips it (or wholly hidden in a sideways scroller that is not a carousel); the failure names
// the element. A full-page screenshot of each lands in .tmp/shots/phone/ to look at.
import fs from 'node:fs'
import { addDaysUtc, todayUtc } from '../contracts/jobs.ts'
import { BOOTSTRAP_ADMIN, uniqueName, verifyEmailOf } from './helpers.ts'
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from './test.ts'

const PHONE = { width: 390, height: 844 }
const PASSWORD = 'correct-horse-battery'
const STACK_TOOLS = ['python', 'django', 'postgresql', 'rabbitmq', 'celery', 'docker']

/** What the signed-in pass needs in its URLs, made once in beforeAll. */
interface Fixture {
  username: string
  companySlug: string
  stackPath: string
  companyStackPath: string
  jobId: number
  jobSlug: string
  toolSlug: string
  categorySlug: string
  mailId: number
}

/** A route path of the router and where to open it; `signedInOnly` when a signed-out visit cannot reach it. */
interface RouteVisit {
  route: string
  url: (fixture: Fixture) => string
  /** Steps after the page settles, before it is measured (a wizard page that needs an earlier choice). */
  prepare?: (page: Page) => Promise<void>
  /** Dialogs and menus opened on the page (by their button's name) and measured too, in the pass named. */
  dialogs?: Array<{ button: RegExp; pass: Pass }>
}

type Pass = 'signed-out' | 'signed-in'

/** Every route of web/src/app/routes.tsx, in the order a person would meet them (the wizard's steps in turn). */
const ROUTES: RouteVisit[] = [
  {
    route: '/',
    url: () => '/',
    dialogs: [
      { button: /^Open menu$/, pass: 'signed-out' },
      { button: /^Sign up$/, pass: 'signed-out' },
      { button: /^Open menu$/, pass: 'signed-in' },
      { button: /^Notifications/, pass: 'signed-in' },
      { button: /^Account menu$/, pass: 'signed-in' },
    ],
  },
  { route: '/sign-in', url: () => '/sign-in?next=%2Fsettings' },
  { route: '/tools', url: () => '/tools' },
  { route: '/tools/:slug', url: (f) => `/tools/${f.toolSlug}` },
  { route: '/tools/:slug/alternatives', url: () => '/tools/react/alternatives' },
  { route: '/stackups/:pair', url: () => '/stackups/vue-js-vs-react' },
  { route: '/categories/:slug', url: (f) => `/categories/${f.categorySlug}` },
  { route: '/search', url: () => '/search?q=post' },
  { route: '/services/pending', url: () => '/services/pending' },
  { route: '/settings', url: () => '/settings' },
  { route: '/settings/profile', url: () => '/settings/profile' },
  { route: '/settings/email', url: () => '/settings/email' },
  { route: '/settings/password', url: () => '/settings/password' },
  { route: '/settings/notifications', url: () => '/settings/notifications' },
  { route: '/settings/tokens', url: () => '/settings/tokens' },
  {
    route: '/settings/account',
    url: () => '/settings/account',
    dialogs: [{ button: /^Delete account$/, pass: 'signed-in' }],
  },
  { route: '/admin', url: () => '/admin' },
  { route: '/admin/users', url: () => '/admin/users' },
  { route: '/admin/mail', url: () => '/admin/mail' },
  { route: '/admin/mail/:id', url: (f) => `/admin/mail/${f.mailId}` },
  { route: '/admin/tools', url: () => '/admin/tools' },
  { route: '/admin/comments', url: () => '/admin/comments' },
  { route: '/admin/log', url: () => '/admin/log' },
  { route: '/admin/audit', url: () => '/admin/audit' },
  { route: '/admin/companies', url: () => '/admin/companies' },
  { route: '/admin/invitations', url: () => '/admin/invitations' },
  { route: '/create-stack', url: () => '/create-stack' },
  { route: '/create-stack/scan', url: () => '/create-stack/scan' },
  {
    route: '/create-stack/stack-type',
    url: () => '/create-stack/stack-type',
    dialogs: [{ button: /^Reset$/, pass: 'signed-in' }],
  },
  { route: '/create-stack/new-company', url: () => '/create-stack/new-company' },
  { route: '/create-stack/stack-info', url: () => '/create-stack/stack-info' },
  { route: '/create-stack/tool-selection', url: () => '/create-stack/tool-selection', prepare: pickPopularTools },
  { route: '/create-stack/tool-details', url: () => '/create-stack/tool-details' },
  { route: '/create-stack/import', url: () => '/create-stack/import' },
  { route: '/stack-edit/:ownerSlug/:stackSlug', url: (f) => `/stack-edit${f.stackPath}` },
  { route: '/stack-edit/:ownerSlug/:stackSlug/info', url: (f) => `/stack-edit${f.stackPath}/info` },
  {
    route: '/stack-edit/:ownerSlug/:stackSlug/tool-selection',
    url: (f) => `/stack-edit${f.stackPath}/tool-selection`,
  },
  { route: '/stack-edit/:ownerSlug/:stackSlug/tool-details', url: (f) => `/stack-edit${f.stackPath}/tool-details` },
  {
    route: '/stack-edit/:ownerSlug/:stackSlug/new-company',
    url: (f) => `/stack-edit${f.companyStackPath}/new-company`,
  },
  { route: '/onboarding/*', url: () => '/onboarding/welcome' },
  { route: '/match', url: () => '/match?selectedTools=python--django&searchOperator=OR' },
  { route: '/match/jobs/:slug', url: (f) => `/match/jobs/${f.jobSlug}` },
  { route: '/match/:toolSlug', url: () => '/match/postgresql' },
  { route: '/notifications', url: () => '/notifications' },
  // the server answers a notification of the user's with a redirect; this one is nobody's, so its 404 page shows
  { route: '/notifications/:id', url: () => '/notifications/2147483646' },
  { route: '/pros-and-cons', url: () => '/pros-and-cons' },
  { route: '/unsubscribe', url: () => '/unsubscribe?token=not-a-real-token' },
  { route: '/verify-email', url: () => '/verify-email?token=not-a-real-token' },
  { route: '/join', url: () => '/join?token=not-a-real-token' },
  { route: '/forgot-password', url: () => '/forgot-password' },
  { route: '/reset-password', url: () => '/reset-password?token=not-a-real-token' },
  { route: '/companies/:slug', url: (f) => `/companies/${f.companySlug}` },
  {
    route: '/companies/:slug/team',
    url: (f) => `/companies/${f.companySlug}/team`,
    dialogs: [
      { button: /^Add Member$/, pass: 'signed-in' },
      { button: /^Edit role of/, pass: 'signed-in' },
    ],
  },
  { route: '/companies/:slug/radar', url: (f) => `/companies/${f.companySlug}/radar` },
  { route: '/companies/:slug/edit', url: (f) => `/companies/${f.companySlug}/edit` },
  { route: '/companies/:slug/code-host', url: (f) => `/companies/${f.companySlug}/code-host` },
  { route: '/companies/verify', url: () => '/companies/verify?token=not-a-real-token' },
  { route: '/invitations/accept', url: () => '/invitations/accept?token=not-a-real-token' },
  {
    route: '/companies/:slug/customers',
    url: (f) => `/companies/${f.companySlug}/customers`,
    dialogs: [{ button: /Copy Email$/, pass: 'signed-in' }],
  },
  { route: '/companies/:slug/jobs', url: (f) => `/companies/${f.companySlug}/jobs` },
  { route: '/companies/:slug/jobs/new', url: (f) => `/companies/${f.companySlug}/jobs/new` },
  { route: '/companies/:slug/jobs/:id/edit', url: (f) => `/companies/${f.companySlug}/jobs/${f.jobId}/edit` },
  { route: '/:ownerSlug/:stackSlug', url: (f) => f.stackPath },
  { route: '/:username', url: (f) => `/${f.username}` },
  { route: '*', url: () => '/companies/no-such/page/here' },
  { route: '/users/sign-in-error', url: () => '/users/sign-in-error?error=account_not_linked' },
  // Last: it signs the visitor out.
  { route: '/users/logout', url: () => '/users/logout' },
]

/**
 * The route paths of web/src/app/routes.tsx, read from its source by the depth of braces: inside createRoutes' body
 * the layout route is an object at depth 2 (and /sign-in, outside the layout, beside it), its children (absolute
 * paths) at depth 3, and theirs (relative paths) at depth 4, joined to the
 * last depth-2 path before them. An index route with a page of its own is its parent's path; an index route that only
 * redirects (element: <Navigate>) is left out, its target is listed.
 */
function routerPaths(): string[] {
  const source = fs.readFileSync('web/src/app/routes.tsx', 'utf8')
  const paths: string[] = []
  let depth = 0
  let parent = ''
  for (const [token, path, indexKind] of source.matchAll(/[{}]|path: '([^']+)'|index: true, (\.\.\.page|element)/g)) {
    if (token === '{') depth++
    else if (token === '}') depth--
    else if (path !== undefined && depth === 3) parent = path
    if (path !== undefined) paths.push(depth <= 3 ? path : `${parent}/${path}`)
    else if (indexKind === '...page') paths.push(depth === 3 ? '/' : parent)
  }
  return [...new Set(paths)].sort()
}

let fixture: Fixture
let jobApiPath = ''
/** The pros and cons this check adds, taken back afterwards: other journeys count popular tools without reasons. */
const reasonIds: number[] = []

async function api<T = any>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: object,
) {
  const origin = new URL(test.info().project.use.baseURL!).origin
  const response = await request.fetch(path, { method, data, headers: { origin } })
  expect(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}

/** A person signed up through the API in a context of their own, past onboarding. */
async function person(context: BrowserContext, username: string, email = `${username}@example.test`) {
  const signedUp = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
    data: { email, password: PASSWORD, name: `Phone ${username}`, username },
  })
  if (signedUp.ok()) await verifyEmailOf(context.request, email, new URL(test.info().project.use.baseURL!).origin)
  else await api(context.request, 'POST', '/api/auth/sign-in/email', { email, password: PASSWORD })
  await api(context.request, 'POST', '/api/v1/onboarding/finish', {})
  const { user } = await api<{ user: { id: number; username: string } }>(
    context.request,
    'GET',
    '/api/v1/users/current',
  )
  return user
}

async function toolIds(request: APIRequestContext, slugs: string[]) {
  const found = await api<{ tools: Array<{ id: number; slug: string }> }>(
    request,
    'GET',
    `/services/find_all_by_actual_slug?slugs=${slugs.join(',')}`,
  )
  return found.tools.map((tool) => tool.id)
}

/** The wizard's tool-details page needs tools chosen: three of the popular ones. */
async function pickPopularTools(page: Page) {
  const popular = page.getByRole('region', { name: 'Popular Tools' }).getByRole('button')
  if ((await popular.count()) === 0) return
  for (const index of [0, 1, 2]) await popular.nth(index).click()
}

test('the phone check lists every route of the router', () => {
  expect(ROUTES.map((visit) => visit.route).sort()).toEqual(routerPaths())
})

/**
 * What does not fit the screen, in words naming each element: the document's width and the widest elements when it
 * is wider than the viewport, and every visible control cut by the screen's edges or by a clipping ancestor.
 */
function findCutOffs(): string[] {
  const viewport = window.innerWidth
  const problems: string[] = []
  const describe = (element: Element) => {
    const html = element as HTMLElement
    const label =
      element.getAttribute('aria-label') ??
      (html.innerText || (element as HTMLInputElement).placeholder || element.getAttribute('name') || '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40)
    const classes = typeof html.className === 'string' ? html.className.split(/\s+/).slice(0, 6).join('.') : ''
    const parent = element.parentElement
    const parentClasses =
      parent && typeof parent.className === 'string' ? parent.className.split(/\s+/).slice(0, 4) : []
    return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${label}" (in <${parent?.tagName.toLowerCase()}${parentClasses.length ? `.${parentClasses.join('.')}` : ''}>)`
  }
  const isShown = (element: Element) => {
    const rect = element.getBoundingClientRect()
    // 1 px boxes are the screen-reader-only text (sr-only), not something seen
    if (rect.width <= 1 || rect.height <= 1) return false
    return element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
  }

  // Whether a box that clips (overflow not visible, inside the screen) holds the element in: only the boxes between
  // it and its containing block count for an absolutely placed element (screen-reader text escapes a scroller that is
  // not positioned, and widens the page).
  const isClippedInside = (element: Element) => {
    let position = getComputedStyle(element).position
    for (let box = element.parentElement; box; box = box.parentElement) {
      if (position === 'fixed') return false
      const style = getComputedStyle(box)
      const isContainingBlock = position !== 'absolute' || style.position !== 'static'
      if (isContainingBlock && style.overflowX !== 'visible' && box.getBoundingClientRect().right <= viewport + 1) {
        return true
      }
      if (isContainingBlock) position = style.position
    }
    return false
  }

  const documentWidth = document.documentElement.scrollWidth
  if (documentWidth > viewport) {
    const pastTheEdge = [...document.body.querySelectorAll('*')].filter(
      (element) =>
        element.getClientRects().length > 0 &&
        element.getBoundingClientRect().right > viewport + 1 &&
        !isClippedInside(element),
    )
    // the innermost ones: the element that is too wide, not every box around it
    const widest = pastTheEdge.filter(
      (element) => !pastTheEdge.some((other) => other !== element && element.contains(other)),
    )
    problems.push(
      `the document is ${documentWidth} px wide on a ${viewport} px screen; past the edge: ${widest.slice(0, 5).map(describe).join('; ')}`,
    )
  }

  // A control is cut off when part of it shows and part does not: past the screen's edge, or past the edge of a box
  // that clips (overflow hidden or clip, or a scroller's viewport). One wholly out of view is cut off too when a
  // sideways scroller hides it (a tab strip people would have to guess they can swipe), unless the scroller is a
  // carousel, whose arrows bring it in; a control wholly clipped by overflow hidden is hidden on purpose.
  // table cells too: a column cut off by the table's scroller is as lost as a button
  for (const control of document.querySelectorAll('button, a[href], input, select, textarea, th, td')) {
    if (!isShown(control)) continue
    const rect = control.getBoundingClientRect()
    let shownLeft = Math.max(rect.left, 0)
    let shownRight = Math.min(rect.right, viewport)
    let cutBy = shownLeft > rect.left + 1 || shownRight < rect.right - 1 ? 'the screen' : ''
    let scroller: Element | null = null
    for (let box = control.parentElement; box; box = box.parentElement) {
      const overflow = getComputedStyle(box).overflowX
      if (overflow === 'visible') continue
      const clip = box.getBoundingClientRect()
      const clips = clip.left > rect.left + 1 || clip.right < rect.right - 1
      if (clips && !cutBy) cutBy = `${describe(box)} (overflow: ${overflow})`
      if (clips && !scroller && (overflow === 'auto' || overflow === 'scroll')) scroller = box
      shownLeft = Math.max(shownLeft, clip.left)
      shownRight = Math.min(shownRight, clip.right)
    }
    if (!cutBy) continue
    // a 1 px sliver is the screen-reader-only pattern (a 1 px box that clips), not something seen
    const isWhollyHidden = shownRight - shownLeft <= 1
    if (isWhollyHidden && (!scroller || scroller.closest('[aria-roledescription="carousel"]'))) continue
    if (isWhollyHidden && scroller) cutBy = `${describe(scroller)} (overflow: ${getComputedStyle(scroller).overflowX})`
    problems.push(
      `${describe(control)} spans ${Math.round(rect.left)}..${Math.round(rect.right)} px and is ${isWhollyHidden ? 'hidden' : 'cut off'} by ${cutBy}`,
    )
  }
  return problems
}

async function checkEveryRoute(page: Page, pass: Pass) {
  const problems: string[] = []
  fs.mkdirSync('.tmp/shots/phone', { recursive: true })
  const measure = async (url: string, where: string, shot: string) => {
    // web fonts settle the layout
    await page.evaluate(() => document.fonts.ready)
    // for a person to look at; CI reads the measurements only, and full-page shots of 140 pages cost minutes there
    if (process.env.CI !== 'true')
      await page.screenshot({ path: `.tmp/shots/phone/${pass}-${shot}.png`, fullPage: true })
    for (const problem of await page.evaluate(findCutOffs)) problems.push(`${url} (${where}): ${problem}`)
  }
  for (const visit of ROUTES) {
    const url = visit.url(fixture)
    await page.goto(url)
    await page.waitForLoadState('networkidle')
    if (visit.prepare && pass === 'signed-in') {
      await visit.prepare(page)
      await page.waitForLoadState('networkidle')
    }
    const shot = visit.route === '*' ? 'not-found' : visit.route.replace(/[/:*]+/g, '-').replace(/^-|-$/g, '') || 'home'
    await measure(url, visit.route, shot)
    for (const dialog of visit.dialogs?.filter((candidate) => candidate.pass === pass) ?? []) {
      await page.getByRole('button', { name: dialog.button }).first().click({ timeout: 15_000 })
      await expect(page.getByRole('dialog').or(page.getByRole('menu')).first()).toBeVisible()
      await measure(
        url,
        `${visit.route} with ${dialog.button.source} open`,
        `${shot}-${dialog.button.source.replace(/\W+/g, '-')}`,
      )
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog').or(page.getByRole('menu'))).toHaveCount(0)
    }
  }
  expect.soft(problems, `${pass} at 390x844: what does not fit`).toEqual([])
}

test.describe('at 390x844', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000)
    // The bootstrap admin owns everything here, so admin pages and company pages are seen full in one pass.
    const adminContext = await browser.newContext()
    const admin = adminContext.request
    const me = await person(adminContext, BOOTSTRAP_ADMIN.username, BOOTSTRAP_ADMIN.email)
    const colleagueContext = await browser.newContext()
    const colleague = await person(colleagueContext, uniqueName('phonemate'))

    // A vendor: its website is a popular tool's, so the tool can be sold to customers.
    const { tools: popular } = await api<{ tools: Array<{ id: number; slug: string; website_url: string | null }> }>(
      admin,
      'GET',
      '/api/v1/services/popular_services',
    )
    const vendorTool = popular.find(
      (tool) => tool.website_url && !/github\.com|gitlab\.com|npmjs|pypi/.test(tool.website_url),
    )!
    const companyName = uniqueName('Phone Works International ')
    const company = await api<{ id: number; slug: string }>(admin, 'POST', '/api/v1/companies/create', {
      company: {
        name: companyName,
        website_url: vendorTool.website_url,
        description: 'A company with a long name, a team, customers, a job and stacks, seen on a phone.',
        email_address: 'team@phone.example',
      },
    })

    const ids = await toolIds(admin, STACK_TOOLS)
    const stack = await api<{ redirect: string }>(admin, 'POST', '/api/v1/stacks/create', {
      stack: {
        // names as long as the limit allows (60), so a name that does not fit shows whatever the clock's suffix
        name: uniqueName('Phone personal stack, a name long as they get '),
        description: 'The tools of a person, seen on a phone.',
        services: ids,
        owner: { type: 'User', id: me.id },
      },
    })
    const companyStack = await api<{ redirect: string }>(admin, 'POST', '/api/v1/stacks/create', {
      stack: {
        name: uniqueName('Phone company stack, a name long as they get '),
        description: 'The tools of a company, seen on a phone.',
        services: ids,
        owner: { type: 'Company', id: company.id },
      },
    })

    // The team: a member by username, who accepts (decision 037), and an invitation by e-mail (which leaves an e-mail
    // in the outbox).
    const invitation = await api<{ id: number }>(admin, 'POST', '/api/v1/company_owners/invite', {
      company_id: company.id,
      user_id: colleague.id,
      role: 'member',
    })
    await api(colleagueContext.request, 'POST', '/api/v1/company_owner_invites/accept', { id: invitation.id })
    await api(admin, 'POST', '/api/v1/company_owner_invites', {
      company_id: company.id,
      email: `${uniqueName('invited-with-a-long-address')}@example.test`,
      role: 'admin',
    })
    for (const [name, email] of [
      ['A Customer Company With A Long Name', 'cto@customer-with-long-name.example'],
      ['Short Co', 'ops@short.example'],
    ]) {
      await api(admin, 'POST', '/company_customers', {
        company_id: company.id,
        company_customer: { service_id: vendorTool.id, email },
        existing_company: false,
        company_name: name,
      })
    }

    const job = await api<{ job: { id: number; slug: string } }>(
      admin,
      'POST',
      `/api/v1/companies/${company.slug}/jobs`,
      {
        job: {
          title: uniqueName('Senior Platform Engineer for phones '),
          apply_url: 'https://phone.example/careers/platform',
          city: 'Lisbon',
          remote: true,
          description: 'Run our Python services on a small, calm team.',
          tool_ids: ids,
          expires_on: addDaysUtc(todayUtc(), 30),
        },
      },
    )
    jobApiPath = `/api/v1/companies/${company.slug}/jobs/${job.job.id}`

    // Comments, a reply and a follow by the colleague reach the admin's notifications; a pro and a con on the tool.
    const { tool } = await api<{ tool: { id: number; slug: string; category: { slug: string } | null } }>(
      admin,
      'GET',
      '/api/v1/tools/postgresql',
    )
    const comment = await api<{ id: number }>(admin, 'POST', '/api/v1/comments', {
      comment: {
        body: 'We moved every service to it last year; no regrets.',
        commentable_id: tool.id,
        commentable_type: 'tool',
      },
    })
    await api(colleagueContext.request, 'POST', '/api/v1/comments/reply', {
      comment: {
        body: 'Which version did you start from?',
        parent_id: comment.id,
        commentable_id: tool.id,
        commentable_type: 'tool',
      },
    })
    await api(colleagueContext.request, 'POST', '/api/v1/comments', {
      comment: { body: 'Good to see the whole stack here.', commentable_id: company.id, commentable_type: 'company' },
    })
    await api(colleagueContext.request, 'GET', `/api/v1/follows/toggle?followee_type=user&followee_id=${me.id}`)
    // Reasons to vote on in the wizard's tool-details (the first popular tools) and in the edited stack's
    for (const toolId of new Set([...popular.slice(0, 3).map((candidate) => candidate.id), ...ids.slice(0, 3)])) {
      for (const [text, con] of [
        ['Reliable under heavy write load in production', false],
        ['Hard to tune without a specialist on the team', true],
      ] as const) {
        const added = await api<{ reason: { id: number } }>(admin, 'POST', '/api/v1/pros-and-cons', {
          reason: { service_id: toolId, text, con },
        })
        reasonIds.push(added.reason.id)
      }
    }
    await api(admin, 'POST', '/api/v1/services/create', {
      service: { name: uniqueName('Phonetool'), website_url: `${uniqueName('phonetool')}.example` },
    })

    const mail = await api<{ messages: Array<{ id: number }> }>(admin, 'GET', '/api/v1/admin/mail')
    fixture = {
      username: me.username,
      companySlug: company.slug,
      stackPath: stack.redirect,
      companyStackPath: companyStack.redirect,
      jobId: job.job.id,
      jobSlug: job.job.slug,
      toolSlug: 'postgresql',
      categorySlug: tool.category?.slug ?? 'databases',
      mailId: mail.messages[0]!.id,
    }
    await colleagueContext.close()
    await adminContext.close()
  })

  test.afterAll(async ({ browser }) => {
    // The job leaves Stack Match and the reasons their tools again, so other journeys do not meet them (and a retry
    // can add them anew).
    if (!jobApiPath && reasonIds.length === 0) return
    const context = await browser.newContext()
    await person(context, BOOTSTRAP_ADMIN.username, BOOTSTRAP_ADMIN.email)
    if (jobApiPath) await api(context.request, 'DELETE', jobApiPath)
    for (const id of reasonIds.splice(0)) await api(context.request, 'DELETE', `/api/v1/pros-and-cons/${id}`)
    await context.close()
  })

  // A test per pass, each with its own time (about 70 pages each). Not serial: the signed-in pass runs even when the
  // signed-out one fails (a fresh worker then sets the data up again, after afterAll took the last set's back).
  test('every page fits a 390 px phone, signed out', async ({ browser }) => {
    test.setTimeout(480_000)
    const signedOut = await browser.newContext({ viewport: PHONE, hasTouch: true })
    await checkEveryRoute(await signedOut.newPage(), 'signed-out')
    await signedOut.close()
  })

  test('every page fits a 390 px phone, signed in as an admin with a company, a team and stacks', async ({
    browser,
  }) => {
    test.setTimeout(480_000)
    const signedIn = await browser.newContext({ viewport: PHONE, hasTouch: true })
    await person(signedIn, BOOTSTRAP_ADMIN.username, BOOTSTRAP_ADMIN.email)
    await checkEveryRoute(await signedIn.newPage(), 'signed-in')
    await signedIn.close()
  })
})
