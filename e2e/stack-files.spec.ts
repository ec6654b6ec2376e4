// Stack files in and out through the UI (issue 18, decision 061): a person exports a stack from its page's Export
// menu (mouse and keyboard), downloads the techstack.yml, then imports it, with one name the catalog lacks, from the
// wizard's "Import a stack file" page, and sees the new stack's link and the name that was not imported. At 1280 px
// and on a 390 px phone, with no horizontal scroll.
import { parse as parseYaml } from 'yaml'
import { expectNoA11yViolations } from './a11y.ts'
import { callApi, screenshot, signUp, uniqueName, waitForApp } from './helpers.ts'
import { expect, type Page, test } from './test.ts'

const PHONE = { width: 390, height: 844 }

async function createStack(page: Page, name: string) {
  const current = await callApi<{ user: { id: number } }>(page, 'GET', '/api/v1/users/current')
  const found = await callApi<{ tools: Array<{ id: number }> }>(
    page,
    'GET',
    '/services/find_all_by_actual_slug?slugs=react,postgresql,docker',
  )
  const created = await callApi<{ redirect: string }>(page, 'POST', '/api/v1/stacks/create', {
    stack: { name, services: found.tools.map((tool) => tool.id), owner: { type: 'User', id: current.user.id } },
  })
  return created.redirect
}

async function expectNoHorizontalScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(PHONE.width)
}

test('a stack is exported from its page and imported back from the wizard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await signUp(page, uniqueName('files'))
  const stackPath = await createStack(page, 'Files shop')

  await page.goto(stackPath)
  await waitForApp(page)
  const exportMenu = page.locator('summary', { hasText: 'Export' })
  await exportMenu.click()
  const links = page.getByRole('list', { name: 'Export this stack as' }).getByRole('link')
  await expect(links).toHaveText([
    'StackShare Stack File (techstack.yml)',
    'Backstage entity (catalog-info.yaml)',
    'CycloneDX SBOM (JSON)',
    'Tech Radar (Zalando JSON)',
    'StackShare page (techstack.md)',
    'Backstage Tech Radar (JSON)',
  ])
  await screenshot(page, 'stack-files-export-menu-1280')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    links.filter({ hasText: 'techstack.yml' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('techstack.yml')
  const fileText = await (await download.createReadStream())
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString())
  const file = parseYaml(fileText)
  expect(file.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(['Docker', 'PostgreSQL', 'React'])

  // the keyboard opens the menu and reaches its links
  await page.reload()
  await waitForApp(page)
  await exportMenu.focus()
  await page.keyboard.press('Enter')
  await expect(links.first()).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(links.first()).toBeFocused()

  // the wizard's scan step leads to the import page
  await page.goto('/create-stack/scan')
  await waitForApp(page)
  await page.getByRole('link', { name: 'Import a stack file' }).click()
  await expect(page.getByRole('heading', { name: 'Import a stack file' })).toBeVisible()
  const edited = `${fileText}- name: Toolzilla Nonexistent\n  category: Application & Data\n`
  await page.getByLabel('File', { exact: true }).setInputFiles({
    name: 'techstack.yml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(edited),
  })
  await expect(page.getByText('techstack.yml (')).toBeVisible()
  await page.getByLabel('Stack name (optional)').fill('Files shop copy')
  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Created Files shop copy with 3 tools' })).toBeVisible()
  const notImported = page.getByRole('heading', { name: 'Not imported (1)' })
  await expect(notImported).toBeVisible()
  await expect(page.getByText('Toolzilla Nonexistent', { exact: true })).toBeVisible()
  await expectNoA11yViolations(page)
  await screenshot(page, 'stack-files-import-1280')

  // the same page on a phone
  await page.setViewportSize(PHONE)
  await expectNoHorizontalScroll(page)
  await screenshot(page, 'stack-files-import-390')

  await page.getByRole('link', { name: 'View the stack' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Files shop copy' })).toBeVisible()
  await exportMenu.click()
  await expect(links.first()).toBeVisible()
  await expectNoHorizontalScroll(page)
  await screenshot(page, 'stack-files-export-menu-390')
})

test("a visitor's Export menu on a phone stays on the screen, before and after the page's script runs", async ({
  browser,
  page,
}) => {
  await page.goto('/')
  await signUp(page, uniqueName('phone-export'))
  const stackPath = await createStack(page, 'Phone export shop')
  // a visitor: Follow and Export share the row, Export second, where its menu used to hang off the right edge
  for (const javaScriptEnabled of [true, false]) {
    const visitor = await browser.newContext({ viewport: PHONE, javaScriptEnabled })
    const phone = await visitor.newPage()
    await phone.goto(stackPath)
    if (javaScriptEnabled) await waitForApp(phone)
    // the follower count is public: the server draws it, never a placeholder (issue 31 cosmetic 5)
    await expect(phone.getByTestId('follow-button')).toHaveText(/^Follow\s*0$/)
    await phone.locator('summary', { hasText: 'Export' }).click()
    const menu = phone.getByRole('list', { name: 'Export this stack as' })
    await expect(menu).toBeVisible()
    const box = (await menu.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
    await expectNoHorizontalScroll(phone)
    await screenshot(phone, `stack-files-export-menu-visitor-390${javaScriptEnabled ? '' : '-no-js'}`)
    await visitor.close()
  }
})
