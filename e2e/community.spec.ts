// Community journeys (specs/stack-match-and-community.md §2 'Follow button', 'Comments widget', §5): following a
// tool, the sign-up prompt for visitors, and a comment's life (create, reply, edit, upvote, delete), with an XSS
// attempt that must render as inert text.
import { expect, type Page, test } from '@playwright/test'
import { expectNoA11yViolations } from './a11y.ts'
import { screenshot, signUp } from './helpers.ts'

async function openTool(page: Page, slug: string) {
  await page.goto(`/tools/${slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

function followButton(page: Page) {
  return page.getByTestId('follow-button')
}

test('a visitor who clicks Follow gets the sign-up modal', async ({ page }) => {
  await openTool(page, 'react')
  await followButton(page).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Create account' })).toBeVisible()
  await screenshot(page, 'community-follow-signed-out')
})

test('following a tool counts the follower and unfollowing takes it back', async ({ page }) => {
  await page.goto('/')
  await signUp(page)
  await openTool(page, 'react')
  const button = followButton(page)
  await expect(button).toHaveAttribute('aria-pressed', 'false')
  await expect(button).toContainText('0')
  expect((await button.boundingBox())?.width).toBeCloseTo(125, 0)
  await button.click()
  await expect(button).toHaveAttribute('aria-pressed', 'true')
  await expect(button).toContainText('Following')
  await expect(button).toContainText('1')
  await screenshot(page, 'community-following')
  await page.reload()
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'true')
  await followButton(page).click()
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'false')
  await expect(followButton(page)).toContainText('0')
})

test('a comment is created, replied to, edited, upvoted and deleted', async ({ page }) => {
  await page.goto('/')
  const { username } = await signUp(page)
  await openTool(page, 'postgresql')
  await expect(page.getByRole('button', { name: 'Comments (0)' })).toBeVisible()
  await page.getByRole('button', { name: 'Add New Comment' }).click()
  await page.getByLabel('Parsed as Markdown').fill('Fast and **friendly**, see [the guide](https://vuejs.org/guide/)')
  await page.getByRole('button', { name: 'Post Comment' }).click()
  const comment = page.getByRole('article', { name: `Comment by ${username}` }).first()
  await expect(comment.locator('strong')).toHaveText('friendly')
  await expect(comment.getByRole('link', { name: 'the guide' })).toHaveAttribute('rel', 'nofollow ugc')
  await expect(page.getByRole('button', { name: 'Comments (1)' })).toBeVisible()

  await comment.getByRole('button', { name: 'Reply' }).click()
  await comment.getByLabel('Parsed as Markdown').fill('Replying to myself')
  await comment.getByRole('button', { name: 'Reply', exact: true }).last().click()
  await expect(page.getByText('Replying to myself')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Comments (2)' })).toBeVisible()

  await comment.getByRole('button', { name: 'Edit' }).first().click()
  await comment.getByLabel('Parsed as Markdown').fill('Edited: *still* fast')
  await comment.getByRole('button', { name: 'Save' }).click()
  await expect(comment.locator('em')).toHaveText('still')

  await comment.getByRole('button', { name: 'Upvote (0)' }).first().click()
  await expect(comment.getByRole('button', { name: 'Upvote (1)' })).toHaveAttribute('aria-pressed', 'true')
  await expectNoA11yViolations(page)
  await screenshot(page, 'community-comments')

  await comment.getByRole('button', { name: 'Delete' }).first().click()
  await expect(comment.getByText('Are you sure you want to delete your comment?')).toBeVisible()
  await comment.getByRole('button', { name: 'Yes' }).click()
  await expect(page.getByRole('button', { name: 'Comments (0)' })).toBeVisible()
})

test('a visitor who upvotes or comments gets the sign-in modal', async ({ page }) => {
  await openTool(page, 'postgresql')
  await page.getByRole('button', { name: 'Add New Comment' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
})

test('an XSS attempt in a comment renders as inert text', async ({ page }) => {
  await page.goto('/')
  await signUp(page)
  await openTool(page, 'terraform')
  const attempts = [
    '<img src=x onerror="window.__xss=1">',
    '<script>window.__xss=1</script>',
    '[click me](javascript:window.__xss=1)',
  ]
  for (const attempt of attempts) {
    await page.getByRole('button', { name: 'Add New Comment' }).click()
    await page.getByLabel('Parsed as Markdown').fill(attempt)
    await page.getByRole('button', { name: 'Post Comment' }).click()
    await expect(page.getByRole('button', { name: 'Add New Comment' })).toBeVisible()
  }
  await expect(page.getByTestId('comment')).toHaveCount(3)
  const bodies = page.locator('.comment-body')
  await expect(bodies.locator('img, script')).toHaveCount(0)
  await expect(bodies.locator('a[href^="javascript"]')).toHaveCount(0)
  await page.getByText('click me').click()
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
  await screenshot(page, 'community-xss-inert')
})

test("following a person lists them among the follower's following and the person's followers", async ({
  page,
  browser,
}) => {
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await otherPage.goto('/')
  const followee = await signUp(otherPage)
  await other.close()

  await page.goto('/')
  const follower = await signUp(page)
  await page.goto(`/${followee.username}`)
  await expect(page.getByRole('heading', { name: 'Followers' })).toContainText('(0)')
  await followButton(page).click()
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'true')
  const followers = page.getByRole('region', { name: /Followers/ })
  await expect(followers.getByRole('link', { name: follower.username })).toBeVisible()
  await expectNoA11yViolations(page)
  await screenshot(page, 'community-profile-followers')

  await page.goto(`/${follower.username}`)
  const following = page.getByRole('region', { name: /Following/ })
  await expect(following.getByRole('link', { name: new RegExp(followee.username) })).toBeVisible()
})

test('more than 5 comments: the first 5 show, then View More Comments and Scroll to Bottom', async ({ page }) => {
  await page.goto('/')
  await signUp(page)
  await openTool(page, 'grafana')
  const toolId = await page.evaluate(async () => {
    const answer = await fetch('/api/v1/tools/grafana').then((response) => response.json())
    return answer.tool.id as number
  })
  for (let n = 1; n <= 7; n++) {
    const answer = await page.request.post('/api/v1/comments', {
      headers: { origin: new URL(page.url()).origin },
      data: { comment: { body: `Comment number ${n}`, commentable_id: toolId, commentable_type: 'tool' } },
    })
    expect(answer.status()).toBe(200)
  }
  await page.reload()
  await expect(page.getByRole('button', { name: 'Comments (7)' })).toBeVisible()
  await expect(page.getByTestId('comment')).toHaveCount(5)
  await expect(page.getByRole('button', { name: 'Scroll to Bottom' })).toBeVisible()
  await page.getByRole('button', { name: 'View More Comments' }).click()
  await expect(page.getByTestId('comment')).toHaveCount(7)
  await expect(page.getByText('Comment number 7')).toBeVisible()
  await screenshot(page, 'community-view-more')
  await page.getByRole('button', { name: 'Comments (7)' }).click()
  await expect(page.getByTestId('comment').first()).toBeHidden()
})

test('a moderator flags a comment after confirming, and visitors no longer see it', async ({ browser }) => {
  const moderator = await browser.newContext()
  const page = await moderator.newPage()
  await page.goto('/')
  const origin = new URL(page.url()).origin
  // the ADMIN_EMAILS bootstrap admin (playwright.config.ts): signed up here, or in when admin.spec.ts already did
  const admin = { email: 'admin@example.test', password: 'correct-horse-battery' }
  const signedUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: { ...admin, name: 'Site Admin', username: 'siteadmin' },
  })
  if (!signedUp.ok()) {
    const signedIn = await page.request.post('/api/auth/sign-in/email', { headers: { origin }, data: admin })
    expect(signedIn.ok()).toBe(true)
  }
  await openTool(page, 'clickhouse')
  const toolId = await page.evaluate(async () => {
    const answer = await fetch('/api/v1/tools/clickhouse').then((response) => response.json())
    return answer.tool.id as number
  })
  const created = await page.request.post('/api/v1/comments', {
    headers: { origin },
    data: { comment: { body: 'Buy cheap watches', commentable_id: toolId, commentable_type: 'tool' } },
  })
  expect(created.ok()).toBe(true)
  await page.reload()
  const comment = page.getByRole('article', { name: /Comment by/ }).filter({ hasText: 'Buy cheap watches' })
  await comment.getByRole('button', { name: 'Flag' }).click()
  await expect(comment.getByText('Are you sure you want to flag this comment?')).toBeVisible()
  await comment.getByRole('button', { name: 'Yes' }).click()
  await expect(comment.getByText('Flagged')).toBeVisible()
  await screenshot(page, 'community-flagged')
  await moderator.close()

  const visitor = await browser.newPage()
  await visitor.goto('/tools/clickhouse')
  await expect(visitor.getByRole('button', { name: /Comments \(\d+\)/ })).toBeVisible()
  await expect(visitor.getByText('Buy cheap watches')).toHaveCount(0)
  await visitor.close()
})
