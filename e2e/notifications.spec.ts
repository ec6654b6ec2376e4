// Notifications (specs/stack-match-and-community.md §2 'Notification bell and menu', §4, §7, §9; the notifications
// page of specs/onboarding-customers-teams-notifications.md): a follow by another user reaches the bell live,
// opening clears the badge, single and all marks, the local cache of read keys, the link that marks read and
// redirects, the paged /notifications list, the settings that switch a type off, a comment's notification (grouped,
// with its excerpt) leading to that comment on its page, and another user's notification link showing the not-found
// page (docs/decisions/038-notification-groups.md).

import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { expectNoA11yViolations } from './a11y.ts'
import { screenshot, signInAsBootstrapAdminByApi, signUp, uniqueName, verifyEmailOf } from './helpers.ts'
import { PRIVATE_SITE_TOO } from './private-site.ts'
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from './test.ts'

const PASSWORD = 'correct-horse-battery'

/** The navbar's right end with the open menu, at the size people see it. */
async function bellShot(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/screenshots/${name}.png`, clip: { x: 760, y: 0, width: 520, height: 620 } })
}

/** A second person, signed up and acting through the API in their own browser context (cookies of their own). */
async function otherUser(context: BrowserContext, baseURL: string) {
  const username = uniqueName('actor')
  const response = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: { email: `${username}@example.test`, password: PASSWORD, name: `Actor ${username}`, username },
  })
  expect(response.status()).toBe(200)
  await verifyEmailOf(context.request, `${username}@example.test`, baseURL)
  return { username, id: Number((await response.json()).user.id), request: context.request }
}

async function currentUserId(page: Page): Promise<number> {
  const response = await page.request.get('/api/v1/users/current')
  return (await response.json()).user.id
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })
const badge = (page: Page) => page.getByTestId('notification-badge')
const menu = (page: Page) => page.getByRole('dialog', { name: 'Notifications' })

async function follow(request: APIRequestContext, baseURL: string, type: string, id: number) {
  const response = await request.get(`/api/v1/follows/toggle?followee_type=${type}&followee_id=${id}`, {
    headers: { origin: baseURL },
  })
  expect(response.status()).toBe(200)
}

/** A comment on a tool by the request's user; its id. */
async function postComment(request: APIRequestContext, baseURL: string, toolId: number, body: string) {
  const response = await request.post('/api/v1/comments', {
    headers: { origin: baseURL },
    data: { comment: { body, commentable_id: toolId, commentable_type: 'tool' } },
  })
  expect(response.status()).toBe(200)
  return (await response.json()).id as number
}

async function upvoteComment(request: APIRequestContext, baseURL: string, id: number) {
  const response = await request.post(`/api/v1/comments/${id}/toggle_upvote`, { headers: { origin: baseURL } })
  expect(response.status()).toBe(200)
}

test(
  'a follow reaches the bell live; opening, marking one and all read, and the link',
  PRIVATE_SITE_TOO,
  async ({ page, browser, baseURL }) => {
    await page.goto('/')
    const alice = await signUp(page)
    const aliceId = await currentUserId(page)
    await expect(bell(page)).toBeVisible()
    await expect(badge(page)).toHaveCount(0)

    // the empty menu points to Stack Match
    await bell(page).click()
    await expect(menu(page).getByText('No notifications yet')).toBeVisible()
    await expect(menu(page).getByRole('link', { name: 'find jobs that match your stack' })).toHaveAttribute(
      'href',
      '/match',
    )
    await bellShot(page, 'notifications-bell-empty')
    await page.keyboard.press('Escape')
    await expect(menu(page)).toHaveCount(0)

    // Bob, in another browser, follows Alice from her profile: her open page hears it without a reload
    const bobContext = await browser.newContext({ baseURL })
    const bobPage = await bobContext.newPage()
    await bobPage.goto('/')
    const bob = await signUp(bobPage)
    const bobId = await currentUserId(bobPage)
    await bobPage.goto(`/${alice.username}`)
    const followed = bobPage.waitForResponse((response) => response.url().includes('/api/v1/follows/toggle'))
    await bobPage.getByTestId('follow-button').click()
    expect((await followed).status()).toBe(200)
    await expect(badge(page)).toHaveText('1', { timeout: 1_000 })
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread')
    await bellShot(page, 'notifications-bell-badge')

    // opening clears the badge and marks everything seen (POST clear)
    const clear = page.waitForRequest((request) => request.url().endsWith('/api/v1/notifications/clear'))
    await bell(page).click()
    await clear
    await expect(badge(page)).toHaveCount(0)
    const item = menu(page).getByTestId('notification')
    await expect(item).toHaveCount(1)
    await expect(item).toContainText(`${bob.username} started following you`)
    await expect(item).toHaveAttribute('data-read', 'false')
    await expect(menu(page).getByText('See All Notifications')).toHaveCount(0)
    await expectNoA11yViolations(page)
    await bellShot(page, 'notifications-bell-open')

    // a single mark goes through the local cache and set_read, whose 200 clears the cache
    const setRead = page.waitForResponse((response) => response.url().endsWith('/api/v1/notifications/set_read'))
    await item.getByRole('button', { name: /^Mark as read/ }).click()
    const answer = await setRead
    expect(answer.status()).toBe(200)
    expect(answer.request().postDataJSON().notifications.read).toHaveLength(1)
    await expect(item).toHaveAttribute('data-read', 'true')
    expect(await page.evaluate((id) => localStorage.getItem(`stackatlas.notifications.${id}`), aliceId)).toBeNull()
    await page.keyboard.press('Escape')

    // Carol's follow folds into the read notification, which is unread again (decision 038); Mark All as Read reads it
    const carolContext = await browser.newContext({ baseURL })
    const carol = await otherUser(carolContext, baseURL!)
    await follow(carol.request, baseURL!, 'user', aliceId)
    await expect(badge(page)).toHaveText('1')
    await follow(carol.request, baseURL!, 'user', bobId) // someone else's news stays theirs
    await bell(page).click()
    await expect(menu(page).getByTestId('notification')).toHaveCount(1)
    await expect(menu(page).getByTestId('notification').first()).toContainText(
      `${carol.username} and 1 other started following you`,
    )
    await menu(page).getByRole('button', { name: 'Mark All as Read' }).click()
    await expect(menu(page).locator('[data-testid="notification"][data-read="false"]')).toHaveCount(0)
    await bellShot(page, 'notifications-bell-all-read')

    // the link marks read and goes where the notification is about (Carol's profile)
    await menu(page)
      .getByRole('link', { name: `${carol.username} and 1 other started following you` })
      .click()
    await expect(page).toHaveURL(new RegExp(`/${carol.username}$`))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(badge(page)).toHaveCount(0)
    await bobContext.close()
    await carolContext.close()
  },
)

test(
  'a failed set_read keeps the mark in the local cache and the next visit sends it; a malformed cache is cleared',
  PRIVATE_SITE_TOO,
  async ({ page, browser, baseURL }) => {
    await page.goto('/')
    await signUp(page)
    const aliceId = await currentUserId(page)
    const bobContext = await browser.newContext({ baseURL })
    const bob = await otherUser(bobContext, baseURL!)
    await follow(bob.request, baseURL!, 'user', aliceId)
    await expect(badge(page)).toHaveText('1')

    await page.route('**/api/v1/notifications/set_read', (route) => route.fulfill({ status: 503, body: '' }))
    await bell(page).click()
    const item = menu(page).getByTestId('notification')
    await item.getByRole('button', { name: /^Mark as read/ }).click()
    // shown read at once from the cache, which keeps the key until the server confirms
    await expect(item).toHaveAttribute('data-read', 'true')
    const cached = await page.evaluate((id) => localStorage.getItem(`stackatlas.notifications.${id}`), aliceId)
    expect(JSON.parse(cached!).read).toHaveLength(1)
    await page.unroute('**/api/v1/notifications/set_read')

    const retried = page.waitForResponse((response) => response.url().endsWith('/api/v1/notifications/set_read'))
    await page.reload()
    expect((await retried).status()).toBe(200)
    await expect
      .poll(() => page.evaluate((id) => localStorage.getItem(`stackatlas.notifications.${id}`), aliceId))
      .toBeNull()
    await bell(page).click()
    await expect(menu(page).getByTestId('notification')).toHaveAttribute('data-read', 'true')
    await page.keyboard.press('Escape')

    // a malformed cache is cleared on load
    await page.evaluate((id) => localStorage.setItem(`stackatlas.notifications.${id}`, '{not json'), aliceId)
    await page.reload()
    await expect(bell(page)).toBeVisible()
    await expect
      .poll(() => page.evaluate((id) => localStorage.getItem(`stackatlas.notifications.${id}`), aliceId))
      .toBeNull()
    await bobContext.close()
  },
)

test(
  'the notifications page loads the next page near the bottom and stops at an empty page',
  PRIVATE_SITE_TOO,
  async ({ page, browser, baseURL }) => {
    await page.goto('/')
    await signUp(page)
    // Alice writes 25 comments and Bob up-votes each: 25 notifications (one per comment)
    const toolId = (await (await page.request.get('/api/v1/tools/react')).json()).tool.id
    expect(typeof toolId).toBe('number')
    const commentIds: number[] = []
    for (let i = 0; i < 25; i++)
      commentIds.push(await postComment(page.request, baseURL!, toolId, `Comment number ${i}`))
    const bobContext = await browser.newContext({ baseURL })
    const bob = await otherUser(bobContext, baseURL!)
    for (const id of commentIds) await upvoteComment(bob.request, baseURL!, id)
    await expect(badge(page)).toHaveText('25')

    // 'See All Notifications' because notification_count is above 9
    await bell(page).click()
    await expect(menu(page).getByTestId('notification')).toHaveCount(10)
    await bellShot(page, 'notifications-bell-see-all')
    await menu(page).getByRole('link', { name: 'See All Notifications' }).click()
    await expect(page).toHaveURL(/\/notifications$/)

    const pages: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/api/v1/notifications/index') pages.push(url.searchParams.get('page') ?? '')
    })
    await page.setViewportSize({ width: 1280, height: 700 })
    await page.reload()
    const list = page.getByRole('list', { name: 'Notifications' }).getByTestId('notification')
    await expect(list).toHaveCount(20)
    await expect(list.first()).toContainText(`${bob.username} upvoted your comment on React`)
    await screenshot(page, 'notifications-page-first')
    await list.nth(19).scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, 5000)
    await expect(list).toHaveCount(25)
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0)
    // page 3 came back empty, so nothing more is asked for
    await expect.poll(() => pages).toContain('3')
    await page.mouse.wheel(0, 5000)
    await page.waitForTimeout(500)
    expect(pages).not.toContain('4')
    await expectNoA11yViolations(page)
    await screenshot(page, 'notifications-page-all')
    await bobContext.close()
  },
)

test('a type switched off in settings is not delivered', PRIVATE_SITE_TOO, async ({ page, browser, baseURL }) => {
  await page.goto('/')
  await signUp(page)
  const aliceId = await currentUserId(page)
  await page.goto('/settings/notifications')
  const followSwitch = page.getByRole('switch', { name: 'Someone follows you', exact: true })
  await expect(followSwitch).toBeChecked()
  await followSwitch.uncheck()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Your notification settings are saved.')).toBeVisible()
  await expectNoA11yViolations(page)
  await screenshot(page, 'notifications-settings')

  const bobContext = await browser.newContext({ baseURL })
  const bob = await otherUser(bobContext, baseURL!)
  await follow(bob.request, baseURL!, 'user', aliceId)
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Someone follows you', exact: true })).not.toBeChecked()
  await bell(page).click()
  await expect(menu(page).getByText('No notifications yet')).toBeVisible()
  await bobContext.close()
})

/** The digest's link as the server makes it (server/modules/notifications/weekly-digest.ts), from the run's secret. */
function unsubscribeLink(userId: number): string {
  const secret = fs.readFileSync(path.join(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', 'auth-secret'), 'utf8').trim()
  const mac = crypto
    .createHmac('sha256', secret)
    .update(`weekly-digest-unsubscribe:${userId}`)
    .digest('base64url')
    .slice(0, 32)
  return `/unsubscribe?token=${userId}.${mac}`
}

test("the digest's unsubscribe link works signed out, only through its button, and forged links are refused", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/')
  await signUp(page)
  const aliceId = await currentUserId(page)
  const visitor = await browser.newContext({ baseURL })
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(unsubscribeLink(aliceId))
  await expect(
    visitorPage.getByText('Stop the weekly e-mail about what happened to the tools you follow?'),
  ).toBeVisible()
  // opening the link changed nothing (mail scanners open links)
  expect((await (await page.request.get('/api/v1/notifications/settings')).json()).weekly_digest).toBe(true)
  await expectNoA11yViolations(visitorPage)
  await screenshot(visitorPage, 'notifications-unsubscribe')
  await visitorPage.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(visitorPage.getByRole('status')).toContainText('You are unsubscribed')
  expect((await (await page.request.get('/api/v1/notifications/settings')).json()).weekly_digest).toBe(false)

  await visitorPage.goto(unsubscribeLink(aliceId).replace(/\.(.)/, (_, first) => `.${first === 'A' ? 'B' : 'A'}`))
  await expect(visitorPage.getByRole('alert')).toContainText('This unsubscribe link is not valid.')
  await screenshot(visitorPage, 'notifications-unsubscribe-invalid')
  await visitor.close()
})

test(
  "a comment's notification is one row with its excerpt and leads to the comment, opened, scrolled to and marked; another user's link is the not-found page",
  PRIVATE_SITE_TOO,
  async ({ page, browser, baseURL }) => {
    await page.goto('/')
    await signUp(page)
    const toolId = (await (await page.request.get('/api/v1/tools/react')).json()).tool.id
    // seven comments: the last waits behind 'View More Comments' (the first 5 show)
    const commentIds: number[] = []
    for (let i = 0; i < 7; i++) {
      const body =
        i === 6
          ? `**Hooks** changed how we write [components](https://react.dev) ${'and state '.repeat(12)}`
          : `Note ${i}`
      commentIds.push(await postComment(page.request, baseURL!, toolId, body))
    }
    const target = commentIds[6]!
    const bobContext = await browser.newContext({ baseURL })
    const bob = await otherUser(bobContext, baseURL!)
    const carolContext = await browser.newContext({ baseURL })
    const carol = await otherUser(carolContext, baseURL!)
    for (const voter of [bob, carol]) await upvoteComment(voter.request, baseURL!, target)

    await page.goto('/notifications')
    const rows = page.getByRole('list', { name: 'Notifications' }).getByTestId('notification')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText(`${carol.username} and 1 other upvoted your comment on React`)
    const excerpt = rows.first().getByTestId('notification-excerpt')
    await expect(excerpt).toHaveText(/^“Hooks changed how we write components and state/)
    expect((await excerpt.textContent())!.length).toBeLessThanOrEqual(102) // 100 and the quotes
    await screenshot(page, 'notifications-excerpt-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(rows.first()).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await screenshot(page, 'notifications-excerpt-390')
    await page.setViewportSize({ width: 1280, height: 800 })
    const link = rows.first().getByRole('link')
    const href = await link.getAttribute('href')

    // the link marks it read and lands on the comment, behind 'View More Comments' until now
    await link.click()
    await expect(page).toHaveURL(new RegExp(`/tools/react#comment-${target}$`))
    const comment = page.locator(`#comment-${target}`)
    await expect(comment).toHaveAttribute('aria-current', 'location')
    await expect(comment).toBeInViewport()
    await expect(comment).toBeFocused()
    await expect(page.getByRole('button', { name: 'View More Comments' })).toHaveCount(0)
    await page.screenshot({ path: '.tmp/screenshots/notifications-anchor-1280.png' })

    // on a phone too
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(href!)
    await expect(page).toHaveURL(new RegExp(`#comment-${target}$`))
    await expect(comment).toBeInViewport()
    await expect(comment).toHaveAttribute('aria-current', 'location')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.screenshot({ path: '.tmp/screenshots/notifications-anchor-390.png' })

    // Bob opens Alice's notification link: the app's not-found page with a 404, not JSON; scripts still get JSON
    const bobPage = await bobContext.newPage()
    await bobPage.setViewportSize({ width: 390, height: 844 })
    const answer = await bobPage.goto(href!)
    expect(answer!.status()).toBe(404)
    expect(answer!.headers()['content-type']).toContain('text/html')
    await expect(bobPage.getByRole('heading', { name: "Sorry, we couldn't find that page :(" })).toBeVisible()
    await expect(bobPage.getByText('"error"')).toHaveCount(0)
    expect(await bobPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectNoA11yViolations(bobPage)
    await screenshot(bobPage, 'notifications-not-yours-390')
    await bobPage.setViewportSize({ width: 1280, height: 800 })
    await screenshot(bobPage, 'notifications-not-yours-1280')
    const script = await bob.request.get(href!, { headers: { accept: 'application/json' }, maxRedirects: 0 })
    expect(script.status()).toBe(404)
    expect((await script.json()).error.code).toBe('not_found')
    await bobContext.close()
    await carolContext.close()
  },
)

test('other pages whose API answers 404 show the not-found page, not the error text', async ({ page }) => {
  const notFound = page.getByRole('heading', { name: "Sorry, we couldn't find that page :(" })
  await page.goto('/match/jobs/no-such-job-here')
  await expect(notFound).toBeVisible()
  await signInAsBootstrapAdminByApi(page)
  await page.goto('/admin/mail/999999999')
  await expect(notFound).toBeVisible()
  await screenshot(page, 'not-found-admin-mail-1280')
})
