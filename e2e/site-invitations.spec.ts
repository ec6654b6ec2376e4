// Site invitations (issue 17, decision 052): an admin invites an address from /admin/invitations, the invitation
// arrives by e-mail, its link opens sign-up with the address fixed, and the account starts verified; an admin revokes
// another, whose link then says so.
import { expectNoA11yViolations } from './a11y.ts'
import { linkMailedTo, screenshot, signInAsBootstrapAdminByApi, uniqueName } from './helpers.ts'
import { expect, test } from './test.ts'

const PHONE = { width: 390, height: 844 }

test('an admin invites by e-mail, the invited person signs up from the link, verified; a revoked link says so', async ({
  page,
  browser,
}) => {
  await signInAsBootstrapAdminByApi(page)
  await page.goto('/admin/invitations')
  const invited = `${uniqueName('inv')}@example.test`
  const revoked = `${uniqueName('rev')}@example.test`
  for (const email of [invited, revoked]) {
    await page.getByLabel('E-mail address to invite').fill(email)
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible()
  }
  const pending = page.getByRole('list', { name: 'Pending invitations' })
  await expect(pending.getByText(invited)).toBeVisible()
  await expect(pending.getByText(revoked)).toBeVisible()
  await screenshot(page, 'invitations/admin')
  await expectNoA11yViolations(page)
  await page.setViewportSize(PHONE)
  await screenshot(page, 'invitations/admin-phone')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.getByRole('button', { name: `Revoke the invitation of ${revoked}` }).click()
  await expect(pending.getByText(revoked)).toHaveCount(0)

  const visitor = await (await browser.newContext()).newPage()
  const revokedLink = await linkMailedTo(revoked, /(\/join\?token=\S+)/)
  await visitor.goto(revokedLink)
  await expect(
    visitor.getByText('This invitation was revoked or has expired. Ask an admin for a new one.'),
  ).toBeVisible()

  const link = await linkMailedTo(invited, /(\/join\?token=\S+)/)
  await visitor.goto(link)
  await expect(visitor.getByText(`You were invited as ${invited}.`)).toBeVisible()
  await expect(visitor.getByLabel('Email', { exact: true })).toHaveValue(invited)
  await screenshot(visitor, 'invitations/join')
  await expectNoA11yViolations(visitor)
  const username = uniqueName('joined')
  await visitor.getByLabel('Name', { exact: true }).fill('Invited Person')
  await visitor.getByLabel('Username', { exact: true }).fill(username)
  await visitor.getByLabel('Password', { exact: true }).fill('correct-horse-battery')
  await visitor.getByRole('button', { name: 'Create account' }).click()
  await expect(visitor).toHaveURL(/\/onboarding\/welcome$/)
  await expect(visitor.getByRole('button', { name: 'Account menu' })).toBeVisible()
  // the link proved the mailbox: no banner, and the account acts
  await expect(visitor.getByRole('status', { name: 'Verify your e-mail address' })).toHaveCount(0)
  const current = await (await visitor.request.get('/api/v1/users/current')).json()
  expect(current.user).toMatchObject({ email: invited, email_verified: true })

  await page.reload()
  await expect(pending.getByText(invited)).toHaveCount(0)
})
