// The radar JSON renders in Zalando's published tech-radar page (issue 18 "Round trips", decision 064): a company's
// ?format=zalando answer handed to radar_visualization() from Zalando's radar.js, with d3 from node_modules, in a page
// loaded from a file in Chromium, then screenshot. Zalando's script is not ours to commit and is on no package
// registry: it is read at test time from ZALANDO_TECH_RADAR (a checkout of github.com/zalando/tech-radar, or its bare
// git directory) or the snapshot at the default place below; without it the test is skipped and says why.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { callApi, signUp, uniqueName } from './helpers.ts'
import { expect, test } from './test.ts'

const DEFAULT_SNAPSHOT = '/work/.mirror/zalando+tech-radar/repo'

/** Zalando's docs/radar.js from a checkout (a file) or a bare git directory (git show), or null. */
function readZalandoRadarJs(): string | null {
  const place = process.env.ZALANDO_TECH_RADAR ?? DEFAULT_SNAPSHOT
  const file = path.join(place, 'docs', 'radar.js')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8')
  if (!fs.existsSync(place)) return null
  try {
    return execFileSync('git', ['--git-dir', place, 'show', 'HEAD:docs/radar.js'], { encoding: 'utf8' })
  } catch {
    return null
  }
}

const radarJs = readZalandoRadarJs()

test('the Zalando radar JSON renders in the published tech-radar page', async ({ page }) => {
  test.skip(
    radarJs === null,
    `Zalando's radar.js is absent: set ZALANDO_TECH_RADAR to a checkout of github.com/zalando/tech-radar (or its bare git directory); looked in ${process.env.ZALANDO_TECH_RADAR ?? DEFAULT_SNAPSHOT}`,
  )
  await page.goto('/')
  await signUp(page)
  const token = uniqueName('zalco')
  const { slug, id } = await callApi<{ slug: string; id: number }>(page, 'POST', '/api/v1/companies/create', {
    company: {
      name: `Zalando Check ${token}`,
      website_url: 'https://zalco.example',
      description: 'Radar check.',
      email_address: 'team@zalco.example',
    },
  })
  const { tools } = await callApi<{ tools: Array<{ id: number; name: string }> }>(
    page,
    'GET',
    '/services/find_all_by_actual_slug?slugs=react,postgresql,redis,docker,kubernetes,nginx,slack,jira',
  )
  expect(tools.length).toBeGreaterThanOrEqual(4)
  for (const [index, services] of [tools, tools.slice(0, 2), tools.slice(0, 1)].entries()) {
    await callApi(page, 'POST', '/api/v1/stacks/create', {
      stack: {
        name: `Zal Stack ${index} ${token}`,
        services: services.map((tool) => tool.id),
        owner: { type: 'Company', id },
      },
    })
  }
  await callApi(page, 'PUT', `/api/v1/companies/${slug}/radar/${await firstSlug(page, slug)}`, {
    ring: 'hold',
    reason: 'Checking a moved blip',
  })
  const config = await callApi<{ entries: Array<{ label: string; moved: number }> }>(
    page,
    'GET',
    `/api/v1/companies/${slug}/radar?format=zalando`,
  )
  expect(config.entries).toHaveLength(tools.length)

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'zalando-radar-'))
  fs.writeFileSync(path.join(folder, 'radar.js'), radarJs!)
  fs.copyFileSync(path.resolve('node_modules/d3/dist/d3.min.js'), path.join(folder, 'd3.min.js'))
  fs.writeFileSync(
    path.join(folder, 'index.html'),
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>radar</title>
<script src="d3.min.js"></script><script src="radar.js"></script></head>
<body><svg id="radar"></svg><script>
window.radarErrors = [];
window.addEventListener('error', (event) => window.radarErrors.push(String(event.message)));
radar_visualization(Object.assign(${JSON.stringify(config)}, { svg_id: 'radar', repo_url: '#' }));
</script></body></html>`,
  )
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.setViewportSize({ width: 1450, height: 1000 })
  await page.goto(pathToFileURL(path.join(folder, 'index.html')).href)
  // one blip per entry, and the legend lists every tool by its label
  await expect(page.locator('#radar .blip')).toHaveCount(tools.length)
  for (const entry of config.entries)
    await expect(page.locator('#radar').getByText(entry.label, { exact: false }).first()).toBeAttached()
  await expect(page.locator('#radar')).toContainText(`Zalando Check ${token} Tech Radar`)
  // the moved blip is drawn as Zalando draws a move (a triangle path, not a circle)
  expect(config.entries.some((entry) => entry.moved === -1)).toBe(true)
  await expect(page.locator('#radar .blip path')).toHaveCount(1)
  expect(errors).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { radarErrors: string[] }).radarErrors)).toEqual([])
  await page.screenshot({ path: '.tmp/screenshots/zalando-radar.png' })
  fs.rmSync(folder, { recursive: true, force: true })
})

async function firstSlug(page: Parameters<typeof callApi>[0], companySlug: string) {
  const radar = await callApi<{ entries: Array<{ tool: { slug: string } }> }>(
    page,
    'GET',
    `/api/v1/companies/${companySlug}/radar`,
  )
  return radar.entries[0]!.tool.slug
}
