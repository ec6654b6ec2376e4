// The audit log (issue 17 'Audit log', decision 050): an admin changes a user's role in /admin/users, finds the
// change in /admin/audit (who, what, subject, address, details), filters it by who and what, loads older events,
// exports the JSON lines of the filters, and the page works with the keyboard and on a 390 px phone; a moderator is
// refused the page.
import fs from 'node:fs'
import { expectNoA11yViolations } from './a11y.ts'
import { callApi, screenshot, signInAsBootstrapAdminByApi, uniqueName, verifyEmailOf } from './helpers.ts'
import { type BrowserContext, expect, test } from './test.ts'

/** A person signed up through the API in a context of their own; answers their id. */
async function person(context: BrowserContext, username: string) {
  const origin = new URL(test.info().project.use.baseURL!).origin
  const signedUp = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: { email: `${username}@example.test`, password: 'correct-horse-battery', name: `Audit ${username}`, username },
  })
  expect(signedUp.ok()).toBe(true)
  // an admin's role needs a verified address (decision 052)
  await verifyEmailOf(context.request, `${username}@example.test`, origin)
  await context.request.post('/api/v1/onboarding/finish', { headers: { origin }, data: {} })
  return Number((await signedUp.json()).user.id)
}

test('an admin finds a role change in the audit log, filters it, loads more and exports it', async ({
  page,
  browser,
}) => {
  const targetContext = await browser.newContext()
  const target = uniqueName('audited')
  const targetId = await person(targetContext, target)
  // an admin of this test's own, so the log's filters find only what this test did
  const admin = uniqueName('auditor')
  await page.goto('/')
  const adminId = await person(page.context(), admin)
  const bootstrap = await (await browser.newContext()).newPage()
  await signInAsBootstrapAdminByApi(bootstrap)
  await callApi(bootstrap, 'POST', `/api/v1/admin/users/${adminId}/role`, { role: 'admin' })
  await bootstrap.context().close()

  // the change, made on the users screen
  await page.goto(`/admin/users?q=${target}`)
  await page.getByLabel(`Role of @${target}`).selectOption('moderator')
  await expect(page.getByText(`@${target} is now moderator.`)).toBeVisible()

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click()
  await expect(page).toHaveURL(/\/admin\/audit$/)
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: 'Changed a role' }).filter({ hasText: target }).first()
  await expect(row).toContainText(`@${admin}`)
  await expect(row).toContainText(`${admin}@example.test`)
  await expect(row).toContainText(`User #${targetId}`)
  await expect(row.getByRole('cell', { name: /127\.0\.0\.1|::1/ })).toBeVisible()
  // details open from the keyboard
  await row.getByText('Details').focus()
  await page.keyboard.press('Enter')
  await expect(row.locator('pre')).toContainText('"role": "moderator"')
  await expect(row.locator('pre')).toContainText('"role": "user"')
  await expect(row.getByText('User agent:')).toBeVisible()

  // filters: by who and what, typed and chosen with the keyboard, applied with Enter
  await page.getByLabel('Who (username)').fill(`@${admin}`)
  await page.getByLabel('Action').selectOption('user.unbanned')
  await page.getByLabel('Who (username)').press('Enter')
  await expect(page).toHaveURL(new RegExp(`actor=%40${admin}&action=user\\.unbanned`))
  await expect(page.getByText('No events match these filters.')).toBeVisible()
  await page.getByLabel('Action').selectOption('user.role_changed')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('row').filter({ hasText: target }).first()).toBeVisible()
  await page.getByLabel('Subject').selectOption('company')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('No events match these filters.')).toBeVisible()
  await page.getByRole('button', { name: 'Clear' }).click()
  await expect(page).toHaveURL(/\/admin\/audit$/)
  await expect(page.getByLabel('Action')).toHaveValue('')

  // more than a page: 50 rows, then the older ones behind "Load more"
  for (let index = 0; index < 26; index++) {
    await callApi(page, 'POST', `/api/v1/admin/users/${targetId}/role`, { role: 'user' })
    await callApi(page, 'POST', `/api/v1/admin/users/${targetId}/role`, { role: 'moderator' })
  }
  await page.goto(`/admin/audit?actor=${admin}&action=user.role_changed`)
  const rows = page.locator('tbody tr')
  await expect(rows).toHaveCount(50)
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(rows).toHaveCount(53)
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0)

  // the export: the current filters as JSON lines
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export JSON lines' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^audit-start-to-\d{4}-\d{2}-\d{2}\.jsonl$/)
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\n')
  expect(lines).toHaveLength(53)
  const newest = JSON.parse(lines[0]!)
  expect(newest).toMatchObject({
    action: 'user.role_changed',
    actor: { username: admin },
    subject_id: String(targetId),
  })

  await page.setViewportSize({ width: 1280, height: 900 })
  await screenshot(page, 'audit-log')
  await expectNoA11yViolations(page)

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/admin/audit?actor=${admin}`)
  await expect(rows.first()).toBeVisible()
  await rows.first().getByText('Details').click()
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(390)
  await screenshot(page, 'audit-log-phone')

  // the target, now a moderator, is refused the page and does not see its tab
  const moderator = await targetContext.newPage()
  await moderator.goto('/admin/audit')
  await expect(moderator.getByText('Only admins can read the audit log.')).toBeVisible()
  await expect(moderator.getByRole('link', { name: 'Audit log' })).toHaveCount(0)
  await targetContext.close()
})
