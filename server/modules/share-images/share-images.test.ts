import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  companyShareImagePath,
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
  stackShareImagePath,
  stackupShareImagePath,
  toolShareImagePath,
} from '#contracts/share-images.ts'
import { companies, stacks, stackTools, tools } from '../../db/schema/index.ts'
import { createLocalDiskStorage } from '../../storage/local-disk.storage.ts'
import { buildCompany, buildStack, buildTool, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { XSS_VECTORS } from '../../test/xss-vectors.ts'
import { createShareImageStore, inputsHashOf, withInputsHash } from './share-image-store.ts'
import { findCompanyCard } from './share-images.queries.ts'
import { companyCardInputs } from './share-images.service.ts'

let ctx: TestContext
let owner: TestUser
beforeAll(async () => {
  ctx = await createTestApp()
  owner = await buildUser(ctx.app, { username: 'cardowner', name: 'Card Owner' })
})
afterAll(() => ctx.close())

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers })

/** Width and height from the PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

const storedPath = (key: string) => path.join(ctx.app.config.uploadDir, key)
const storedCards = (folder: string) => {
  const directory = path.join(ctx.app.config.uploadDir, 'share', folder)
  return fs.existsSync(directory) ? fs.readdirSync(directory).sort() : []
}

async function expectCard(url: string) {
  const response = await get(url)
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['content-type']).toBe('image/png')
  expect(pngSize(response.rawPayload)).toEqual({ width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT })
  return response
}

async function expectNotFound(url: string) {
  const response = await get(url)
  expect(response.statusCode).toBe(404)
  expect(response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } })
}

describe('GET /share/tools/{slug}.png', () => {
  it('answers a 1200x630 PNG, public for an hour, with an ETag, loadable from other sites', async () => {
    const tool = await buildTool(ctx.app.db, {
      name: 'Cardtool',
      slug: 'cardtool',
      title: 'A tool drawn on a card',
      stacksCount: 12,
      followersCount: 3400,
      votesCount: 1,
    })
    const response = await expectCard(toolShareImagePath(tool.slug))
    expect(response.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=3600')
    expect(response.headers.etag).toMatch(/^W\/"[0-9a-f]{32}"$/)
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(storedCards('tools')).toEqual([`${tool.id}.png`])
  })

  it('answers the stored bytes while the inputs hold, without drawing again, and 304 for its ETag', async () => {
    const tool = await buildTool(ctx.app.db, { name: 'Steady', followersCount: 5 })
    const first = await expectCard(toolShareImagePath(tool.slug))
    const file = storedPath(`share/tools/${tool.id}.png`)
    const before = fs.statSync(file)
    const second = await expectCard(toolShareImagePath(tool.slug))
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(second.headers.etag).toBe(first.headers.etag)
    // the same file, not one written again
    expect(fs.statSync(file).ino).toBe(before.ino)
    expect(fs.statSync(file).mtimeMs).toBe(before.mtimeMs)

    const revalidated = await get(toolShareImagePath(tool.slug), { 'if-none-match': String(first.headers.etag) })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.rawPayload.length).toBe(0)
  })

  it('draws a new card in place when the name or a count changes', async () => {
    const tool = await buildTool(ctx.app.db, { name: 'Before', followersCount: 1 })
    const url = toolShareImagePath(tool.slug)
    const first = await expectCard(url)

    await ctx.app.db.update(tools).set({ name: 'After' }).where(eq(tools.id, tool.id))
    const renamed = await expectCard(url)
    expect(renamed.headers.etag).not.toBe(first.headers.etag)
    expect(renamed.rawPayload.equals(first.rawPayload)).toBe(false)

    await ctx.app.db.update(tools).set({ followersCount: 2 }).where(eq(tools.id, tool.id))
    const recounted = await expectCard(url)
    expect(recounted.headers.etag).not.toBe(renamed.headers.etag)
    expect(recounted.rawPayload.equals(renamed.rawPayload)).toBe(false)
    // replaced, not added beside: the stored file is the latest card
    expect(fs.readFileSync(storedPath(`share/tools/${tool.id}.png`)).equals(recounted.rawPayload)).toBe(true)
  })

  it('answers 404 for a pending or hidden tool and stores nothing; a card stored before it was hidden is deleted', async () => {
    const pending = await buildTool(ctx.app.db, { isApproved: false })
    await expectNotFound(toolShareImagePath(pending.slug))
    expect(fs.existsSync(storedPath(`share/tools/${pending.id}.png`))).toBe(false)

    const hidden = await buildTool(ctx.app.db)
    await expectCard(toolShareImagePath(hidden.slug))
    expect(fs.existsSync(storedPath(`share/tools/${hidden.id}.png`))).toBe(true)
    await ctx.app.db.update(tools).set({ isHidden: true }).where(eq(tools.id, hidden.id))
    await expectNotFound(toolShareImagePath(hidden.slug))
    expect(fs.existsSync(storedPath(`share/tools/${hidden.id}.png`))).toBe(false)
  })

  it('draws a tool with an SVG logo, and with a broken one falls back to its initials', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>Logo</title>' +
      '<path fill="#61DAFB" d="M12 2 22 20H2z"/></svg>'
    const drawn = await buildTool(ctx.app.db, { logoSvg: svg })
    await expectCard(toolShareImagePath(drawn.slug))
    // the same card as a tool of that name without a logo: its initials
    const broken = await buildTool(ctx.app.db, {
      name: 'Broken Logo',
      logoSvg: '<svg xmlns="http://www.w3.org/2000/svg"><path d="M',
    })
    const initials = await buildTool(ctx.app.db, { name: 'Broken Logo' })
    const pixels = async (slug: string) =>
      sharp((await expectCard(toolShareImagePath(slug))).rawPayload)
        .raw()
        .toBuffer()
    expect((await pixels(broken.slug)).equals(await pixels(initials.slug))).toBe(true)
  })

  it('answers a card for names and descriptions full of markup (satori draws strings, never parses them)', async () => {
    for (const [index, vector] of XSS_VECTORS.slice(0, 6).entries()) {
      const tool = await buildTool(ctx.app.db, { name: `${vector} ${index}`, title: vector, description: vector })
      await expectCard(toolShareImagePath(tool.slug))
    }
  })

  it('draws concurrent first requests into one stored card', async () => {
    const tool = await buildTool(ctx.app.db, { name: 'Crowded' })
    const responses = await Promise.all(Array.from({ length: 4 }, () => get(toolShareImagePath(tool.slug))))
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200])
    for (const response of responses) expect(response.rawPayload.equals(responses[0]!.rawPayload)).toBe(true)
  })
})

describe('GET /share/stacks/{ownerSlug}/{stackSlug}.png', () => {
  it("answers a user's public stack, and a new card when its tools change", async () => {
    const toolList = await Promise.all(
      Array.from({ length: 10 }, (_, index) => buildTool(ctx.app.db, { name: `T${index}` })),
    )
    const stack = await buildStack(ctx.app.db, {
      ownerUserId: owner.id,
      name: 'Card Stack',
      tools: toolList.slice(0, 9),
    })
    const url = stackShareImagePath(owner.username, stack.slug)
    const first = await expectCard(url)
    await ctx.app.db.insert(stackTools).values({ stackId: stack.id, toolId: toolList[9]!.id, position: 9 })
    const second = await expectCard(url)
    expect(second.headers.etag).not.toBe(first.headers.etag)
    expect(storedCards('stacks')).toContain(`${stack.id}.png`)
  })

  it('answers a company stack in upper or lower case', async () => {
    const company = await buildCompany(ctx.app.db, { name: 'Stack Co', slug: 'stack-co' })
    await buildStack(ctx.app.db, { ownerCompanyId: company.id, name: 'Platform', slug: 'platform' })
    await expectCard(stackShareImagePath('Stack-Co', 'Platform'))
  })

  it('answers 404 for a private stack and for a stack of a private-mode company, and stores nothing', async () => {
    const hidden = await buildStack(ctx.app.db, { ownerUserId: owner.id, isPrivate: true })
    await expectNotFound(stackShareImagePath(owner.username, hidden.slug))
    const privateCompany = await buildCompany(ctx.app.db, { privateMode: true })
    const ofPrivate = await buildStack(ctx.app.db, { ownerCompanyId: privateCompany.id })
    await expectNotFound(stackShareImagePath(privateCompany.slug, ofPrivate.slug))
    expect(storedCards('stacks')).not.toContain(`${hidden.id}.png`)
    expect(storedCards('stacks')).not.toContain(`${ofPrivate.id}.png`)
  })

  it('deletes the card of a stack that became private', async () => {
    const stack = await buildStack(ctx.app.db, { ownerUserId: owner.id })
    await expectCard(stackShareImagePath(owner.username, stack.slug))
    await ctx.app.db.update(stacks).set({ isPrivate: true }).where(eq(stacks.id, stack.id))
    await expectNotFound(stackShareImagePath(owner.username, stack.slug))
    expect(storedCards('stacks')).not.toContain(`${stack.id}.png`)
  })
})

describe('GET /share/companies/{slug}.png', () => {
  it('answers a company with its uploaded logo, and 404 once it is in private mode', async () => {
    const logo = await owner.client.request(
      'POST',
      '/api/v1/uploads/logo',
      Buffer.concat([
        Buffer.from(
          '--b\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        await sharp({ create: { width: 96, height: 96, channels: 3, background: '#0ea5e9' } })
          .png()
          .toBuffer(),
        Buffer.from('\r\n--b--\r\n'),
      ]),
      { 'content-type': 'multipart/form-data; boundary=b' },
    )
    expect(logo.status).toBe(200)
    const company = await buildCompany(ctx.app.db, { name: 'Logo Co', imageUrl: logo.body.image_url })
    const tool = await buildTool(ctx.app.db)
    await buildStack(ctx.app.db, { ownerCompanyId: company.id, tools: [tool] })
    await expectCard(companyShareImagePath(company.slug))
    expect(storedCards('companies')).toContain(`${company.id}.png`)

    await ctx.app.db.update(companies).set({ privateMode: true }).where(eq(companies.id, company.id))
    await expectNotFound(companyShareImagePath(company.slug))
    expect(storedCards('companies')).not.toContain(`${company.id}.png`)
  })

  it("counts the company's public stacks and tools on its card, not its private stack", async () => {
    const company = await buildCompany(ctx.app.db, { name: 'Counted Co' })
    const [react, go, secret] = [await buildTool(ctx.app.db), await buildTool(ctx.app.db), await buildTool(ctx.app.db)]
    await buildStack(ctx.app.db, { ownerCompanyId: company.id, tools: [react!] })
    await buildStack(ctx.app.db, { ownerCompanyId: company.id, tools: [go!] })
    await buildStack(ctx.app.db, { ownerCompanyId: company.id, tools: [secret!], isPrivate: true })
    await ctx.app.db
      .update(companies)
      .set({ toolIds: [react!.id, go!.id] })
      .where(eq(companies.id, company.id))
    const card = await findCompanyCard(ctx.app.db, company.slug)
    expect(card).toMatchObject({ stacksCount: 2, toolsCount: 2 })
    expect(card?.tools.map((tool) => tool.id).sort()).toEqual([react!.id, go!.id].sort())
    // what the card draws: "2 stacks"
    const [subject] = companyCardInputs('Stackatlas', card!).subjects
    expect(subject?.stats[0]).toEqual({ value: 2, label: ['stack', 'stacks'] })
  })
})

describe('GET /share/stackups/{a}-vs-{b}.png', () => {
  it('answers the canonical pair and redirects the other order to it', async () => {
    const first = await buildTool(ctx.app.db, { name: 'Alpha', slug: 'alpha-card' })
    const second = await buildTool(ctx.app.db, { name: 'Beta', slug: 'beta-card' })
    await expectCard(stackupShareImagePath(second.slug, first.slug))
    expect(stackupShareImagePath(second.slug, first.slug)).toBe('/share/stackups/alpha-card-vs-beta-card.png')
    const reversed = await get('/share/stackups/beta-card-vs-alpha-card.png')
    expect(reversed.statusCode).toBe(301)
    expect(reversed.headers.location).toBe('/share/stackups/alpha-card-vs-beta-card.png')
    expect(storedCards('stackups')).toEqual([`${first.id}-${second.id}.png`])
  })

  it('answers 404 when a side is pending, unknown or the same tool twice', async () => {
    const listed = await buildTool(ctx.app.db, { slug: 'listed-side' })
    const pending = await buildTool(ctx.app.db, { slug: 'pending-side', isApproved: false })
    await expectNotFound(stackupShareImagePath(listed.slug, pending.slug))
    await expectNotFound(stackupShareImagePath(listed.slug, 'nothing-here'))
    await expectNotFound('/share/stackups/listed-side-vs-listed-side.png')
  })
})

describe('paths that name no card', () => {
  it('answer 404', async () => {
    const tool = await buildTool(ctx.app.db, { slug: 'pathtool' })
    for (const url of [
      '/share/tools/pathtool',
      '/share/tools/pathtool.svg',
      '/share/tools/.png',
      '/share/tools/unknown-tool.png',
      '/share/stacks/nobody-here/stack.png',
      '/share/companies/no-company.png',
      '/share/stackups/pathtool.png',
    ]) {
      await expectNotFound(url)
    }
    // a stored card is never served as an upload, where nothing checks that its subject is still public
    await expectCard(toolShareImagePath(tool.slug))
    expect((await get(`/uploads/share/tools%2F${tool.id}.png`)).statusCode).toBe(404)
  })
})

describe('openapi', () => {
  it('documents the four share image routes', async () => {
    const paths = (await get('/api/openapi.json')).json().paths
    for (const path of [
      '/share/tools/{file}',
      '/share/stacks/{ownerSlug}/{file}',
      '/share/companies/{file}',
      '/share/stackups/{file}',
    ]) {
      expect(paths[path]?.get, path).toBeDefined()
    }
  })
})

describe('the share image store', () => {
  it('keeps the inputs hash in the PNG and draws concurrent first loads once', async () => {
    const storage = createLocalDiskStorage(fs.mkdtempSync(path.join(ctx.app.config.dataDir, 'cards-')))
    const store = createShareImageStore(storage)
    const png = (await get(toolShareImagePath((await buildTool(ctx.app.db)).slug))).rawPayload
    expect(inputsHashOf(withInputsHash(png, 'abc123'))).toBe('abc123')
    let draws = 0
    const draw = async () => {
      draws++
      await new Promise((resolve) => setTimeout(resolve, 20))
      return png
    }
    const loaded = await Promise.all(Array.from({ length: 5 }, () => store.load('share/tools/1.png', 'h1', draw)))
    expect(draws).toBe(1)
    expect(inputsHashOf(loaded[0]!)).toBe('h1')
    await store.load('share/tools/1.png', 'h1', draw)
    expect(draws).toBe(1)
    await store.load('share/tools/1.png', 'h2', draw)
    expect(draws).toBe(2)
  })
})
