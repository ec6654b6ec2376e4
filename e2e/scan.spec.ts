// The scan step shows tools as they are found (issue 3; specs/stack-creation-and-editing.md §4 Scan state): a fixture
// site on 127.0.0.1 whose stylesheet is held back, so the scan waits in its last stage with the page's tools found.
// A host that accepts the connection and never answers ends in the spec's 'We can't find anything...' (decision 040).
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { expectNoA11yViolations } from './a11y.ts'
import { screenshot, signUp } from './helpers.ts'
import { expect, test } from './test.ts'

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="generator" content="WordPress 6.4.2" />
  <link rel="stylesheet" href="/held.css">
  <title>Acme Blog</title>
</head>
<body><h1>Acme Blog</h1></body>
</html>`

let releaseStylesheet: () => void = () => {}
let server: http.Server
let siteUrl = ''

test.beforeAll(async () => {
  const held = new Promise<void>((resolve) => {
    releaseStylesheet = resolve
  })
  server = http.createServer((request, response) => {
    if (request.url === '/held.css') {
      void held.then(() => {
        response.writeHead(200, { 'content-type': 'text/css' })
        response.end('.rotate{--tw-rotate:45deg;transform:rotate(var(--tw-rotate))}')
      })
      return
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', server: 'nginx/1.25.3' })
    response.end(PAGE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})

test.afterAll(async () => {
  releaseStylesheet()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

test('the tools found show while the scan runs, and the rest join them when it is done', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await signUp(page)
  await page.goto('/create-stack/scan')

  await page.getByRole('textbox', { name: 'Website or GitHub URL' }).fill(siteUrl)
  await page.getByRole('button', { name: 'Scan', exact: true }).click()

  // state 1: the page's tools are in while its stylesheet is still on its way (the scan reads it for up to 8 s)
  const found = page.getByRole('region', { name: /Found so far: \d+ tools/ })
  await expect(found.getByText('WordPress', { exact: true })).toBeVisible({ timeout: 20_000 })
  await expect(found.getByText('Tailwind CSS', { exact: true })).toHaveCount(0)
  await expect(page.getByTestId('scan-verb')).toHaveText('Scanning')
  await expect(page.getByRole('button', { name: 'Scanning' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Edit & Save Your Stack' })).toHaveCount(0)
  await screenshot(page, 'scan/scan-tools-appearing')

  // state 2: Done!, with the stylesheet's Tailwind CSS added to what was shown
  releaseStylesheet()
  await expect(page.getByTestId('scan-verb')).toHaveText('Done!', { timeout: 20_000 })
  const done = page.getByRole('region', { name: /We found \d+ tools/ })
  await expect(done.getByText('Tailwind CSS', { exact: true })).toBeVisible()
  await expect(done.getByText('WordPress', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit & Save Your Stack' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Scan steps' }).getByRole('listitem')).toHaveText([
    'URL looks good!',
    'Initializing import...',
    'Firing up analysis engine...',
    'Performing super sophisticated analysis...',
  ])
  await expectNoA11yViolations(page)
  await screenshot(page, 'scan/scan-tools-done')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'scan/scan-tools-done-390')
})

test("a host that accepts the connection and never answers: the spec's 'We can't find anything...'", async ({
  page,
}) => {
  test.setTimeout(90_000)
  const sockets = new Set<net.Socket>()
  const silent = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  try {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/')
    await signUp(page)
    await page.goto('/create-stack/scan')
    await page
      .getByRole('textbox', { name: 'Website or GitHub URL' })
      .fill(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/`)
    await page.getByRole('button', { name: 'Scan', exact: true }).click()
    await expect(page.getByTestId('scan-verb')).toHaveText('Scanning')
    // the server gives the page 10 s, within the wizard's 30 s
    const message = page.getByText("We can't find anything, type in another URL or click 'Skip'")
    await expect(message).toBeVisible({ timeout: 25_000 })
    await expect(page.getByText(/took longer/)).toHaveCount(0)
    expect(sockets.size).toBeGreaterThan(0)
    await expect(page.getByRole('button', { name: 'Scan', exact: true })).toBeEnabled()
    await screenshot(page, 'scan/scan-silent-host')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'scan/scan-silent-host-390')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  } finally {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  }
})
