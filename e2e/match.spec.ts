// Stack Match journey. Demo jobs come from the generator (server/modules/jobs/jobs-demo.ts) through the admin-only
// POST /api/v1/jobs/demo (refused in production): every demo job holds react and nodejs, so the default search finds
// them all (seeds 21 jobs: one page of 20 and one more after Load More).

import { screenshot, signUp, verifyEmailOf } from './helpers.ts'
import { type APIRequestContext, expect, test } from './test.ts'

const ADMIN = {
  email: 'admin@example.test',
  username: 'siteadmin',
  name: 'Site Admin',
  password: 'correct-horse-battery',
}

async function seedDemoJobs(request: APIRequestContext) {
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin }
  const signUp = await request.post('/api/auth/sign-up/email', { data: ADMIN, headers })
  if (signUp.ok()) await verifyEmailOf(request, ADMIN.email, headers.origin)
  else {
    const signIn = await request.post('/api/auth/sign-in/email', {
      data: { email: ADMIN.email, password: ADMIN.password },
      headers,
    })
    expect(signIn.ok()).toBe(true)
  }
  const response = await request.post('/api/v1/jobs/demo', {
    data: { count: 21, seed: 5, tools: ['react', 'node-js'] },
    headers,
  })
  expect(response.ok(), await response.text()).toBe(true)
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
  await seedDemoJobs(request)
  await request.dispose()
})

test('searches by the default tools, loads more, switches tabs and keeps the URL in sync', async ({ page }) => {
  await page.goto('/match')
  await expect(page.getByRole('heading', { name: 'Stack Match - Find jobs that match your tech stack' })).toBeVisible()
  await expect(page).toHaveURL(/selectedTools=react--node-js/)
  await expect(page.getByTestId('job-result')).toHaveCount(20)
  await expect(page.getByRole('tab', { name: /Jobs/ })).toContainText('21')
  await expect(page.getByRole('img', { name: '99% match' }).first()).toBeVisible()
  // spec §5: capped just under 100, so a full match never reads 100%
  await expect(page.getByRole('img', { name: '100% match' })).toHaveCount(0)
  await screenshot(page, 'match-jobs')
  const desktop = page.viewportSize()!
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'match-jobs-phone')
  await page.setViewportSize(desktop)
  await page.getByRole('button', { name: 'Load More' }).click()
  await expect(page.getByTestId('job-result')).toHaveCount(21)
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0)

  await page.getByRole('tab', { name: /Companies/ }).click()
  await expect(page.getByRole('tab', { name: /Companies/ })).toHaveAttribute('aria-selected', 'true')
  await screenshot(page, 'match-companies')

  await page.getByRole('tab', { name: /Jobs/ }).click()
  await page.getByRole('switch').uncheck()
  await expect(page).toHaveURL(/searchOperator=OR/)
  await page.getByPlaceholder('Search by position, industry or keyword').fill('zzzz-no-such-job')
  await expect(page.getByText('No results found :( Try tweaking your search')).toBeVisible({ timeout: 8000 })
  await expect(page).toHaveURL(/jobSearch=zzzz-no-such-job/)
})

test('reads tools, operator and terms from the URL, and /match/{toolSlug} preselects one tool', async ({ page }) => {
  await page.goto('/match?selectedTools=node-js&excludedTools=react&searchOperator=OR&remote=true')
  await expect(page.getByRole('list', { name: 'Tools to exclude' })).toContainText(/React/i)
  await expect(page.getByRole('switch')).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Remote' })).toBeChecked()
  await expect(page.getByText('No results found :( Try tweaking your search')).toBeVisible()

  await page.goto('/match/node-js')
  await expect(page.getByRole('list', { name: 'Tools to include' })).toContainText(/Node/i)
  await expect(page).toHaveURL(/\/match\/node-js\?selectedTools=node-js/)
  await page.getByTestId('job-result').first().getByRole('link').first().click()
  await expect(page).toHaveURL(/\/match\/jobs\//)
  await expect(page.getByRole('heading', { name: /Tech stack/ })).toBeVisible()
  await screenshot(page, 'match-job-page')
})

test('a visitor saving is asked to sign in; signed in, the search and job stack are saved and load again', async ({
  page,
}) => {
  await page.goto('/match')
  await expect(page.getByTestId('job-result').first()).toBeVisible()
  await page.getByRole('button', { name: 'Save Search' }).click()
  await expect(page.getByRole('dialog')).toContainText('Sign in to save your search and job stack.')
  await page.keyboard.press('Escape')

  await signUp(page)
  await page.getByPlaceholder('Location').fill('Berlin')
  await page.getByRole('button', { name: 'Save Search' }).click()
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible()
  await page.getByPlaceholder('Location').fill('Berlin!')
  await expect(page.getByRole('button', { name: 'Save Search' })).toBeVisible()

  await page.goto('/match')
  await expect(page.getByPlaceholder('Location')).toHaveValue('Berlin')
  await expect(page.getByRole('list', { name: 'Tools to include' })).toContainText(/React/i)
  await screenshot(page, 'match-saved')
})

test('a reload keeps what the user left: a path tool removed or moved to the excluded list stays so', async ({
  page,
}) => {
  const url =
    '/match?selectedTools=react&excludedTools=node-js&location=Berlin&jobSearch=engineer&searchOperator=OR&remote=true'
  await page.goto(url)
  const include = page.getByRole('list', { name: 'Tools to include' })
  const exclude = page.getByRole('list', { name: 'Tools to exclude' })
  await expect(include).toContainText(/React/i)
  await expect(exclude).toContainText(/Node/i)
  await page.reload()
  await expect(include).toContainText(/React/i)
  await expect(exclude).toContainText(/Node/i)
  await expect(page.getByPlaceholder('Location')).toHaveValue('Berlin')
  await expect(page.getByPlaceholder('Search by position, industry or keyword')).toHaveValue('engineer')
  await expect(page.getByRole('switch')).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Remote' })).toBeChecked()
  await expect(page).toHaveURL(/selectedTools=react&excludedTools=node-js&location=Berlin&jobSearch=engineer/)

  // adding a tool to one list takes it out of the other (spec §4)
  await page.getByRole('searchbox', { name: 'Tools to include' }).fill('node')
  await page.getByRole('list', { name: 'Tools matching node' }).getByRole('button', { name: /^Node/ }).first().click()
  await expect(include).toContainText(/Node/i)
  await expect(exclude.getByText(/Node/i)).toHaveCount(0)
  await screenshot(page, 'match/moved-tool')

  // /match/{toolSlug}: once removed, the path's tool does not come back on reload
  await page.goto('/match/node-js')
  await expect(include).toContainText(/Node/i)
  await include.getByRole('button', { name: /^Remove Node/ }).click()
  await expect(include.getByText(/Node/i)).toHaveCount(0)
  await expect(page).toHaveURL(/selectedTools=(&|$)/)
  await page.reload()
  await expect(page.getByText('Add tools to include or exclude to see matches.')).toBeVisible()
  await expect(include.getByText(/Node/i)).toHaveCount(0)
  await screenshot(page, 'match/path-tool-removed')
})

test('Enter in the tool pickers adds the highlighted suggestion, the exact name first; arrows move it', async ({
  page,
}) => {
  await page.goto('/match?selectedTools=node-js')
  const include = page.getByRole('list', { name: 'Tools to include' })
  await expect(include).toContainText(/Node/i)
  const search = page.getByRole('searchbox', { name: 'Tools to include' })
  // typed fast and Enter at once: the Enter waits for the suggestions of 'react', then React itself is picked
  await search.pressSequentially('react')
  await search.press('Enter')
  await expect(include.getByText('React', { exact: true })).toBeVisible()
  await expect(include.getByRole('listitem')).toHaveCount(2)
  await expect(search).toHaveValue('')

  // the excluded list's picker behaves the same; Arrow Down highlights the second suggestion and Enter adds it
  const exclude = page.getByRole('list', { name: 'Tools to exclude' })
  const excludeSearch = page.getByRole('searchbox', { name: 'Tools to exclude' })
  await excludeSearch.fill('post')
  const options = page.getByRole('list', { name: 'Tools matching post' }).getByRole('button')
  await expect(options.nth(1)).toBeVisible()
  await expect(options.first()).toHaveAttribute('data-active', 'true')
  const second = (await options.nth(1).innerText()).trim()
  await excludeSearch.press('ArrowDown')
  await expect(options.nth(1)).toHaveAttribute('data-active', 'true')
  await expect(excludeSearch).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!)
  await screenshot(page, 'match/picker-highlight')
  await page.setViewportSize({ width: 390, height: 844 })
  // phones fold the filters behind 'Filters' when the URL brought tools (decision 041); opening them keeps the picker
  await page.getByRole('button', { name: /^Filters/ }).click()
  await expect(options.nth(1)).toHaveAttribute('data-active', 'true')
  await screenshot(page, 'match/picker-highlight-phone')
  await excludeSearch.press('Enter')
  await expect(exclude.getByText(second, { exact: true })).toBeVisible()
})
