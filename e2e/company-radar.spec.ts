// A company's Tech Radar (issue 18, decision 064): reached from the company page, drawn by the server as SVG (blips
// that link to their tools, numbered, not overlapping, with a legend and the list beside), read without JavaScript,
// and an admin moves a tool to another ring with a reason that its history then shows; a visitor cannot move.
// At 1280 and 390 px.
import { callApi, screenshot, signUp, uniqueName, waitForApp } from './helpers.ts'
import { expect, test } from './test.ts'

/** Catalog tools across the four layers; the ones this catalog lacks are left out. */
const WANTED = ['react', 'postgresql', 'redis', 'nodejs', 'docker', 'kubernetes', 'github-actions', 'nginx', 'slack']

test('the company radar: from the company page, SVG with numbered linked blips, an admin moves a tool (1280 and 390 px)', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await signUp(page)
  const token = uniqueName('radarco')
  const { slug, id } = await callApi<{ slug: string; id: number }>(page, 'POST', '/api/v1/companies/create', {
    company: {
      name: `Radar Co ${token}`,
      website_url: 'https://radarco.example',
      description: 'We draw radars.',
      email_address: 'team@radarco.example',
    },
  })
  const { tools } = await callApi<{ tools: Array<{ id: number; slug: string; name: string }> }>(
    page,
    'GET',
    `/services/find_all_by_actual_slug?slugs=${WANTED.join(',')}`,
  )
  expect(tools.length).toBeGreaterThanOrEqual(5)
  const [first, second, ...rest] = tools
  // the first tool in every stack (Adopt), the second in two of four (Adopt), the rest in one (Trial)
  const stackTools = [[first!, second!, rest[0]!], [first!, second!, rest[1]!], [first!, ...rest.slice(2)], [first!]]
  for (const [index, services] of stackTools.entries()) {
    await callApi(page, 'POST', '/api/v1/stacks/create', {
      stack: {
        name: `Radar Stack ${index} ${token}`,
        services: services.map((tool) => tool.id),
        owner: { type: 'Company', id },
      },
    })
  }

  // the company page links to it
  await page.goto(`/companies/${slug}`)
  await page.getByRole('link', { name: 'Tech Radar' }).click()
  await expect(page).toHaveURL(new RegExp(`/companies/${slug}/radar$`))
  await expect(page.getByRole('heading', { level: 1, name: `Radar Co ${token} Tech Radar` })).toBeVisible()

  // the whole radar (a phone's one-quadrant drawing is titled 'Tech Radar: {quadrant}')
  const radar = page.locator('svg').filter({ has: page.locator('title', { hasText: /Tech Radar$/ }) })
  const blips = radar.locator('a')
  await expect(blips).toHaveCount(tools.length)
  // each blip links to its tool and is named by its number, tool, ring and quadrant
  const firstBlip = radar.locator(`a[href="/tools/${first!.slug}"]`)
  await expect(firstBlip).toHaveAttribute('aria-label', new RegExp(`^\\d+\\. ${first!.name}: Adopt, `))
  // no two blips overlap (their drawn boxes, shrunk by the triangles' corners, do not meet)
  const boxes = await blips.evaluateAll((links) =>
    links.map((link) => {
      const shape = (link as SVGAElement).querySelector('circle, polygon') as SVGGraphicsElement
      const box = shape.getBoundingClientRect()
      return { x: box.x + box.width / 2, y: box.y + box.height / 2, r: Math.min(box.width, box.height) / 2 }
    }),
  )
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(a.r + b.r)
  }
  // the list beside names every blip by number, and the legend names rings and quadrants
  const list = page.getByRole('region', { name: /tools$/ })
  await expect(list.getByRole('listitem')).toHaveCount(tools.length)
  const legend = page.getByRole('region', { name: 'Legend' })
  for (const name of [
    'Adopt',
    'Trial',
    'Assess',
    'Hold',
    'Application & Data',
    'Utilities',
    'DevOps',
    'Business Tools',
  ])
    await expect(legend.getByText(name, { exact: true })).toBeVisible()
  // keyboard: a blip takes the focus, and Enter opens its tool
  await firstBlip.focus()
  await expect(firstBlip).toBeFocused()
  await screenshot(page, 'company-radar')

  // an admin moves the first tool to Hold: a too-short reason is refused, then the move shows with its history
  await page.getByRole('button', { name: `Move ${first!.name}` }).click()
  const form = page.getByRole('form', { name: `Move ${first!.name}` })
  await form.getByLabel('Move to').selectOption('hold')
  await form.getByLabel('Reason').fill('no')
  await form.getByRole('button', { name: `Move ${first!.name}` }).click()
  await expect(form.getByText('Reason is too short (minimum is 3 characters)')).toBeVisible()
  await form.getByLabel('Reason').fill('We are replacing it with something simpler.')
  await form.getByRole('button', { name: `Move ${first!.name}` }).click()
  await expect(form).toBeHidden()
  await expect(page.getByRole('button', { name: `Move ${first!.name}` })).toBeFocused()
  const item = page.locator(`#radar-${first!.slug}`)
  await expect(item).toContainText('Hold')
  await expect(item).toContainText('moved out')
  await expect(item).toContainText('Adopt from its use')
  await item.getByText('History (1 move)').click()
  await expect(item).toContainText('Adopt → Hold')
  await expect(item).toContainText('We are replacing it with something simpler.')
  await expect(firstBlip).toHaveAttribute('aria-label', new RegExp(`${first!.name}: Hold, .*moved out$`))
  await expect(firstBlip.locator('polygon')).toHaveCount(1)
  await screenshot(page, 'company-radar-moved')

  // the server's HTML alone has the radar, its links, the list and the history (no JavaScript needed)
  const html = await (await page.request.get(`/companies/${slug}/radar`)).text()
  expect(html).toContain('<svg')
  expect(html).toContain(`href="/tools/${first!.slug}"`)
  expect(html).toContain('We are replacing it with something simpler.')

  // a visitor sees the same radar and no Move buttons; without JavaScript it reads the same
  const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(`${new URL(page.url()).origin}/companies/${slug}/radar`)
  await expect(
    visitorPage
      .locator('svg')
      .filter({ has: visitorPage.locator('title', { hasText: /Tech Radar$/ }) })
      .locator('a'),
  ).toHaveCount(tools.length)
  await expect(visitorPage.locator(`#radar-${first!.slug}`)).toContainText('Hold')
  await expect(visitorPage.getByRole('button', { name: /^Move / })).toHaveCount(0)
  await visitor.close()

  // phone: one quadrant at a time at the screen's width, picked by its name, every word and number at least 11 px
  // (the whole radar shrunk to a phone drew 5 px numbers); nothing scrolls sideways
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await waitForApp(page)
  await expect(radar).toBeHidden()
  const quadrant = page.locator('svg').filter({ has: page.locator('title', { hasText: /Tech Radar: / }) })
  for (const name of ['Application & Data', 'Utilities', 'DevOps', 'Business Tools']) {
    await page.getByRole('button', { name: new RegExp(`^${name}\\s*\\d+$`) }).click()
    await expect(quadrant.locator('title').first()).toHaveText(`Radar Co ${token} Tech Radar: ${name}`)
    const drawn = await quadrant.evaluate((svg) => {
      const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width
      const sizes = [...svg.querySelectorAll('text')].map(
        (text) => Number.parseFloat(getComputedStyle(text).fontSize) * scale,
      )
      return { width: svg.getBoundingClientRect().width, smallest: Math.min(...sizes) }
    })
    expect(drawn.width).toBeGreaterThan(330)
    expect(drawn.smallest).toBeGreaterThanOrEqual(11)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  }
  await screenshot(page, 'company-radar-phone')
})
