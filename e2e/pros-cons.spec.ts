// Pros & Cons journeys (specs/stack-match-and-community.md §2 'Pros & Cons page', §4, §5, §8; decision 018): a
// visitor's list and sign-in prompt, adding a pro and a con with the counter, 'Enter some text!', the filter, the
// duplicate message and delete, a second user's vote moving the author's points, 'Next Tool', infinite scroll
// and the phone layout.

import fs from 'node:fs'
import { PROS_CONS_EXPLAINER } from '../contracts/reasons.ts'
import { expectNoA11yViolations } from './a11y.ts'
import { screenshot, signUp } from './helpers.ts'
import { PRIVATE_SITE_TOO } from './private-site.ts'
import { type Browser, expect, type Locator, type Page, test } from './test.ts'

const SHOTS = '/tmp/shots-proscons'
fs.mkdirSync(SHOTS, { recursive: true })
const shot = async (page: Page, name: string) => {
  await screenshot(page, `pros-cons-${name}`)
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false })
}

const cards = (page: Page) => page.getByTestId('pros-cons-card')
const column = (card: Locator, type: 'pro' | 'con') => card.getByTestId(`${type}s-column`)
const input = (card: Locator, type: 'pro' | 'con') => column(card, type).getByRole('textbox')
const reason = (card: Locator, text: string) => card.getByTestId('reason').filter({ hasText: text })

async function addReason(card: Locator, type: 'pro' | 'con', text: string) {
  await input(card, type).fill(text)
  await column(card, type)
    .getByRole('button', { name: `Add ${type}` })
    .click()
}

async function openPage(page: Page) {
  await page.goto('/pros-and-cons')
  await expect(page.getByRole('heading', { name: PROS_CONS_EXPLAINER, level: 1 })).toBeVisible()
  await expect(cards(page).first()).toBeVisible()
}

async function newUserPage(browser: Browser) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/pros-and-cons')
  const user = await signUp(page)
  await openPage(page)
  return { page, context, ...user }
}

test('a visitor sees popular tools lacking reasons, loads more on scroll, and is asked to sign in to add', async ({
  page,
}) => {
  await openPage(page)
  // spec §2: the explainer is one string, word for word
  await expect(page.getByTestId('pros-cons-explainer')).toHaveText(
    'Pros & Cons - Help other developers pick the right tools for the job, and earn points while doing it',
  )
  await expect(cards(page)).toHaveCount(10)
  const first = cards(page).first()
  await expect(column(first, 'pro')).toContainText('First!')
  await expect(column(first, 'con')).toContainText('First!')
  await shot(page, 'visitor')
  await expectNoA11yViolations(page)

  // infinite scroll: near the bottom, the next page of 10 arrives
  await page.mouse.wheel(0, 20_000)
  await expect(cards(page)).toHaveCount(20)
  await page.mouse.wheel(0, 40_000)
  await expect(cards(page)).toHaveCount(30)
  const ids = await cards(page).evaluateAll((elements) => elements.map((element) => element.dataset.toolId))
  expect(new Set(ids).size).toBe(30)

  // a signed-out write opens the sign-in modal
  await page.mouse.wheel(0, -100_000)
  await addReason(first, 'pro', 'Great docs')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Sign in to add a pro')
  await shot(page, 'visitor-sign-in')
})

test(
  'adding, filtering, duplicates, deleting, votes and points, Next Tool, phone width',
  PRIVATE_SITE_TOO,
  async ({ browser }) => {
    const alice = await newUserPage(browser)
    const page = alice.page
    await expect(page.getByTestId('pros-cons-username')).toHaveText(alice.username)
    await expect(page.getByTestId('points')).toHaveAttribute('data-points', '0')

    const card = cards(page).first()
    const toolId = await card.getAttribute('data-tool-id')

    // empty text
    await column(card, 'pro').getByRole('button', { name: 'Add pro' }).click()
    await expect(column(card, 'pro').getByRole('alert')).toHaveText('Enter some text!')

    // the live counter, and the 55-character limit
    await input(card, 'pro').fill('Huge ecosystem')
    await expect(column(card, 'pro').getByTestId('reason-counter')).toContainText('14/55')
    await input(card, 'pro').fill('x'.repeat(70))
    await expect(input(card, 'pro')).toHaveValue('x'.repeat(55))
    await expect(column(card, 'pro').getByTestId('reason-counter')).toContainText('55/55')

    // a pro and a con: each earns a point, counted up in the header
    await addReason(card, 'pro', 'Huge ecosystem')
    await expect(reason(card, 'Huge ecosystem')).toBeVisible()
    await expect(input(card, 'pro')).toHaveValue('')
    await expect(page.getByTestId('points')).toHaveText('1')
    await addReason(card, 'con', 'Inconsistent APIs')
    await expect(reason(column(card, 'con'), 'Inconsistent APIs')).toBeVisible()
    await expect(page.getByTestId('points')).toHaveText('2')
    await addReason(card, 'pro', 'Runs everywhere')
    await expect(page.getByTestId('points')).toHaveText('3')

    // the filter: case-insensitive, after 250 ms
    await input(card, 'pro').fill('RUNS')
    await expect(reason(column(card, 'pro'), 'Huge ecosystem')).toHaveCount(0)
    await expect(reason(column(card, 'pro'), 'Runs everywhere')).toBeVisible()
    await shot(page, 'filter')

    // a duplicate, whatever its case
    await addReason(card, 'pro', 'huge ECOSYSTEM')
    await expect(column(card, 'pro').getByRole('alert')).toHaveText('This pro already exists. Got anything else?')
    await addReason(card, 'con', 'inconsistent apis')
    await expect(column(card, 'con').getByRole('alert')).toHaveText('This con already exists. Got anything else?')
    await shot(page, 'duplicate')
    await input(card, 'pro').fill('')
    await input(card, 'con').fill('')

    // 'Submitted By' on hover
    await reason(card, 'Huge ecosystem').getByTestId('reason-text').hover()
    const tooltip = page.getByRole('tooltip')
    await expect(tooltip).toContainText('Submitted By')
    await expect(tooltip).toContainText(alice.username)
    await shot(page, 'tooltip')

    // delete after the confirmation: the point goes back
    await reason(card, 'Runs everywhere').getByRole('button', { name: 'Delete “Runs everywhere”' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this?' })
    await expect(confirm).toBeVisible()
    await confirm.getByRole('button', { name: 'Yes' }).click()
    await expect(reason(card, 'Runs everywhere')).toHaveCount(0)
    await expect(page.getByTestId('points')).toHaveText('2')

    // a second user up-votes Alice's pro; they cannot delete it
    const bob = await newUserPage(browser)
    const bobCard = bob.page.locator(`[data-tool-id="${toolId}"]`)
    await expect(bobCard).toBeVisible()
    const bobPro = reason(bobCard, 'Huge ecosystem')
    await expect(bobPro.getByRole('button', { name: /^Delete/ })).toHaveCount(0)
    const upvote = bobPro.getByRole('button', { name: /^Upvote/ })
    await expect(upvote).toHaveAttribute('aria-pressed', 'false')
    await upvote.click()
    await expect(upvote).toHaveAttribute('aria-pressed', 'true')
    await expect(bobPro.getByTestId('reason-votes')).toHaveText('1')
    await shot(bob.page, 'voted')
    // taking it back and giving it again
    await upvote.click()
    await expect(bobPro.getByTestId('reason-votes')).toHaveText('0')
    await upvote.click()
    await expect(bobPro.getByTestId('reason-votes')).toHaveText('1')

    // Alice sees her points change (and on her profile)
    await page.reload()
    await expect(page.getByTestId('points')).toHaveAttribute('data-points', '3')
    await expect(page.getByTestId('points')).toHaveText('3')
    await shot(page, 'points')
    await expectNoA11yViolations(page)
    await page.goto(`/${alice.username}`)
    await expect(page.getByTestId('profile-points')).toHaveText('3 points')
    await openPage(page)

    // Next Tool scrolls the next card under the navbar and focuses its name
    const second = cards(page).nth(1)
    await cards(page).first().getByRole('button', { name: 'Next Tool' }).click()
    await expect(second.getByRole('heading', { level: 2 })).toBeFocused()
    // 68 px navbar + 20 px: the card settles 88 px from the top once the smooth scroll ends
    await expect.poll(async () => Math.round((await second.boundingBox())?.y ?? 0)).toBe(88)

    // phone width: columns stack, the floating next-tool button moves on card by card
    await page.setViewportSize({ width: 390, height: 844 })
    await page.evaluate(() => window.scrollTo(0, 0))
    const mobileNext = page.getByTestId('mobile-next-tool')
    await expect(mobileNext).toBeVisible()
    await shot(page, 'phone')
    await mobileNext.click()
    await expect(cards(page).first().getByRole('heading', { level: 2 })).toBeFocused()
    await mobileNext.click()
    await expect(second.getByRole('heading', { level: 2 })).toBeFocused()
    await expect.poll(async () => Math.round((await second.boundingBox())?.y ?? 0)).toBe(88)
    await shot(page, 'phone-next')
    const pros = await column(second, 'pro').boundingBox()
    const cons = await column(second, 'con').boundingBox()
    expect(cons!.y).toBeGreaterThan(pros!.y + pros!.height - 1)

    await alice.context.close()
    await bob.context.close()
  },
)
