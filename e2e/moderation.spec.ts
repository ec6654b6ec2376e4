// Soft approval and moderation (specs/stack-match-and-community.md §2 'Soft-approval screen', §4, §5; decision
// 019): a user completes a submitted tool on 'Tools Pending Approval' (a validation error first) and a moderator
// approves it, and it becomes public; another is rejected with a reason its submitter reads; flagged comments are
// restored and removed from the queue, and the admin reads it all in the moderation log.

import sharp from 'sharp'
import { expectNoA11yViolations } from './a11y.ts'
import { callApi, screenshot, signInAsBootstrapAdminByApi, signUp, uniqueName, waitForApp } from './helpers.ts'
import { type Browser, expect, type Page, test } from './test.ts'

type Tool = { id: number; slug: string; name: string }

async function addTool(page: Page, name: string): Promise<Tool> {
  const answer = await callApi<{ tool: Tool }>(page, 'POST', '/api/v1/services/create', {
    service: { name, website_url: `${name.toLowerCase()}.example` },
  })
  return answer.tool
}

/** A new user made moderator by the bootstrap admin; answers the moderator's signed-in page. */
async function newModerator(browser: Browser): Promise<Page> {
  const adminPage = await (await browser.newContext()).newPage()
  await signInAsBootstrapAdminByApi(adminPage)
  const page = await (await browser.newContext()).newPage()
  await page.goto('/')
  await signUp(page, uniqueName('mod'))
  const { user } = await callApi<{ user: { id: number } }>(page, 'GET', '/api/v1/users/current')
  await callApi(adminPage, 'POST', `/api/v1/admin/users/${user.id}/role`, { role: 'moderator' })
  await adminPage.context().close()
  await page.reload()
  return page
}

async function openModeration(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Moderation' }).click()
  await expect(page).toHaveURL(/\/admin\/tools$/)
  await expect(page.getByRole('heading', { name: 'Tools waiting for approval' })).toBeVisible()
}

test('a user completes a submitted tool, a moderator edits and approves it, and it becomes public', async ({
  page,
  browser,
}) => {
  await page.goto('/')
  await signUp(page)
  const name = uniqueName('Approvo')
  const tool = await addTool(page, name)

  // users get the link, not the moderation area
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menuitem', { name: 'Moderation' })).toHaveCount(0)
  await page.getByRole('menuitem', { name: 'Tools Pending Approval' }).click()
  await expect(page).toHaveURL(/\/services\/pending$/)
  await expect(page.getByRole('heading', { name: 'Tools Pending Approval', level: 1 })).toBeVisible()
  await expect(page.getByText('Only visible to you, not public')).toBeVisible()
  await expect(page.getByText('New: Click tool to pre-approve')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Pending approval (0)' })).toBeVisible()
  await screenshot(page, 'moderation-soft-approval-list')

  await page.getByRole('button', { name: new RegExp(name) }).click()
  const form = page.getByRole('form', { name: `Pre-approve ${name}` })
  await expect(form.getByLabel('Website URL')).toHaveAttribute('readonly', '')
  await expect(form.getByLabel('Website URL')).toHaveValue(`https://${name.toLowerCase()}.example/`)
  await expect(form.getByLabel('Description', { exact: true })).toHaveAttribute('maxlength', '240')
  await expect(form.getByLabel('Features (separated by semicolon)')).toHaveAttribute('maxlength', '700')

  // first a submit that breaks the rules: title over 120, no description, a too-short image URL
  await form.getByLabel('One-line description').fill('t'.repeat(121))
  await form.getByLabel('Image URL').fill('ab')
  await form.getByRole('button', { name: 'Submit for approval' }).click()
  await expect(form.getByText('One-line description is too long (maximum is 120 characters).')).toBeVisible()
  await expect(form.getByText("Description can't be blank.")).toBeVisible()
  await expect(form.getByText('Image URL is too short (minimum is 3 characters).')).toBeVisible()
  await expect(form.getByText('121/120')).toHaveCount(0) // the error replaces the counter
  await screenshot(page, 'moderation-soft-approval-errors')
  await expectNoA11yViolations(page)

  // a GIF is refused before it is sent; a PNG is uploaded
  const fileInput = form.locator('input[type=file]')
  await fileInput.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
  await expect(form.getByText('Image must be a PNG or JPEG image.')).toBeVisible()
  const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#0e7490' } })
    .png()
    .toBuffer()
  await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png })
  await expect(form.getByLabel('Image URL')).toHaveValue(/^\/uploads\/logos\/[0-9a-f-]+\.png$/)

  await form.getByLabel('One-line description').fill('Approvals without the wait')
  await expect(form.getByText('26/120')).toBeVisible()
  await form.getByLabel('Description', { exact: true }).fill('A tool made for the moderation journey.')
  await form.getByLabel('Twitter Handle').fill('@approvo')
  await form.getByLabel('Features (separated by semicolon)').fill('Fast; Friendly; Free')
  await screenshot(page, 'moderation-soft-approval-filled')
  await form.getByRole('button', { name: 'Submit for approval' }).click()

  // spec §4: it leaves the unsubmitted list, joins the pending list, and the form closes
  await expect(page.getByText(`${name}: Submitted for approval. A moderator will review it soon.`)).toBeVisible()
  await expect(form).toHaveCount(0)
  const pending = page.getByRole('region', { name: 'Pending approval (1)' })
  await expect(pending.getByRole('link', { name })).toBeVisible()
  await expect(pending.getByLabel('Pending approval')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Not submitted yet (0)' })).toBeVisible()
  await screenshot(page, 'moderation-soft-approval-pending')

  // not public yet; and a user cannot open the moderation area
  const visitor = await browser.newPage()
  await visitor.goto(`/tools/${tool.slug}`)
  await expect(visitor.getByRole('heading', { name: "Sorry, we couldn't find that page :(" })).toBeVisible()
  await page.goto('/admin/tools')
  await expect(page.getByText('The admin area is for moderators and admins.')).toBeVisible()

  // the moderator: the queue, an edit, the approval
  const moderator = await newModerator(browser)
  await openModeration(moderator)
  const card = moderator.getByRole('article', { name })
  await expect(card.getByText('Approvals without the wait')).toBeVisible()
  await expect(card.getByText('Fast', { exact: true })).toBeVisible()
  await expect(card.getByText('@approvo')).toBeVisible()
  await expect(moderator.getByRole('link', { name: 'Users' })).toHaveCount(0)
  await expect(moderator.getByRole('link', { name: 'Moderation log' })).toHaveCount(0)
  await screenshot(moderator, 'moderation-queue')
  await expectNoA11yViolations(moderator)

  await card.getByRole('button', { name: `Edit ${name}` }).click()
  const dialog = moderator.getByRole('dialog', { name: `Edit ${name}` })
  await dialog.getByLabel('One-line description').fill('Approvals, without the wait')
  await screenshot(moderator, 'moderation-edit-dialog')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(moderator.getByText(`${name} is saved.`)).toBeVisible()
  await expect(card.getByText('Approvals, without the wait')).toBeVisible()

  await card.getByRole('button', { name: `Approve ${name}` }).click()
  await expect(moderator.getByText(`${name} is approved and now public.`)).toBeVisible()
  await expect(card).toHaveCount(0)
  await screenshot(moderator, 'moderation-approved')

  await visitor.goto(`/tools/${tool.slug}`)
  await expect(visitor.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(visitor.getByText('Approvals, without the wait').first()).toBeVisible()
  await screenshot(visitor, 'moderation-approved-tool-page')

  // approved tools leave the submitter's list
  await page.goto('/services/pending')
  await expect(page.getByText('No tools waiting for approval')).toBeVisible()
  await screenshot(page, 'moderation-soft-approval-empty')
})

test('a moderator rejects a tool with a reason the submitter reads, who can fix it and send it again', async ({
  page,
  browser,
}) => {
  await page.goto('/')
  await signUp(page)
  const name = uniqueName('Rejecto')
  const tool = await addTool(page, name)
  await callApi(page, 'POST', '/api/v1/services/submit_soft_approval', {
    id: tool.id,
    service: { name, title: 'Not quite there', description: 'Submitted to be sent back.' },
  })

  const moderator = await newModerator(browser)
  await openModeration(moderator)
  const card = moderator.getByRole('article', { name })
  await card.getByRole('button', { name: `Reject ${name}` }).click()
  const dialog = moderator.getByRole('dialog', { name: `Reject ${name}?` })
  await dialog.getByRole('button', { name: 'Reject tool' }).click()
  await expect(dialog.getByText("Reason can't be blank.")).toBeVisible()
  await dialog.getByLabel('Reason').fill('Please use the official website address.')
  await screenshot(moderator, 'moderation-reject-dialog')
  await dialog.getByRole('button', { name: 'Reject tool' }).click()
  await expect(moderator.getByText(`${name} was sent back to its submitter.`)).toBeVisible()
  await expect(card).toHaveCount(0)

  await page.goto('/services/pending')
  const unsubmitted = page.getByRole('region', { name: 'Not submitted yet (1)' })
  await expect(unsubmitted.getByText('Sent back by a moderator')).toBeVisible()
  await unsubmitted.getByRole('button', { name: new RegExp(name) }).click()
  const form = page.getByRole('form', { name: `Pre-approve ${name}` })
  await expect(form.getByText('Please use the official website address.')).toBeVisible()
  await expect(form.getByLabel('One-line description')).toHaveValue('Not quite there')
  await screenshot(page, 'moderation-rejected-for-submitter')
  await form.getByLabel('One-line description').fill('Now with the official address')
  await form.getByRole('button', { name: 'Submit for approval' }).click()
  await expect(page.getByRole('region', { name: 'Pending approval (1)' }).getByRole('link', { name })).toBeVisible()
})

test('flagged comments are restored or removed from the queue, and the admin reads the log', async ({
  page,
  browser,
}) => {
  await page.goto('/')
  const author = await signUp(page)
  const { tool } = await callApi<{ tool: { id: number } }>(page, 'GET', '/api/v1/tools/redis')
  const keep = `Keep me ${uniqueName('c')}`
  const spam = `Buy followers ${uniqueName('c')}`
  for (const body of [keep, spam]) {
    await callApi(page, 'POST', '/api/v1/comments', {
      comment: { body, commentable_id: tool.id, commentable_type: 'tool' },
    })
  }

  // the moderator flags both on the tool page (the comments widget's Flag, after its confirmation)
  const moderator = await newModerator(browser)
  await moderator.goto('/tools/redis')
  // the comments arrive drawn by the server: their buttons answer once the app has started
  await waitForApp(moderator)
  for (const body of [keep, spam]) {
    const comment = moderator.getByRole('article', { name: /Comment by/ }).filter({ hasText: body })
    await comment.getByRole('button', { name: 'Flag' }).click()
    await comment.getByRole('button', { name: 'Yes' }).click()
    await expect(comment.getByText('Flagged')).toBeVisible()
  }

  await moderator.goto('/admin/comments')
  await expect(moderator.getByRole('heading', { name: 'Flagged comments', level: 2 })).toBeVisible()
  const keepCard = moderator.getByRole('article', { name: `Comment by @${author.username}` }).filter({ hasText: keep })
  const spamCard = moderator.getByRole('article', { name: `Comment by @${author.username}` }).filter({ hasText: spam })
  await expect(keepCard.getByRole('link', { name: 'Redis' })).toBeVisible()
  await expect(keepCard.getByText(/flagged by @mod/)).toBeVisible()
  await screenshot(moderator, 'moderation-flagged-queue')
  await expectNoA11yViolations(moderator)

  await keepCard.getByRole('button', { name: 'Restore' }).click()
  await expect(moderator.getByText('The comment is restored and visible to everyone again.')).toBeVisible()
  await expect(keepCard).toHaveCount(0)
  await spamCard.getByRole('button', { name: 'Remove' }).click()
  const dialog = moderator.getByRole('dialog', { name: 'Remove this comment?' })
  await dialog.getByLabel(/Reason/).fill('Spam')
  await dialog.getByRole('button', { name: 'Remove comment' }).click()
  await expect(moderator.getByText('The comment is removed.')).toBeVisible()
  await expect(spamCard).toHaveCount(0)

  const visitor = await browser.newPage()
  await visitor.goto('/tools/redis')
  await expect(visitor.getByText(keep)).toBeVisible()
  await expect(visitor.getByText(spam)).toHaveCount(0)

  // the admin's log: who, what, when, before and after, why
  const admin = await (await browser.newContext()).newPage()
  await signInAsBootstrapAdminByApi(admin)
  await admin.goto('/admin/log')
  await expect(admin.getByRole('heading', { name: 'Moderation log' })).toBeVisible()
  const removed = admin
    .getByRole('row')
    .filter({ hasText: 'Removed comment' })
    .filter({ hasText: spam.slice(0, 40) })
  await expect(removed.getByRole('cell', { name: 'Spam', exact: true })).toBeVisible()
  await expect(admin.getByRole('row').filter({ hasText: 'Restored comment' }).first()).toBeVisible()
  await admin.getByLabel('Action').selectOption('comment.flagged')
  await expect(admin).toHaveURL(/action=comment\.flagged/)
  await expect(admin.getByRole('row').filter({ hasText: 'Removed comment' })).toHaveCount(0)
  await admin.getByLabel('Action').selectOption('')
  await screenshot(admin, 'moderation-log')
  await expectNoA11yViolations(admin)
})
