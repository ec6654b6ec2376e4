// The site opened at another address than BASE_URL (decision 035): in development its loopback aliases work like
// BASE_URL itself; at a LAN address the person is told where to open the site, or what to set.
import os from 'node:os'
import { createAccountInModal, uniqueName } from './helpers.ts'
import { expect, type Page, test } from './test.ts'

const port = Number(process.env.E2E_PORT ?? 3100)
const baseUrl = `http://localhost:${port}`

/** This machine's first non-loopback IPv4 address: what a phone on the same network would open. */
function lanAddress(): string | undefined {
  const addresses = Object.values(os.networkInterfaces()).flat()
  return addresses.find((address) => address && address.family === 'IPv4' && !address.internal)?.address
}

async function openSignUp(page: Page, origin: string) {
  await page.goto(`${origin}/tools`)
  await page.getByRole('button', { name: 'Sign up' }).first().click()
}

test('signs up at http://127.0.0.1 when BASE_URL is http://localhost on the same port', async ({ page }) => {
  await openSignUp(page, `http://127.0.0.1:${port}`)
  await createAccountInModal(page, uniqueName('loop'))
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await expect(page).toHaveURL(`http://127.0.0.1:${port}/onboarding/welcome`)
})

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at a LAN address, says where to open the site (${viewport.width} px)`, async ({ page }) => {
    const lan = lanAddress()
    test.skip(!lan, 'this machine has no LAN address')
    await page.setViewportSize(viewport)
    await openSignUp(page, `http://${lan}:${port}`)
    await createAccountInModal(page, uniqueName('lan'))
    const dialog = page.getByRole('dialog')
    await expect(
      dialog.getByText(`This site is configured for ${baseUrl}; open it there or set BASE_URL.`),
    ).toBeVisible()
    await page.screenshot({ path: `.tmp/shots/origins/lan-sign-up-${viewport.width}.png` })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
  })
}
