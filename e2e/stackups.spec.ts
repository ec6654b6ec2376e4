// The comparison page /stackups/{a}-vs-{b} (issue 8 "Tool pages"): two tools side by side, the canonical
// (alphabetical) order with the other order redirected, structured data, and the not-found page for unknown tools.

import { expectNoA11yViolations } from './a11y.ts'
import { screenshot } from './helpers.ts'
import { structuredDataOf, structuredDataProblems } from './structured-data.ts'
import { expect, test } from './test.ts'

test('the other order redirects (301) to the canonical comparison, whose HTML carries its head', async ({
  request,
}) => {
  const redirect = await request.get('/stackups/vue-js-vs-react', { maxRedirects: 0 })
  expect(redirect.status()).toBe(301)
  expect(redirect.headers().location).toBe('/stackups/react-vs-vue-js')
  const page = await request.get('/stackups/react-vs-vue-js')
  expect(page.status()).toBe(200)
  const html = await page.text()
  expect(html).toContain('<title>React vs Vue.js: what are the differences? | Stackatlas</title>')
  expect(structuredDataProblems(html)).toEqual([])
  expect(structuredDataOf(html)[0]).toMatchObject({
    '@type': 'WebPage',
    about: [
      { '@type': 'SoftwareApplication', name: 'React' },
      { '@type': 'SoftwareApplication', name: 'Vue.js' },
    ],
  })
  expect((await request.get('/stackups/react-vs-no-such-tool-here')).status()).toBe(404)
})

test('a side named by an alias redirects (301) to the canonical comparison, as /tools/{alias} does', async ({
  request,
}) => {
  for (const [asked, canonical] of [
    ['/stackups/nodejs-vs-react', '/stackups/node-js-vs-react'],
    ['/stackups/vuejs-vs-react', '/stackups/react-vs-vue-js'],
  ] as const) {
    const redirect = await request.get(asked, { maxRedirects: 0 })
    expect(redirect.status(), asked).toBe(301)
    expect(redirect.headers().location, asked).toBe(canonical)
    expect((await request.get(canonical)).status(), canonical).toBe(200)
  }
})

test('two tools side by side: titles, category, followers, stacks, pros and cons, companies', async ({ page }) => {
  await page.goto('/stackups/vue-js-vs-react')
  await expect(page).toHaveURL(/\/stackups\/react-vs-vue-js$/)
  await expect(page.getByRole('heading', { level: 1, name: 'React vs Vue.js' })).toBeVisible()
  await expect(page).toHaveTitle('React vs Vue.js: what are the differences? | Stackatlas')
  await expect(page.locator('link#canonical-link')).toHaveAttribute('href', /\/stackups\/react-vs-vue-js$/)

  const sides = page.getByTestId('stackup-tool')
  await expect(sides).toHaveCount(2)
  await expect(sides.nth(0).getByRole('link', { name: 'React', exact: true })).toHaveAttribute('href', '/tools/react')
  await expect(sides.nth(1).getByRole('link', { name: 'Vue.js', exact: true })).toHaveAttribute('href', '/tools/vue-js')
  await expect(sides.nth(0).getByRole('button', { name: /Follow React/ })).toBeVisible()

  const table = page.getByRole('table')
  await expect(table.getByRole('columnheader')).toHaveText(['React', 'Vue.js'])
  for (const row of ['Category', 'Followers', 'Stacks', 'Companies', 'Pros', 'Cons']) {
    await expect(table.getByRole('rowheader', { name: row })).toBeVisible()
  }
  const reasons = page.getByRole('region', { name: 'Pros & Cons' })
  await expect(reasons.getByRole('heading', { name: /Pros of React/ })).toBeVisible()
  await expect(reasons.getByRole('heading', { name: /Cons of Vue.js/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Companies using them' })).toBeVisible()

  await expectNoA11yViolations(page)
  await screenshot(page, 'stackup-desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoA11yViolations(page)
  await screenshot(page, 'stackup-phone')

  await sides.nth(1).getByRole('link', { name: 'Vue.js', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Vue.js' })).toBeVisible()
})

test('an unknown tool, or the same tool twice, shows the not-found page', async ({ page }) => {
  for (const pair of ['react-vs-no-such-tool-here', 'react-vs-react']) {
    await page.goto(`/stackups/${pair}`)
    await expect(page.getByText("Sorry, we couldn't find that page :(")).toBeVisible()
  }
})
