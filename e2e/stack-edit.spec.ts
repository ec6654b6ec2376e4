// The stack edit area (specs/stack-creation-and-editing.md §2 Stack edit area, §4 Save state, §6): info with the
// owner picker, tool selection and tool details under 'Editing Your Stack'; Save / Saving... / Saved; the 5-second
// banners; leaving info only when it validates; moving the stack to a company and to a new company; the 404 page;
// and impersonated users refused by the UI and by the server.

import { expectNoA11yViolations } from './a11y.ts'
import { pickPopularToolAndContinue, screenshot, signUp, uniqueName, verifyEmailOf } from './helpers.ts'
import { PRIVATE_SITE_TOO } from './private-site.ts'
import { expect, type Page, test } from './test.ts'

const WIDE = { width: 1280, height: 900 }
const ADMIN = { email: 'admin@example.test', username: 'siteadmin', name: 'Site Admin' }
const PASSWORD = 'correct-horse-battery'

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, name)
}

async function api<T = any>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const origin = new URL(page.url()).origin
  const response =
    method === 'GET' ? await page.request.get(path) : await page.request.post(path, { data, headers: { origin } })
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}

async function toolIds(page: Page, slugs: string[]): Promise<Map<string, number>> {
  const found = await api<{ tools: Array<{ id: number; slug: string }> }>(
    page,
    'GET',
    `/services/find_all_by_actual_slug?slugs=${slugs.join(',')}`,
  )
  return new Map(found.tools.map((tool) => [tool.slug, tool.id]))
}

async function createStack(page: Page, name: string, slugs: string[]) {
  const { user } = await api(page, 'GET', '/api/v1/users/current')
  const ids = await toolIds(page, slugs)
  return api<{ id: number; slug: string; redirect: string; stack: { name: string } }>(
    page,
    'POST',
    '/api/v1/stacks/create',
    {
      stack: { name, services: slugs.map((slug) => ids.get(slug)), owner: { type: 'User', id: user.id } },
    },
  )
}

const saveButton = (page: Page) => page.getByRole('button', { name: /^(Save|Saving\.\.\.|Saved)$/ })

test(
  'edit a stack: rename, validate before leaving, change tools, save states and banners',
  PRIVATE_SITE_TOO,
  async ({ page }) => {
    await page.setViewportSize(WIDE)
    await page.goto('/')
    const { username } = await signUp(page)
    const stack = await createStack(page, uniqueName('Edit Me '), ['react', 'redis'])
    const other = await createStack(page, uniqueName('Other Stack '), ['docker'])

    // The bare path opens info
    await page.goto(`/stack-edit/${username}/${stack.slug}/`)
    await expect(page).toHaveURL(new RegExp(`/stack-edit/${username}/${stack.slug}/info$`))
    await expect(page.getByRole('heading', { name: 'Editing Your Stack' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Edit steps' }).getByRole('link')).toHaveText([
      '1Stack Info',
      '2Tools Selection',
      '3Tools Details',
    ])
    await expect(saveButton(page)).toHaveText('Saved')
    await expect(saveButton(page)).toBeDisabled()
    await expect(page.getByRole('link', { name: 'View Stack' })).toHaveAttribute('href', stack.redirect)
    await expect(page.getByRole('button', { name: /Personal/ })).toHaveAttribute('aria-pressed', 'true')
    await shot(page, 'stack-edit-info')
    await expectNoA11yViolations(page)

    // An edit makes it unsaved; an empty name keeps the user on info
    const name = page.getByLabel('Stack Name')
    await name.fill('')
    await expect(saveButton(page)).toHaveText('Save')
    await expect(saveButton(page)).toBeEnabled()
    await page.getByRole('link', { name: /Tools Selection/ }).click()
    await expect(page).toHaveURL(/\/info$/)
    await expect(page.getByText('Stack Name is required.')).toBeVisible()
    await shot(page, 'stack-edit-info-invalid')

    // The other stack's name is taken for this owner
    await name.fill(other.stack.name)
    await page.getByLabel('Description').focus()
    await expect(page.getByText('Stack name is already taken.')).toBeVisible()

    // Rename and save: Saving..., then Saved with the 5-second notification
    const renamed = uniqueName('Renamed ')
    await name.fill(renamed)
    await page.getByLabel('Description').fill('Edited in the browser test')
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/v1/stacks/update', async (route) => {
      await held
      await route.continue()
    })
    await saveButton(page).click()
    await expect(saveButton(page)).toHaveText('Saving...')
    await expect(saveButton(page)).toBeDisabled()
    await shot(page, 'stack-edit-saving')
    release()
    await expect(saveButton(page)).toHaveText('Saved')
    await expect(saveButton(page)).toBeDisabled()
    const notice = page.getByRole('status').filter({ hasText: 'Your stack was saved.' })
    await expect(notice).toBeVisible()
    const shownAt = Date.now()
    expect((await notice.boundingBox())?.height).toBe(50)
    // the banner never covers the page: it sits above the heading, not over it
    const headingBox = await page.getByRole('heading', { name: 'Editing Your Stack' }).boundingBox()
    const noticeBox = await notice.boundingBox()
    expect(noticeBox!.y + noticeBox!.height).toBeLessThanOrEqual(headingBox!.y)
    await shot(page, 'stack-edit-saved')
    // on a phone too, above the heading
    await page.setViewportSize({ width: 390, height: 844 })
    const phoneHeading = await page.getByRole('heading', { name: 'Editing Your Stack' }).boundingBox()
    const phoneNotice = await notice.boundingBox()
    expect(phoneNotice!.y + phoneNotice!.height).toBeLessThanOrEqual(phoneHeading!.y)
    await shot(page, 'stack-edit-saved-390')
    await page.setViewportSize(WIDE)
    // spec §2: it lasts 5 seconds
    await page.waitForTimeout(Math.max(0, shownAt + 4000 - Date.now()))
    await expect(notice).toBeVisible()
    await expect(notice).toHaveCount(0, { timeout: 3000 })
    await page.unroute('**/api/v1/stacks/update')
    // Slugs are stable: the URL stays
    await expect(page).toHaveURL(new RegExp(`/stack-edit/${username}/${stack.slug}/info$`))

    // Save & Edit Tools
    await name.fill(`${renamed} 2`)
    await page.getByRole('button', { name: 'Save & Edit Tools' }).click()
    await expect(page).toHaveURL(/\/tool-selection$/)
    await expect(page.getByRole('heading', { name: 'Build Your Stack' })).toBeVisible()
    await expect(page.getByRole('checkbox', { name: 'Show Packages' })).toBeVisible()
    await expect(saveButton(page)).toHaveText('Saved')

    // Tools change: remove Redis, add PostgreSQL from the popular grid, mark React required
    await page.getByRole('button', { name: 'Remove Redis' }).click()
    await expect(saveButton(page)).toHaveText('Save')
    await page.getByRole('region', { name: 'Popular Tools' }).getByRole('button', { name: 'PostgreSQL' }).click()
    await page.getByRole('button', { name: 'Required: React' }).click()
    await shot(page, 'stack-edit-tool-selection')
    await expectNoA11yViolations(page)
    await saveButton(page).click()
    await expect(saveButton(page)).toHaveText('Saved')
    const saved = await api(page, 'GET', `/api/v1/stacks/edit?stack[slug]=${stack.slug}&stack[owner][slug]=${username}`)
    expect(saved.name).toBe(`${renamed} 2`)
    expect(saved.description).toBe('Edited in the browser test')
    expect(
      saved.services.map((service: { slug: string; required: boolean }) => [service.slug, service.required]),
    ).toEqual([
      ['react', true],
      ['postgresql', false],
    ])
    // Saved means saved: a reload shows the required flag, and taking it off is an edit to save again
    await page.reload()
    const required = page.getByRole('button', { name: 'Required: React' })
    await expect(required).toHaveAttribute('aria-pressed', 'true')
    await expect(saveButton(page)).toHaveText('Saved')
    await required.click()
    await expect(saveButton(page)).toHaveText('Save')
    await saveButton(page).click()
    await expect(saveButton(page)).toHaveText('Saved')
    const unrequired = await api(
      page,
      'GET',
      `/api/v1/stacks/edit?stack[slug]=${stack.slug}&stack[owner][slug]=${username}`,
    )
    expect(unrequired.services.every((service: { required: boolean }) => !service.required)).toBe(true)

    // Removing every tool hides the continue button, and Save refuses a stack without tools (nothing is sent)
    for (const tool of ['React', 'PostgreSQL']) await page.getByRole('button', { name: `Remove ${tool}` }).click()
    await expect(page.getByRole('button', { name: 'Save & Continue' })).toHaveCount(0)
    const updates: string[] = []
    const countUpdate = (request: { url(): string }) => {
      if (request.url().includes('/api/v1/stacks/update')) updates.push(request.url())
    }
    page.on('request', countUpdate)
    await saveButton(page).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Your stack needs at least one tool.' })).toBeVisible()
    await expect(saveButton(page)).toHaveText('Save')
    await shot(page, 'stacks/stack-edit-no-tools')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'stacks/stack-edit-no-tools-390')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.setViewportSize(WIDE)
    page.off('request', countUpdate)
    expect(updates).toEqual([])
    await page.getByRole('searchbox', { name: 'Search tools to add' }).fill('redis')
    await page
      .getByRole('region', { name: 'Search results' })
      .getByRole('button', { name: /^Redis/ })
      .first()
      .click()
    await page.getByRole('button', { name: 'Save & Continue' }).click()
    await expect(page).toHaveURL(/\/tool-details$/)
    await expect(page.getByRole('heading', { name: 'Vote For Tools' })).toBeVisible()
    await expect(saveButton(page)).toHaveText('Saved')
    await expect(page.getByRole('button', { name: /^Save & / })).toHaveCount(0)
    await shot(page, 'stack-edit-tool-details')
    await expectNoA11yViolations(page)

    // The error banner: a server refusal shows for 5 seconds
    await page.getByRole('link', { name: /Tools Selection/ }).click()
    await page.route('**/api/v1/stacks/update', (route) =>
      route.fulfill({ status: 400, json: { error: { code: 'validation_failed', message: 'Services are invalid.' } } }),
    )
    await page.getByRole('region', { name: 'Popular Tools' }).getByRole('button', { name: 'Java', exact: true }).click()
    await saveButton(page).click()
    const error = page.getByRole('alert').filter({ hasText: 'Services are invalid.' })
    await expect(error).toBeVisible()
    expect((await error.boundingBox())?.height).toBe(50)
    await expect(saveButton(page)).toHaveText('Save')
    await shot(page, 'stack-edit-error-banner')
    await expect(error).toHaveCount(0, { timeout: 8000 })
    await page.unroute('**/api/v1/stacks/update')

    await page.getByRole('link', { name: 'View Stack' }).click()
    await expect(page).toHaveURL(new RegExp(`${stack.redirect}$`))
  },
)

test(
  "someone who may see the stack but not edit it gets the 403 page with the server's reason",
  PRIVATE_SITE_TOO,
  async ({ page, browser }) => {
    await page.setViewportSize(WIDE)
    const ownerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL })
    const owner = await ownerContext.newPage()
    await owner.goto('/')
    const { username } = await signUp(owner)
    const stack = await createStack(owner, uniqueName('Not Yours '), ['react'])
    await ownerContext.close()

    await page.goto('/')
    await signUp(page)
    await page.goto(`/stack-edit/${username}/${stack.slug}/info`)
    await expect(page.getByText('Error 403')).toBeVisible()
    await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible()
    await expect(page.getByText('Only the owner of this stack can edit it.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0)
    await shot(page, 'stacks/stack-edit-forbidden')
    await expectNoA11yViolations(page)
  },
)

test("a missing stack shows 'Sorry, we couldn't find that page :('", PRIVATE_SITE_TOO, async ({ page }) => {
  await page.setViewportSize(WIDE)
  await page.goto('/')
  const { username } = await signUp(page)
  await page.goto(`/stack-edit/${username}/no-such-stack/info`)
  await expect(page.getByRole('heading', { name: "Sorry, we couldn't find that page :(" })).toBeVisible()
  await shot(page, 'stack-edit-not-found')
})

test(
  'move the stack to a company, then to a new company made on the child page',
  PRIVATE_SITE_TOO,
  async ({ page }) => {
    await page.setViewportSize(WIDE)
    await page.goto('/')
    const { username } = await signUp(page)
    const stack = await createStack(page, uniqueName('Movable '), ['nginx'])
    const companyName = uniqueName('Initech ')
    const company = await api(page, 'POST', '/api/v1/companies/create', {
      company: {
        name: companyName,
        website_url: 'initech.example',
        description: 'Software for banks',
        email_address: 'it@initech.example',
      },
    })

    await page.goto(`/stack-edit/${username}/${stack.slug}`)
    const tile = page.getByRole('button', { name: new RegExp(companyName) })
    await tile.click()
    await expect(tile).toHaveAttribute('aria-pressed', 'true')
    await expect(saveButton(page)).toHaveText('Save')
    await shot(page, 'stack-edit-owner-picker')
    await saveButton(page).click()
    await expect(page).toHaveURL(new RegExp(`/stack-edit/${company.slug}/${stack.slug}/info$`))
    await expect(saveButton(page)).toHaveText('Saved')

    // New Company: the child page hosts the company form; any change makes the editor unsaved
    await page.getByRole('button', { name: /New Company/ }).click()
    await expect(page).toHaveURL(new RegExp(`/stack-edit/${company.slug}/${stack.slug}/new-company$`))
    const newName = uniqueName('Hooli ')
    await page.getByLabel('Company Name').fill(newName)
    await page.getByLabel('Website').fill('hooli.example')
    await page.getByLabel('Description').fill('Making the world a better place')
    await page.getByLabel('Company Email').fill('gavin@hooli.example')
    await shot(page, 'stack-edit-new-company')
    await expectNoA11yViolations(page)
    await page.getByRole('button', { name: 'Save Company' }).click()
    const newSlug = newName.toLowerCase().replace(/[^a-z0-9]+/g, '-')
    await expect(page).toHaveURL(new RegExp(`/stack-edit/${newSlug}/${stack.slug}/info$`))
    await expect(page.getByRole('button', { name: new RegExp(newName) })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByText('Your stack was saved.')).toBeVisible()

    // New Company with the name of a company the user administers: Continue moves the stack there as it is
    await page.getByRole('button', { name: /New Company/ }).click()
    await page.getByLabel('Company Name').fill(companyName.toLowerCase())
    await page.getByLabel('Website').fill('elsewhere.example')
    await page.getByLabel('Description').fill('Not for Initech')
    await page.getByLabel('Company Email').fill('x@elsewhere.example')
    await page.getByRole('button', { name: 'Save Company' }).click()
    const modal = page.getByRole('dialog', { name: 'This company already exists' })
    await expect(modal.getByText(`You are an admin of ${companyName}.`)).toBeVisible()
    await shot(page, 'stacks/stack-edit-exists-modal-admin')
    await modal.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(new RegExp(`/stack-edit/${company.slug}/${stack.slug}/info$`))
    await expect(page.getByRole('button', { name: new RegExp(companyName) })).toHaveAttribute('aria-pressed', 'true')
    const { companies } = await api(page, 'GET', '/api/v1/companies/index')
    expect(companies.find((entry: { id: number }) => entry.id === company.id)).toMatchObject({
      description: 'Software for banks',
    })
  },
)

test(
  'the private/public choice follows the owner: shown for a personal owner with GitHub, restored on return',
  PRIVATE_SITE_TOO,
  async ({ page }) => {
    // No test account can connect GitHub here, so its one flag is answered as connected; the rest is the real server.
    await page.route('**/api/v1/stacks/personal_github_installed', (route) => route.fulfill({ json: true }))
    await page.setViewportSize(WIDE)
    await page.goto('/')
    const { username } = await signUp(page)
    const stack = await createStack(page, uniqueName('Private Later '), ['go'])
    const companyName = uniqueName('Public Co ')
    await api(page, 'POST', '/api/v1/companies/create', {
      company: {
        name: companyName,
        website_url: 'publicco.example',
        description: 'Not private',
        email_address: 'a@publicco.example',
      },
    })
    await page.goto(`/stack-edit/${username}/${stack.slug}/info`)
    const visibility = page.getByRole('group', { name: 'Visibility' })
    await expect(visibility).toBeVisible()
    await visibility.getByText('Private', { exact: true }).click()
    await expect(visibility.getByRole('radio', { name: /Private/ })).toBeChecked()
    await shot(page, 'stack-edit-visibility')
    // A company without private mode forces public: no choice
    await page.getByRole('button', { name: new RegExp(companyName) }).click()
    await expect(visibility).toHaveCount(0)
    // Back to personal: the choice returns with the personal value
    await page.getByRole('button', { name: /Personal/ }).click()
    await expect(visibility.getByRole('radio', { name: /Private/ })).toBeChecked()
  },
)

test('Save waits for the name check: two presses while it runs save once', PRIVATE_SITE_TOO, async ({ page }) => {
  await page.setViewportSize(WIDE)
  await page.goto('/')
  const { username } = await signUp(page)
  const stack = await createStack(page, uniqueName('Checked '), ['nginx'])
  // The name check answers slowly, as on a slow network
  await page.route('**/api/v1/stacks/name_is_available*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  const updates: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/stacks/update')) updates.push(request.url())
  })
  await page.goto(`/stack-edit/${username}/${stack.slug}/info`)
  const renamed = uniqueName('Renamed ')
  await page.getByLabel('Stack Name').fill(renamed)
  await page.getByLabel('Description').click()
  // Two presses in one go, before the page can re-render between them
  await saveButton(page).evaluate((button: HTMLButtonElement) => {
    button.click()
    button.click()
  })
  await expect(saveButton(page)).toBeDisabled()
  await expect(page.getByRole('button', { name: /^Save & Edit Tools/ })).toBeDisabled()
  await shot(page, 'stacks/stack-edit-save-waits-for-name-check')
  await expect(saveButton(page)).toHaveText('Saved', { timeout: 10_000 })
  await page.waitForTimeout(2000)
  expect(updates).toHaveLength(1)
  const saved = await api(page, 'GET', `/api/v1/stacks/edit?stack[slug]=${stack.slug}&stack[owner][slug]=${username}`)
  expect(saved.name).toBe(renamed)
})

test('a private stack moves to a company without private mode only once the user agrees it becomes public', async ({
  page,
}) => {
  await page.setViewportSize(WIDE)
  // The site admin: an admin of a private-mode company who may still create new companies (spec §6)
  await signInAsAdmin(page)
  const company = (name: string) => ({
    company: {
      name,
      website_url: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
      description: 'A company for the move',
      email_address: 'team@example.test',
    },
  })
  const publicName = uniqueName('Open Co ')
  const publicCompany = await api(page, 'POST', '/api/v1/companies/create', company(publicName))
  const privateName = uniqueName('Quiet Co ')
  const privateCompany = await api(page, 'POST', '/api/v1/companies/create', company(privateName))
  await api(page, 'POST', '/api/v1/companies/update', {
    company: { ...company(privateName).company, id: privateCompany.id, private_mode: true },
  })
  const ids = await toolIds(page, ['nginx'])
  const stack = await api(page, 'POST', '/api/v1/stacks/create', {
    stack: {
      name: uniqueName('Internal '),
      private: true,
      services: [ids.get('nginx')],
      owner: { type: 'Company', id: privateCompany.id },
    },
  })
  expect(stack.stack.private).toBe(true)

  // The new-company page says beforehand that saving there makes the private stack public
  await page.goto(`/stack-edit/${privateCompany.slug}/${stack.slug}/new-company`)
  await expect(page.getByLabel('Company Name')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save Company' })).toBeEnabled()
  await expect(
    page.getByText('This stack is private, and a new company cannot keep private stacks', { exact: false }),
  ).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'stacks/stack-edit-new-company-private-warning-390')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.setViewportSize(WIDE)
  await page.getByRole('link', { name: 'Back to Stack Info' }).click()
  await expect(page).toHaveURL(new RegExp(`/stack-edit/${privateCompany.slug}/${stack.slug}/info$`))
  await page.getByRole('button', { name: new RegExp(publicName) }).click()
  const warning = page.getByRole('status').filter({ hasText: `${publicName} cannot keep private stacks.` })
  await expect(warning).toBeVisible()
  await shot(page, 'stacks/stack-edit-move-private-warning')

  // Keep It Private: nothing is saved, the stack stays where it was, private
  await saveButton(page).click()
  const dialog = page.getByRole('dialog', { name: 'Make this stack public?' })
  await expect(dialog).toContainText(`${publicName} cannot keep private stacks. Moving the stack there makes it public`)
  await shot(page, 'stacks/stack-edit-move-private-confirm')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'stacks/stack-edit-move-private-confirm-390')
  await expectNoA11yViolations(page)
  await page.setViewportSize(WIDE)
  await dialog.getByRole('button', { name: 'Keep It Private' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(saveButton(page)).toHaveText('Save')
  const kept = await api(
    page,
    'GET',
    `/api/v1/stacks/edit?stack[slug]=${stack.slug}&stack[owner][slug]=${privateCompany.slug}`,
  )
  expect(kept).toMatchObject({ private: true, owner: { id: privateCompany.id } })

  // Move and Make Public: moved, and public
  await saveButton(page).click()
  await dialog.getByRole('button', { name: 'Move and Make Public' }).click()
  await expect(page).toHaveURL(new RegExp(`/stack-edit/${publicCompany.slug}/${stack.slug}/info$`))
  await expect(saveButton(page)).toHaveText('Saved')
  const moved = await api(
    page,
    'GET',
    `/api/v1/stacks/edit?stack[slug]=${stack.slug}&stack[owner][slug]=${publicCompany.slug}`,
  )
  expect(moved).toMatchObject({ private: false, owner: { id: publicCompany.id } })
})

/** Signs the bootstrap admin up (or in, when an earlier test of this run already did). */
async function signInAsAdmin(page: Page) {
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign up' }).first().click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name', { exact: true }).fill(ADMIN.name)
  await dialog.getByLabel('Username', { exact: true }).fill(ADMIN.username)
  await dialog.getByLabel('Email', { exact: true }).fill(ADMIN.email)
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Create account' }).click()
  const menu = page.getByRole('button', { name: 'Account menu' })
  const taken = dialog.getByText(/already (exists|taken)/i).first()
  await expect(menu.or(taken)).toBeVisible()
  if (await menu.isVisible()) {
    // signed up just now: a new account acts once its address is verified (decision 052)
    await verifyEmailOf(page.request, ADMIN.email, new URL(page.url()).origin)
    await page.reload()
    return
  }
  await dialog.getByRole('button', { name: 'Sign in' }).click()
  await dialog.getByLabel('Email', { exact: true }).fill(ADMIN.email)
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Sign in' }).click()
  await expect(menu).toBeVisible()
}

test('impersonated users are refused: edit stack info, edit tools, create stack (UI and server)', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(WIDE)
  // The person, with a stack
  const personContext = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const person = await personContext.newPage()
  await person.goto('/')
  const { username } = await signUp(person)
  const stack = await createStack(person, uniqueName('Owned '), ['react'])
  const { user } = await api(person, 'GET', '/api/v1/users/current')
  await personContext.close()

  await signInAsAdmin(page)
  await api(page, 'POST', '/api/auth/admin/impersonate-user', { userId: user.id })
  await page.goto(`/stack-edit/${username}/${stack.slug}/info`)
  await expect(page.getByText('Impersonated users are not allowed to edit stack info')).toBeVisible()
  await expect(page.getByLabel('Stack Name')).toBeDisabled()
  await shot(page, 'stack-edit-impersonated-info')
  await page.getByRole('link', { name: /Tools Selection/ }).click()
  await expect(page.getByText('Impersonated users are not allowed to edit tools')).toBeVisible()
  await shot(page, 'stack-edit-impersonated-tools')

  // The server says the same
  const origin = new URL(page.url()).origin
  const info = await page.request.post('/api/v1/stacks/update', {
    headers: { origin },
    data: { stack: { id: stack.id, name: 'Hijacked' } },
  })
  expect(info.status()).toBe(403)
  expect((await info.json()).error.message).toBe('Impersonated users are not allowed to edit stack info')
  const nginx = (await toolIds(page, ['nginx'])).get('nginx')
  const tools = await page.request.post('/api/v1/stacks/update', {
    headers: { origin },
    data: { stack: { id: stack.id, services: [nginx] } },
  })
  expect(tools.status()).toBe(403)
  expect((await tools.json()).error.message).toBe('Impersonated users are not allowed to edit tools')

  // The wizard: the message on its pages, Save Stack disabled, and the server's 403
  await page.goto('/create-stack/scan')
  await expect(page.getByText('Impersonated users are not allowed to create stack')).toBeVisible()
  await shot(page, 'create-stack-impersonated')
  await page.goto('/create-stack/stack-type')
  await page.getByRole('button', { name: /Personal/ }).click()
  await page.getByLabel('Stack Name').fill(uniqueName('Impersonated '))
  await page.getByRole('button', { name: 'Continue' }).click()
  await pickPopularToolAndContinue(page)
  await expect(page).toHaveURL(/\/create-stack\/tool-details$/)
  await expect(page.getByText('Impersonated users are not allowed to create stack')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save Stack' })).toBeDisabled()
  await shot(page, 'stacks/create-stack-impersonated-save-disabled')
  const created = await page.request.post('/api/v1/stacks/create', {
    headers: { origin },
    data: { stack: { name: 'Nope', services: [1], owner: { type: 'User', id: user.id } } },
  })
  expect(created.status()).toBe(403)
  expect((await created.json()).error.message).toBe('Impersonated users are not allowed to create stack')
  await api(page, 'POST', '/api/auth/admin/stop-impersonating', {})
})
