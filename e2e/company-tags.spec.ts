// Company tags (issue 20, decision 039): a company admin gives the company tags on /companies/{slug}/edit; Stack
// Match's job and company results show them at once and its keyword search finds them; a refused tag is named.

import { screenshot, signUp, uniqueName } from './helpers.ts'
import { expect, test } from './test.ts'

test('an admin sets tags on the edit page, and Stack Match shows them on its results (1280 and 390 px)', async ({
  page,
}) => {
  const origin = () => new URL(page.url()).origin
  await page.goto('/')
  await signUp(page)
  const token = uniqueName('tagco')
  const created = await page.request.post('/api/v1/companies/create', {
    headers: { origin: origin() },
    data: {
      company: {
        name: `Tag Co ${token}`,
        website_url: 'https://tagco.example',
        description: 'We tag things.',
        email_address: 'team@tagco.example',
      },
    },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const { slug, id } = (await created.json()) as { slug: string; id: number }
  const found = await page.request.get('/services/find_all_by_actual_slug?slugs=elixir')
  const elixir = ((await found.json()) as { tools: Array<{ id: number }> }).tools[0]!
  const job = await page.request.post(`/api/v1/companies/${slug}/jobs`, {
    headers: { origin: origin() },
    data: {
      job: {
        title: `Tagged Engineer ${token}`,
        apply_url: 'https://tagco.example/careers',
        description: 'A job for the company tags journey in Stack Match.',
        tool_ids: [elixir.id],
        expires_on: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      },
    },
  })
  expect(job.ok(), await job.text()).toBe(true)
  const stack = await page.request.post('/api/v1/stacks/create', {
    headers: { origin: origin() },
    data: { stack: { name: `Tag Co Stack ${token}`, services: [elixir.id], owner: { type: 'Company', id } } },
  })
  expect(stack.ok(), await stack.text()).toBe(true)

  await page.goto(`/companies/${slug}/edit`)
  const tags = page.getByLabel('Tags', { exact: true })
  await expect(tags).toHaveValue('')
  // a tag over 30 characters is named, and nothing is saved
  await tags.fill(`Fintech, ${'x'.repeat(31)}`)
  await page.getByRole('button', { name: 'Save Company' }).click()
  await expect(page.getByText('Tags has a tag that is too long (maximum is 30 characters).')).toBeVisible()
  await screenshot(page, 'company-tags-error')
  await tags.fill(`Fintech, Payments ${token}, fintech`)
  await page.getByRole('button', { name: 'Save Company' }).click()
  await expect(page).toHaveURL(new RegExp(`/companies/${slug}$`))

  // the keyword search finds the company's job by a tag, and both result cards list the tags
  await page.goto(`/match?selectedTools=elixir&jobSearch=${encodeURIComponent(`payments ${token}`)}`)
  const result = page.getByTestId('job-result').filter({ hasText: `Tagged Engineer ${token}` })
  await expect(result).toBeVisible()
  await expect(result.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    'Fintech',
    `Payments ${token}`,
  ])
  await screenshot(page, 'company-tags-match-jobs')
  await page.getByRole('tab', { name: /Companies/ }).click()
  const company = page.getByTestId('company-result').filter({ hasText: `Tag Co ${token}` })
  await expect(company.getByRole('list', { name: 'Tags' })).toContainText('Fintech')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'company-tags-match-companies-phone')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  // the edit page shows them again, and at phone width fits
  await page.goto(`/companies/${slug}/edit`)
  await expect(tags).toHaveValue(`Fintech, Payments ${token}`)
  await screenshot(page, 'company-tags-edit-phone')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
