// Catalog edits reach what every instance keeps at once (decision 059): an answer warmed on one instance shows a
// field edited through another instance's API (or written to the catalog directly, as the seed does) well before its
// 60 s are up, because migration 0027's triggers NOTIFY catalog_changed. On PostgreSQL two apps, each with its own
// connections, share one database; on PGlite one app edits and reads.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EditToolBody } from '#contracts/moderation.ts'
import { normalizeWebsiteUrl, type Tool } from '#contracts/tools.ts'
import { type App, buildApp } from '../../app.ts'
import { type Database, openPostgres } from '../../db/client.ts'
import { categories, layers, tools } from '../../db/schema/index.ts'
import { TestClient } from '../../test/client.ts'
import { catalogChangesHeard } from '../../test/content-changes.ts'
import { buildCatalogTool, buildCompany, buildUser, type TestUser } from '../../test/factories.ts'
import { createTestApp, type TestContext, testConfig } from '../../test/harness.ts'
import { withDatabase } from '../../test/paths.ts'
import { saveJob } from '../jobs/jobs.queries.ts'

const postgresUrl = process.env.TEST_DATABASE_URL
/** Far inside the answers' 60 s (30 s for Stack Match): a NOTIFY reaches the other instance in milliseconds. */
const AT_ONCE = { timeout: 2000, interval: 20 }

type CatalogTool = Awaited<ReturnType<typeof buildCatalogTool>>
type EditedFields = EditToolBody['service']

interface Instances {
  /** The instance edits go through. */
  writer: App
  /** The instance whose kept answers must show them. */
  reader: App
}

function describeCatalogChanges(title: string, open: () => Promise<Instances & { close(): Promise<void> }>) {
  describe(title, () => {
    let instances: Instances & { close(): Promise<void> }
    let moderator: TestUser
    let visitor: TestClient
    let sequence = 0
    beforeAll(async () => {
      instances = await open()
      moderator = await buildUser(instances.writer, { role: 'moderator' })
      visitor = new TestClient(instances.reader)
      // the category edits move tools to
      await buildCatalogTool(instances.writer.db, { name: 'Catchother', category: 'cc-other', layer: 'cc-other-layer' })
    })
    afterAll(() => instances?.close())

    /** A listed tool with a one-word name of its own, in a category and layer of its own, searched for by name. */
    async function buildSearchedTool(): Promise<CatalogTool> {
      sequence += 1
      const word = `catch${String.fromCharCode(97 + sequence)}tool`
      return buildCatalogTool(instances.writer.db, {
        name: word,
        title: 'Before',
        description: 'A tool kept in cached answers',
        websiteUrl: `https://${word}.example.com/`,
        category: `cc-${word}`,
        layer: `cc-${word}-layer`,
      })
    }

    /** The reader's search answer for the tool (its name is the query). */
    async function searchedOnReader(tool: CatalogTool): Promise<Tool | undefined> {
      const response = await visitor.get(`/api/v1/services/search?q=${tool.name}`)
      expect(response.status).toBe(200)
      return (response.body.tools as Tool[]).find((found) => found.id === tool.id)
    }

    /** A moderator's edit through the writer's API: the tool's fields as they are, with `changes`. */
    async function editThroughWriter(tool: CatalogTool, changes: Partial<EditedFields>) {
      const [category] = await instances.writer.db
        .select({ slug: categories.slug })
        .from(categories)
        .where(eq(categories.id, tool.categoryId!))
      const service: EditedFields = {
        name: tool.name,
        title: tool.title!,
        description: tool.description!,
        image_url: tool.imageUrl,
        twitter_username: tool.twitterUsername,
        features: tool.features,
        website_url: tool.websiteUrl!,
        category: category!.slug,
        ...changes,
      }
      const response = await moderator.client.put(`/api/v1/moderation/tools/${tool.id}`, { service })
      expect(response.status).toBe(200)
    }

    /** Warms the reader's answer, makes the change, and expects the reader to answer it at once. */
    async function expectSearchToShow(
      tool: CatalogTool,
      change: () => Promise<unknown>,
      shown: (found: Tool) => unknown,
      expected: unknown,
    ) {
      const before = await searchedOnReader(tool)
      expect(before).toBeDefined()
      expect(shown(before!)).not.toEqual(expected)
      await change()
      await expect.poll(async () => shown((await searchedOnReader(tool))!), AT_ONCE).toEqual(expected)
    }

    it("shows a tool's new title", async () => {
      const tool = await buildSearchedTool()
      await expectSearchToShow(
        tool,
        () => editThroughWriter(tool, { title: 'After' }),
        (found) => found.title,
        'After',
      )
    })

    it("shows a tool's new website", async () => {
      const tool = await buildSearchedTool()
      const website = 'https://moved.example.org/home'
      await expectSearchToShow(
        tool,
        () => editThroughWriter(tool, { website_url: website }),
        (found) => found.website_url,
        normalizeWebsiteUrl(website),
      )
    })

    it("shows a tool's new logo", async () => {
      const tool = await buildSearchedTool()
      const logo = 'https://cdn.example.com/logos/after.png'
      await expectSearchToShow(
        tool,
        () => editThroughWriter(tool, { image_url: logo }),
        (found) => found.image_url,
        logo,
      )
    })

    it("shows a tool's new category and layer", async () => {
      const tool = await buildSearchedTool()
      await expectSearchToShow(
        tool,
        () => editThroughWriter(tool, { category: 'cc-other' }),
        (found) => [found.category?.slug, found.layer?.slug],
        ['cc-other', 'cc-other-layer'],
      )
    })

    it("shows a category's new name", async () => {
      const tool = await buildSearchedTool()
      await expectSearchToShow(
        tool,
        () =>
          instances.writer.db.update(categories).set({ name: 'Renamed' }).where(eq(categories.id, tool.categoryId!)),
        (found) => found.category?.name,
        'Renamed',
      )
    })

    it("shows a layer's new name", async () => {
      const tool = await buildSearchedTool()
      const [category] = await instances.writer.db
        .select({ layerId: categories.layerId })
        .from(categories)
        .where(eq(categories.id, tool.categoryId!))
      await expectSearchToShow(
        tool,
        () => instances.writer.db.update(layers).set({ name: 'Relayered' }).where(eq(layers.id, category!.layerId)),
        (found) => found.layer?.name,
        'Relayered',
      )
    })

    it("shows a tool's new logo on Stack Match's result cards", async () => {
      const tool = await buildSearchedTool()
      const company = await buildCompany(instances.writer.db)
      await saveJob(
        instances.writer.db,
        { title: 'Catch Engineer', slug: `catch-${tool.slug}`, companyId: company.id },
        [tool.id],
      )
      const cardLogo = async () => {
        const response = await visitor.get(`/api/v1/match/jobs?tools=${tool.slug}`)
        expect(response.status).toBe(200)
        return response.body.jobs[0]?.stack[0]?.image_url as string | undefined
      }
      const logo = 'https://cdn.example.com/logos/card.png'
      expect(await cardLogo()).toBe(`/logos/${tool.slug}.svg`)
      await editThroughWriter(tool, { image_url: logo })
      await expect.poll(cardLogo, AT_ONCE).toBe(logo)
    })

    it('leaves kept answers alone when an edit changes nothing they show', async () => {
      const tool = await buildSearchedTool()
      // the tool's own insert NOTIFYs too; heard after the first answer is kept, it would empty it
      await catalogChangesHeard(instances.writer, instances.reader)
      const first = await visitor.get(`/api/v1/services/search?q=${tool.name}`)
      // popularity is a count answers may be a minute behind on (decision 006); the description is not in them
      await instances.writer.db
        .update(tools)
        .set({ stacksCount: 40, description: 'Said otherwise' })
        .where(eq(tools.id, tool.id))
      await instances.writer.db.execute(sql`select pg_sleep(0.2)`)
      const second = await visitor.get(`/api/v1/services/search?q=${tool.name}`)
      expect(second.body).toEqual(first.body)
    })
  })
}

describeCatalogChanges('catalog changes on one instance', async () => {
  const context = await createTestApp()
  return { writer: context.app, reader: context.app, close: () => context.close() }
})

describe.skipIf(!postgresUrl)('two instances on one PostgreSQL database', () => {
  describeCatalogChanges('catalog changes made through one instance', async () => {
    const writer: TestContext = await createTestApp()
    const [{ name }] = (
      (await writer.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[]
      }
    ).rows as [{ name: string }]
    const database: Database = await openPostgres(withDatabase(postgresUrl!, name), { max: 5 })
    const reader = await buildApp({ database, config: testConfig(), logger: false })
    await reader.ready()
    return {
      writer: writer.app,
      reader,
      close: async () => {
        await reader.close()
        await database.close()
        await writer.close()
      },
    }
  })
})
