// Scale data for the benchmark: the real catalog (seedCatalog) topped up with generated tools to the target count,
// each with a category, aliases and its search document, plus users and public stacks that use the tools, so that
// stack counts, popularity and the tool page's "stacks using it" have realistic shapes. Deterministic (one seed).
import { count, sql } from 'drizzle-orm'
import type { Db } from '../server/db/client.ts'
import { categories, ownerHandles, stacks, stackTools, toolAliases, tools, users } from '../server/db/schema/index.ts'
import { seedCatalog } from '../server/db/seed/catalog/seed.ts'
import { refreshToolSearchVectors } from '../server/db/tool-search.ts'
import { mulberry32 } from '../server/test/prng.ts'

export interface ScaleOptions {
  tools: number
  users: number
  stacksPerUser: number
}

export interface ScaleSummary {
  catalogTools: number
  generatedTools: number
  tools: number
  aliases: number
  categories: number
  users: number
  stacks: number
  stackTools: number
  seconds: number
  notes: string[]
}

export async function seedScaleData(db: Db, options: ScaleOptions): Promise<ScaleSummary> {
  const started = performance.now()
  const notes: string[] = []
  const random = mulberry32(20261122)

  await seedCatalog(db)
  const catalogTools = await countRows(db, tools)
  const categoryIds = (await db.select({ id: categories.id }).from(categories)).map((row) => row.id)

  const generatedTools = await insertGeneratedTools(db, Math.max(0, options.tools - catalogTools), {
    categoryIds,
    random,
  })
  const stackSummary = await insertUsersAndStacks(db, options, random)

  await refreshToolSearchVectors(db)
  // as after any bulk load: statistics, and pages marked all-visible for index-only scans (decision 070)
  await db.execute(sql`vacuum (analyze)`)

  return {
    catalogTools,
    generatedTools,
    tools: await countRows(db, tools),
    aliases: await countRows(db, toolAliases),
    categories: categoryIds.length,
    ...stackSummary,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    notes,
  }
}

async function countRows(db: Db, table: typeof tools | typeof toolAliases) {
  const [row] = await db.select({ n: count() }).from(table)
  return row?.n ?? 0
}

const SYLLABLES = (
  'ka zen tor vex lu mi dra qua rel syn tal or ix bo nex pra sol tri vo ly gra fin hal ost per rio cor ' +
  'del fa gen hy jo kel lum mor nov pix ra sen tu ul vi wex xo yar zo'
).split(' ')
const SUFFIXES = ['', '', '', '', 'DB', '.js', 'Cloud', 'CI', 'Analytics', 'UI', 'Stack', 'Flow', 'Kit', 'Hub', 'IO']
const ADJECTIVES = ['Fast', 'Open-source', 'Scalable', 'Lightweight', 'Managed', 'Distributed', 'Type-safe', 'Modern']
const NOUNS = ['database', 'framework', 'message queue', 'monitoring service', 'CI server', 'UI library', 'CDN']
const AUDIENCES = ['web apps', 'teams', 'developers', 'data pipelines', 'mobile apps', 'microservices']

async function insertGeneratedTools(
  db: Db,
  wanted: number,
  { categoryIds, random }: { categoryIds: number[]; random: () => number },
): Promise<number> {
  if (wanted === 0) return 0
  const taken = new Set((await db.select({ slug: tools.slug }).from(tools)).map((row) => row.slug))
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!
  const batch: (typeof tools.$inferInsert)[] = []
  let inserted = 0
  while (inserted + batch.length < wanted) {
    const stem = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join('')
    const suffix = pick(SUFFIXES)
    const base = stem[0]!.toUpperCase() + stem.slice(1)
    const name = suffix === '.js' ? `${base}.js` : suffix ? `${base} ${suffix}` : base
    const slug = slugOf(name)
    if (taken.has(slug)) continue
    taken.add(slug)
    // a long tail below the catalog's own priors (Zipf-like)
    const rank = inserted + batch.length + 1
    batch.push({
      slug,
      name,
      title: `${pick(ADJECTIVES)} ${pick(NOUNS)} for ${pick(AUDIENCES)}`,
      description: `${name} is a generated tool of the benchmark's scale data.`,
      websiteUrl: `https://${slug}.example`,
      categoryId: pick(categoryIds),
      seedPopularity: Math.floor(2000 / rank ** 0.7),
    })
    if (batch.length === 500) inserted += await flushTools(db, batch.splice(0))
  }
  if (batch.length > 0) inserted += await flushTools(db, batch.splice(0))
  return inserted
}

async function flushTools(db: Db, rows: (typeof tools.$inferInsert)[]): Promise<number> {
  const inserted = await db.insert(tools).values(rows).returning({ id: tools.id, slug: tools.slug, name: tools.name })
  const aliases = inserted.flatMap((tool) => [
    { toolId: tool.id, kind: 'name', alias: tool.name.toLowerCase().replace(/[\s._-]+/g, '') },
    { toolId: tool.id, kind: 'npm', alias: tool.slug },
  ])
  await db.insert(toolAliases).values(aliases).onConflictDoNothing()
  return inserted.length
}

async function insertUsersAndStacks(db: Db, options: ScaleOptions, random: () => number) {
  const toolIds = (await db.select({ id: tools.id }).from(tools).orderBy(sql`${tools.popularity} desc`)).map(
    (row) => row.id,
  )
  let stackCount = 0
  let stackToolCount = 0
  for (let first = 0; first < options.users; first += 250) {
    const rows = Array.from({ length: Math.min(250, options.users - first) }, (_, i) => {
      const n = first + i + 1
      return { name: `Bench User ${n}`, email: `bench${n}@example.test`, username: `bench${n}`, isDemo: true }
    })
    const inserted = await db.insert(users).values(rows).returning({ id: users.id, username: users.username })
    await db.insert(ownerHandles).values(inserted.map((user) => ({ slug: user.username!, userId: user.id })))
    const stackRows = inserted.flatMap((user) =>
      Array.from({ length: options.stacksPerUser }, (_, s) => ({
        slug: `stack-${s + 1}`,
        name: `Stack ${s + 1}`,
        ownerUserId: user.id,
        createdById: user.id,
        isDemo: true,
      })),
    )
    const insertedStacks = await db.insert(stacks).values(stackRows).returning({ id: stacks.id })
    const links = insertedStacks.flatMap((stack) => {
      const chosen = new Set<number>()
      const size = 5 + Math.floor(random() * 11)
      // popular tools are used more: index skewed towards the head of the popularity order
      while (chosen.size < size) chosen.add(toolIds[Math.floor(toolIds.length * random() ** 3)]!)
      return [...chosen].map((toolId, position) => ({ stackId: stack.id, toolId, position }))
    })
    await db.insert(stackTools).values(links)
    stackCount += insertedStacks.length
    stackToolCount += links.length
  }
  await db.execute(sql`
    update ${tools} set stacks_count = used.n
    from (select tool_id, count(*)::int as n from ${stackTools} group by tool_id) as used
    where ${tools.id} = used.tool_id`)
  return { users: options.users, stacks: stackCount, stackTools: stackToolCount }
}

function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
