// The tool catalog as a visitor meets it: home, search, the directory and its paging, a tool page, and the
// not-found page. Runs against the real catalog the server seeds on its first start.
import { AxeBuilder } from '@axe-core/playwright'
import { screenshot, signUp, uniqueName } from './helpers.ts'
import { expect, type Page, test } from './test.ts'

/** Loads every lazy logo (a full-page screenshot never scrolls to them) and checks that each one rendered. */
async function expectLogosLoaded(page: Page) {
  // lists that render later bring new lazy images: switch them to eager on every poll
  // (a lazy image whose load has not started yet can read complete with no currentSrc: wait for the load itself)
  await page.waitForFunction(() =>
    [...document.images].every((image) => {
      image.loading = 'eager'
      return image.complete && image.currentSrc !== ''
    }),
  )
  const broken = await page.evaluate(() =>
    [...document.images].filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc),
  )
  expect(broken).toEqual([])
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
}

test('home shows the search, popular tools, newest tools and the categories', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Find the right tools' })).toBeVisible()
  const popular = page.getByRole('region', { name: 'Popular tools' })
  await expect(popular.getByRole('link', { name: /React/ }).first()).toBeVisible()
  expect(await popular.getByRole('listitem').count()).toBeGreaterThanOrEqual(12)
  await expect(page.getByRole('region', { name: 'Newest tools' }).getByRole('link').first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Application & Data' })).toBeVisible()
  await expect(page).toHaveTitle('Stackatlas')
  // every tool has a logo (a package's or a generated monogram)
  await expectLogosLoaded(page)
  await expectNoAxeViolations(page)
  await screenshot(page, 'tools-home')
})

test("searching 'react' finds React and opens its page", async ({ page }) => {
  await page.goto('/')
  await page.getByRole('searchbox', { name: 'Search tools' }).first().fill('react')
  await page.getByRole('searchbox', { name: 'Search tools' }).first().press('Enter')
  await expect(page).toHaveURL(/\/search\?q=react$/)
  const results = page.getByRole('list', { name: 'Results for react' })
  const first = results.getByRole('listitem').first()
  await expect(first.getByRole('link', { name: 'React', exact: true })).toBeVisible()
  await expect(page).toHaveTitle('Search results for “react” | Stackatlas')
  await expectNoAxeViolations(page)
  await expectLogosLoaded(page)
  await screenshot(page, 'tools-search')

  await first.getByRole('link', { name: 'React', exact: true }).click()
  await expect(page).toHaveURL(/\/tools\/react$/)
  await expect(page.getByRole('heading', { level: 1, name: 'React' })).toBeVisible()
  await expect(page).toHaveTitle(/^React/)
  const website = page.getByRole('link', { name: /Visit website/ })
  await expect(website).toHaveAttribute('rel', 'nofollow noopener')
  await expect(website).toHaveAttribute('target', '_blank')
  await expect(page.getByText(/\d+ stacks? uses? React/)).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Tools' })).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshot(page, 'tools-tool-page')
})

test('a tool page lists the public stacks that use it', async ({ page, baseURL }) => {
  // Memcached: no other browser test puts it in a stack, so its empty state holds whatever ran before
  await page.goto('/tools/memcached')
  await expect(page.getByText('No public stack uses Memcached yet.')).toBeVisible()
  const { username } = await signUp(page)
  // the stack wizard's calls, made as the signed-in user (the wizard's pages belong to another feature)
  const headers = { origin: baseURL! }
  const current = await (await page.request.get('/api/v1/users/current')).json()
  const found = await (await page.request.get('/services/find_all_by_actual_slug?slugs=memcached,postgresql')).json()
  const stackName = uniqueName('Cache Stack ')
  const created = await page.request.post('/api/v1/stacks/create', {
    headers,
    data: {
      stack: {
        name: stackName,
        services: found.tools.map((tool: { id: number }) => tool.id),
        owner: { type: 'User', id: current.user.id },
      },
    },
  })
  expect(created.ok()).toBe(true)

  await page.reload()
  await expect(page.getByText(/1 stack uses Memcached/)).toBeVisible()
  const stacks = page.getByRole('region', { name: 'Stacks using Memcached' })
  await expect(stacks.getByRole('link', { name: new RegExp(stackName) })).toHaveAttribute(
    'href',
    new RegExp(`^/${username.toLowerCase()}/`),
  )
  await expectNoAxeViolations(page)
  await screenshot(page, 'tools-tool-page-with-stacks')
})

test('search answers as you type, and says so when nothing matches', async ({ page }) => {
  await page.goto('/search')
  const field = page.getByRole('main').getByRole('searchbox', { name: 'Search tools' })
  await field.fill('postg')
  await expect(page).toHaveURL(/\/search\?q=postg$/)
  await expect(page.getByRole('link', { name: 'PostgreSQL', exact: true })).toBeVisible()
  await field.fill('qqzzxxnothing')
  await expect(page.getByRole('heading', { name: 'No tools match “qqzzxxnothing”' })).toBeVisible()
  await page.getByRole('checkbox', { name: 'Show packages' }).check()
  await expect(page).toHaveURL(/packages=1/)
  await screenshot(page, 'tools-search-empty')
})

test('the directory pages 20 tools at a time with the page in the URL', async ({ page }) => {
  const pager = page.getByRole('navigation', { name: 'Pagination' })
  await page.goto('/tools')
  await expect(page.getByRole('heading', { level: 1, name: 'All tools' })).toBeVisible()
  const list = page.getByRole('list', { name: 'All tools' })
  await expect(list.getByRole('listitem')).toHaveCount(20)
  const firstOnPageOne = await list.getByRole('listitem').first().getByRole('link').innerText()
  await expectNoAxeViolations(page)
  await expectLogosLoaded(page)
  await screenshot(page, 'tools-directory')

  await pager.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/tools\?page=2$/)
  await expect(pager.getByText('Page 2')).toBeVisible()
  await expect(list.getByRole('listitem')).toHaveCount(20)
  await expect(list.getByRole('listitem').first().getByRole('link')).not.toHaveText(firstOnPageOne)
  await pager.getByRole('link', { name: 'Previous' }).click()
  await expect(page).toHaveURL(/\/tools$/)
  await expect(list.getByRole('listitem').first().getByRole('link')).toHaveText(firstOnPageOne)

  // a category from the sidebar: its own page, paged the same way
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: /Languages/ })
    .last()
    .click()
  await expect(page).toHaveURL(/\/categories\/languages$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Languages' })).toBeVisible()
  await expect(page).toHaveTitle('Languages | Stackatlas')
  await pager.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/categories\/languages\?page=2$/)
  await screenshot(page, 'tools-category')
})

test("an unknown tool shows 'Sorry, we couldn't find that page :('", async ({ page }) => {
  await page.goto('/tools/no-such-tool-anywhere')
  await expect(page.getByRole('heading', { name: "Sorry, we couldn't find that page :(" })).toBeVisible()
  await page.goto('/categories/no-such-category')
  await expect(page.getByRole('heading', { name: "Sorry, we couldn't find that page :(" })).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('home, search, directory and tool pages fit a 390 px screen', async ({ page }) => {
    for (const [path, name, ready] of [
      ['/', 'tools-home-mobile', page.getByRole('heading', { name: 'Popular tools' })],
      ['/search?q=post', 'tools-search-mobile', page.getByRole('link', { name: 'PostgreSQL', exact: true })],
      ['/tools', 'tools-directory-mobile', page.getByRole('list', { name: 'All tools' })],
      ['/tools/postgresql', 'tools-tool-page-mobile', page.getByRole('heading', { level: 1, name: 'PostgreSQL' })],
    ] as const) {
      await page.goto(path)
      await expect(ready).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0)
      await expectLogosLoaded(page)
      await screenshot(page, name)
    }
  })
})
