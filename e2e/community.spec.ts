// Community journeys (specs/stack-match-and-community.md §2 'Follow button', 'Comments widget', §5; decisions 009,
// 023): following a tool, the sign-up prompt for visitors, and a comment's life (create, reply, edit, upvote,
// delete), the sign-in modal for every signed-out write and carrying on after it, replies counted as comments,
// XSS attempts and a page of OWASP vectors that must run nothing, and an impersonating admin refused by the UI and
// the server.

import { IMPERSONATED_COMMENT } from '../contracts/comments.ts'
import { IMPERSONATED_FOLLOW } from '../contracts/follows.ts'
import { XSS_VECTORS } from '../server/test/xss-vectors.ts'
import { expectNoA11yViolations } from './a11y.ts'
import {
  callApi,
  screenshot,
  signInAsBootstrapAdminByApi,
  signUp,
  uniqueName,
  verifyEmailOf,
  waitForApp,
} from './helpers.ts'
import { type Browser, expect, type Page, test } from './test.ts'

async function openTool(page: Page, slug: string) {
  await page.goto(`/tools/${slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await waitForApp(page)
}

function followButton(page: Page) {
  return page.getByTestId('follow-button')
}

async function toolIdOf(page: Page, slug: string): Promise<number> {
  return (await callApi<{ tool: { id: number } }>(page, 'GET', `/api/v1/tools/${slug}`)).tool.id
}

function postComment(page: Page, body: string, toolId: number) {
  return callApi<{ id: number }>(page, 'POST', '/api/v1/comments', {
    comment: { body, commentable_id: toolId, commentable_type: 'tool' },
  })
}

/**
 * A person made outside the browser under test, through the API, who has finished onboarding (so signing in keeps
 * them on the page they were on). `page` carries their session until `context` is closed.
 */
async function personOutsideBrowser(browser: Browser) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/')
  const username = uniqueName('cm')
  const credentials = { email: `${username}@example.test`, password: 'correct-horse-battery' }
  await callApi(page, 'POST', '/api/auth/sign-up/email', { ...credentials, name: `Person ${username}`, username })
  await verifyEmailOf(page.request, credentials.email, new URL(page.url()).origin)
  await callApi(page, 'POST', '/api/v1/onboarding/finish', {})
  const { user } = await callApi<{ user: { id: number } }>(page, 'GET', '/api/v1/users/current')
  return { context, page, username, credentials, id: user.id }
}

async function signInThroughModal(page: Page, credentials: { email: string; password: string }) {
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email', { exact: true }).fill(credentials.email)
  await dialog.getByLabel('Password', { exact: true }).fill(credentials.password)
  await dialog.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await expect(dialog).toBeHidden()
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
  // the page's own count follows the button's answer, without a reload
  const details = page.getByRole('complementary', { name: /More about/ })
  await expect(details.getByText('Followers', { exact: true }).locator('..')).toContainText('1')
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

test('a visitor who upvotes, replies or comments gets the sign-in modal, and carries on where they were', async ({
  page,
  browser,
}) => {
  const author = await personOutsideBrowser(browser)
  const toolId = await toolIdOf(author.page, 'mongodb')
  await postComment(author.page, 'Schemaless is a feature', toolId)
  const reader = await personOutsideBrowser(browser)
  await author.context.close()
  await reader.context.close()

  await openTool(page, 'mongodb')
  const comment = page.getByRole('article', { name: `Comment by ${author.username}` })
  const dialog = page.getByRole('dialog')
  const attempts = [
    [page.getByRole('button', { name: 'Add New Comment' }), 'Sign in to comment.'],
    [comment.getByRole('button', { name: 'Reply' }), 'Sign in to reply.'],
    [comment.getByRole('button', { name: 'Upvote (0)' }), 'Sign in to vote.'],
  ] as const
  for (const [control, reason] of attempts) {
    await control.click()
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(reason)
    await expect(dialog.getByRole('button', { name: 'Sign in' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  }
  await expect(comment.getByRole('button', { name: 'Upvote (0)' })).toHaveAttribute('aria-pressed', 'false')

  // Signing in from the up-vote: the vote is made, and the reader is still on the tool page, at the comment
  const url = page.url()
  await comment.getByRole('button', { name: 'Upvote (0)' }).click()
  await screenshot(page, 'community/visitor-upvote-sign-in')
  await signInThroughModal(page, reader.credentials)
  await expect(comment.getByRole('button', { name: 'Upvote (1)' })).toHaveAttribute('aria-pressed', 'true')
  expect(page.url()).toBe(url)
  await expect(comment).toBeInViewport()

  // Signing in from Reply, in a fresh visit: the reply form opens under that comment, on the same page
  const visit = await browser.newPage()
  await openTool(visit, 'mongodb')
  const again = visit.getByRole('article', { name: `Comment by ${author.username}` })
  await again.getByRole('button', { name: 'Reply' }).click()
  await signInThroughModal(visit, reader.credentials)
  expect(visit.url()).toBe(url)
  await again.getByLabel('Parsed as Markdown').fill('Signed in to say this')
  await again.getByRole('button', { name: 'Reply', exact: true }).last().click()
  await expect(again.getByText('Signed in to say this')).toBeVisible()
  await expect(visit.getByRole('button', { name: 'Comments (2)' })).toBeVisible()
  await visit.close()
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
  if (signedUp.ok()) await verifyEmailOf(page.request, admin.email, origin)
  else {
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

test('replies count as comments: Comments (n), the first 5, View More Comments and Scroll to Bottom agree', async ({
  page,
}) => {
  await page.goto('/')
  await signUp(page)
  const toolId = await toolIdOf(page, 'rabbitmq')
  const replies: number[] = []
  for (const thread of ['First thread', 'Second thread']) {
    const parent = await postComment(page, thread, toolId)
    for (const n of [1, 2]) {
      const reply = await callApi<{ id: number }>(page, 'POST', '/api/v1/comments/reply', {
        comment: {
          parent_id: parent.id,
          body: `${thread}, reply ${n}`,
          commentable_id: toolId,
          commentable_type: 'tool',
        },
      })
      replies.push(reply.id)
    }
  }
  // 2 threads of 3: six comments, so the last reply waits behind View More Comments
  await openTool(page, 'rabbitmq')
  await expect(page.getByRole('button', { name: 'Comments (6)' })).toBeVisible()
  await expect(page.getByTestId('comment')).toHaveCount(5)
  await expect(page.getByText('Second thread, reply 1')).toBeVisible()
  await expect(page.getByText('Second thread, reply 2')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Scroll to Bottom' })).toBeVisible()
  await screenshot(page, 'community/replies-counted')
  await page.getByRole('button', { name: 'View More Comments' }).click()
  await expect(page.getByTestId('comment')).toHaveCount(6)
  await expect(page.getByText('Second thread, reply 2')).toBeVisible()

  // exactly 5: everything shows, and neither button does
  const deleted = await page.request.delete(`/api/v1/comments/${replies.at(-1)}`, {
    headers: { origin: new URL(page.url()).origin },
  })
  expect(deleted.ok()).toBe(true)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Comments (5)' })).toBeVisible()
  await expect(page.getByTestId('comment')).toHaveCount(5)
  await expect(page.getByRole('button', { name: 'Scroll to Bottom' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'View More Comments' })).toHaveCount(0)
})

test('a page of OWASP XSS vectors stored as comments runs nothing in Chromium', async ({ page }) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  // the vectors call alert(): count calls of it and its kin, as well as the dialogs the browser opens
  await page.addInitScript(() => {
    const target = window as unknown as Record<string, unknown> & { __xss?: number }
    for (const name of ['alert', 'confirm', 'prompt']) {
      const original = target[name] as (...args: unknown[]) => unknown
      target[name] = (...args: unknown[]) => {
        target.__xss = (target.__xss ?? 0) + 1
        return original.apply(window, args)
      }
    }
  })
  await page.goto('/')
  await signUp(page)
  const toolId = await toolIdOf(page, 'elasticsearch')
  for (const vector of XSS_VECTORS) await postComment(page, vector, toolId)

  await openTool(page, 'elasticsearch')
  await expect(page.getByRole('button', { name: `Comments (${XSS_VECTORS.length})` })).toBeVisible()
  await page.getByRole('button', { name: 'View More Comments' }).click()
  const bodies = page.locator('.comment-body')
  await expect(bodies).toHaveCount(XSS_VECTORS.length)
  // hover what can be hovered (onmouseover); a vector the sanitizer emptied leaves a body with no size
  for (const body of await bodies.all()) if (await body.isVisible()) await body.hover()

  // what the bodies hold: only the allow-listed elements, no event handlers, no script in any address
  const offences = await bodies.evaluateAll((elements) => {
    const allowed = new Set([
      'P',
      'BR',
      'STRONG',
      'EM',
      'DEL',
      'S',
      'CODE',
      'PRE',
      'BLOCKQUOTE',
      'UL',
      'OL',
      'LI',
      'A',
      'HR',
    ])
    const found: string[] = []
    for (const element of elements.flatMap((body) => [...body.querySelectorAll('*')])) {
      if (!allowed.has(element.tagName)) found.push(`element ${element.tagName}`)
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName} ${attribute.name}`)
        if (/^\s*(javascript|vbscript|data):/i.test(attribute.value))
          found.push(`${element.tagName} ${attribute.value}`)
      }
    }
    return found
  })
  expect(offences).toEqual([])
  await page.waitForLoadState('networkidle')
  expect(dialogs).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
  await screenshot(page, 'community/owasp-xss-page')
})

test('an admin impersonating someone is refused comments and follows, by the server and then by the UI', async ({
  page,
  browser,
}) => {
  const person = await personOutsideBrowser(browser)
  const toolId = await toolIdOf(person.page, 'django')
  await postComment(person.page, 'Batteries included', toolId)
  await person.context.close()

  // The page was loaded as the admin; the session then becomes the person's, so the UI does not know yet
  await signInAsBootstrapAdminByApi(page)
  await openTool(page, 'django')
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'false')
  await callApi(page, 'POST', '/api/auth/admin/impersonate-user', { userId: person.id })

  // the server's 403 is shown under the button, and the state stays what the server holds
  await followButton(page).click()
  await expect(page.getByTestId('follow-problem')).toHaveText(IMPERSONATED_FOLLOW)
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'false')
  await expect(followButton(page)).toHaveAccessibleDescription(IMPERSONATED_FOLLOW)
  await screenshot(page, 'community/follow-refused-by-server')
  await page.getByRole('button', { name: 'Dismiss' }).click()
  await expect(page.getByTestId('follow-problem')).toHaveCount(0)

  // a comment sent from the stale page: the form says why, and keeps the text
  await page.getByRole('button', { name: 'Add New Comment' }).click()
  await page.getByLabel('Parsed as Markdown').fill('Written by the admin')
  await page.getByRole('button', { name: 'Post Comment' }).click()
  await expect(page.getByRole('alert').filter({ hasText: IMPERSONATED_COMMENT })).toBeVisible()
  await expect(page.getByLabel('Parsed as Markdown')).toHaveValue('Written by the admin')
  await screenshot(page, 'community/comment-refused-by-server')

  // Reloaded, the UI knows: comments are read-only, the follow button explains instead of calling
  await page.reload()
  await expect(page.getByText(`You are impersonating @${person.username}: comments are read-only.`)).toBeVisible()
  const comment = page.getByRole('article', { name: `Comment by ${person.username}` })
  await expect(comment.getByText('Batteries included')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add New Comment' })).toHaveCount(0)
  for (const name of ['Reply', 'Edit', 'Delete']) await expect(comment.getByRole('button', { name })).toHaveCount(0)
  await expect(comment.getByRole('button', { name: 'Upvote (0)' })).toBeDisabled()
  await expect(followButton(page)).toHaveAttribute('aria-disabled', 'true')
  let toggles = 0
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/follows/toggle')) toggles++
  })
  // aria-disabled: Playwright, like a screen reader, treats it as unavailable; a mouse can still click it
  await followButton(page).click({ force: true })
  await expect(page.getByTestId('follow-problem')).toHaveText(IMPERSONATED_FOLLOW)
  expect(toggles).toBe(0)
  await expectNoA11yViolations(page)
  await screenshot(page, 'community/impersonated-read-only')
})

test('a follow the server fails to make says so and keeps the state the server holds', async ({ page }) => {
  await page.goto('/')
  await signUp(page)
  await openTool(page, 'nginx')
  const button = followButton(page)
  await expect(button).toHaveAttribute('aria-pressed', 'false')
  const count = (await button.textContent())?.replace(/\D/g, '')
  await page.route('**/api/v1/follows/toggle**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unavailable', message: 'Service Unavailable' } }),
    }),
  )
  await button.click()
  await expect(page.getByTestId('follow-problem')).toHaveText('Could not update the follow. Try again.')
  await expect(button).toHaveAttribute('aria-pressed', 'false')
  await expect(button).toHaveText(new RegExp(`Follow\\s*${count}$`))
  await screenshot(page, 'community/follow-failed')

  await page.unroute('**/api/v1/follows/toggle**')
  await button.click()
  await expect(button).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('follow-problem')).toHaveCount(0)
  await button.click()
  await expect(button).toHaveAttribute('aria-pressed', 'false')
})
