// The server side of `npm run bench`, run by bench/run.ts as a child process so the load generator does not share
// its event loop: a fresh database (PostgreSQL or PGlite) with scale data, the real app (buildApp) on a free port,
// and one extra route, the bare baseline: one SELECT by primary key on the same database through the same pool.
// The web app must be built first (bench/run.ts does): the app loads its bundles once, when it is built.
// Talks to its parent over IPC: 'ready' with the port and samples, 'explain' for EXPLAIN ANALYZE of an endpoint.
// With BENCH_INSTANCES=N (N > 1, PostgreSQL), the port is haproxy's in front of N real instances on the seeded
// database (server/test/cluster.ts): the app's routes go round robin to them, /bench/ to this process's routes.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import pg from 'pg'
import { z } from 'zod'
import { MatchQuery } from '#contracts/match.ts'
import { TOOLS_PAGE_SIZE } from '#contracts/tool-limits.ts'
import { ToolPageResponse } from '#contracts/tool-page.ts'
import { stackupUrl } from '#contracts/tool-page-meta.ts'
import { SearchToolsQuery } from '#contracts/tools.ts'
import { buildApp } from '../server/app.ts'
import { configFromEnv } from '../server/config.ts'
import { type Database, openPglite, openPostgres } from '../server/db/client.ts'
import { ownerHandles, stacks, stackTools, tools } from '../server/db/schema/index.ts'
import { readEnv } from '../server/env.ts'
import { readMatchVersion } from '../server/modules/match/match.queries.ts'
import * as stackMatch from '../server/modules/match/match.service.ts'
import { stackFileFormats } from '../server/modules/stack-files/formats.ts'
import { importStack, readStackFileText } from '../server/modules/stack-files/stack-files.service.ts'
import { findOwner } from '../server/modules/stacks/stacks.queries.ts'
import { CATALOG_CHANGED_CHANNEL } from '../server/modules/tools/catalog-memos.ts'
import { loadToolPage } from '../server/modules/tools/tool-page.service.ts'
import { presentTools } from '../server/modules/tools/tools.presenter.ts'
import { findToolBySlugOrName, parseSearchQuery, searchTools } from '../server/modules/tools/tools.queries.ts'
import { type Cluster, freePort, startCluster } from '../server/test/cluster.ts'
import { withAdmin } from '../server/test/paths.ts'
import type { LighthousePage } from './lighthouse.ts'
import { seedMatchData } from './seed-match.ts'
import { seedScaleData } from './seed-scale.ts'

// One database per run: two runs on one server (several people, one machine) never drop each other's data
export const BENCH_DATABASE = `stackatlas_bench_${process.pid}`

export type ServerMessage =
  | {
      type: 'ready'
      port: number
      kind: Database['kind']
      /** Server processes behind the port: 1, this one; more, real instances behind haproxy. */
      instances: number
      serverVersion: string
      seed: unknown
      samples: Samples
    }
  | { type: 'explained'; path: string; plans: string[] }
  /** The imports run since the last 'imports' message started them: how many, and each one's milliseconds. */
  | { type: 'imports done'; milliseconds: number[]; failures: string[] }
  | { type: 'failed'; message: string }

export type ParentMessage =
  | { type: 'explain'; path: string }
  /** Announce a content change (as a write does) this many times a second from now on; 0 stops. */
  | { type: 'content changes'; perSecond: number }
  /** Run stack imports of 2,000 new packages back to back from now on (true) or stop and report them (false). */
  | { type: 'imports'; running: boolean }
  | { type: 'stop' }

export interface Samples {
  ids: number[]
  slugs: string[]
  names: string[]
  /** Public stack pages, "/{ownerSlug}/{stackSlug}". */
  stackPaths: string[]
  /** The pages Lighthouse opens: home, React's tool page, a stack using React, React's stackup (see below). */
  lighthousePages: LighthousePage[]
  /** The most popular tools of the Stack Match data, when it was seeded (bench/seed-match.ts). */
  matchTools?: string[]
}

const kind = process.env.BENCH_KIND === 'pglite' ? 'pglite' : 'postgres'
const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const toolCount = Number(process.env.BENCH_TOOLS ?? 10_000)
/** "100000:20000": jobs and companies for Stack Match; empty: none. */
const matchScale = process.env.BENCH_MATCH ?? ''
const instanceCount = kind === 'postgres' ? Math.max(1, Number(process.env.BENCH_INSTANCES ?? 1)) : 1
const send = (message: ServerMessage) => process.send?.(message)

// Every SQL text and its parameters while `captured` is set: the queries one request makes, for EXPLAIN ANALYZE.
let captured: { text: string; values?: unknown[] }[] | null = null
const originalQuery = pg.Client.prototype.query
pg.Client.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
  if (captured && config && typeof config === 'object' && 'text' in config) {
    const query = config as { text: string; values?: unknown[] }
    captured.push({ text: query.text, values: query.values ?? (Array.isArray(values) ? values : undefined) })
  }
  return (originalQuery as (...args: unknown[]) => unknown).call(this, config, values, callback)
} as typeof pg.Client.prototype.query

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-bench-'))
let database: Database
try {
  database = kind === 'pglite' ? await openPglite({ dataDir: path.join(dataDir, 'pglite') }) : await openFreshPostgres()
} catch (error) {
  send({ type: 'failed', message: `cannot open the ${kind} database: ${(error as Error).message}` })
  process.exit(1)
}
await database.migrate()
const scale = await seedScaleData(database.db, { tools: toolCount, users: 1000, stacksPerUser: 3 })
const [matchJobs, matchCompanies] = matchScale.split(':').map(Number)
const match =
  matchJobs && matchCompanies ? await seedMatchData(database.db, { jobs: matchJobs, companies: matchCompanies }) : null
const seed = { ...scale, match }

// The address the pages name (canonical links, JSON-LD) is the one the bench and Lighthouse open
const port = await freePort()
const env = readEnv({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_DISABLED: 'true',
  PORT: String(port),
  BASE_URL: `http://127.0.0.1:${port}`,
})
const app = await buildApp({ database, config: { ...configFromEnv(env), rateLimitEnabled: false }, logger: false })

// The baseline: what any endpoint costs at least (HTTP, routing, one indexed query, JSON), on the same pool.
app
  .withTypeProvider<ZodTypeProvider>()
  .get(
    '/bench/baseline',
    { schema: { hide: true, querystring: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }) } },
    async (request) => {
      const [row] = await app.db
        .select({ id: tools.id, slug: tools.slug, name: tools.name })
        .from(tools)
        .where(eq(tools.id, request.query.id))
      return row ?? null
    },
  )
// Search past the answer cache: the route's query and presenter, so the bench also shows the database path's cost
app
  .withTypeProvider<ZodTypeProvider>()
  .get('/bench/search', { schema: { hide: true, querystring: SearchToolsQuery } }, async (request) => {
    const search = parseSearchQuery(request.query.q)
    const options = {
      includePackages: false,
      limit: TOOLS_PAGE_SIZE,
      offset: (request.query.page - 1) * TOOLS_PAGE_SIZE,
    }
    const rows = search ? await searchTools(app.db, search, options) : []
    return { tools: presentTools(rows.slice(0, TOOLS_PAGE_SIZE), null), has_more: rows.length > TOOLS_PAGE_SIZE }
  })
// The tool page API past its answer cache: the route's lookup, service and serialization (as PublicAnswerCache.send
// does), so the bench shows what a tool page costs when a write has emptied every instance's kept answers (issue 21)
app
  .withTypeProvider<ZodTypeProvider>()
  .get(
    '/bench/tool-page',
    { schema: { hide: true, querystring: z.object({ slug: z.string().max(200) }) } },
    async (request, reply) => {
      const tool = await findToolBySlugOrName(app.db, request.query.slug)
      if (!tool) return reply.code(404).send(null)
      const body = JSON.stringify(z.encode(ToolPageResponse, await loadToolPage(app.db, tool, null)))
      return reply.type('application/json; charset=utf-8').send(body)
    },
  )
// Stack Match past its answer cache (decision 030): the routes' search and presenters, every request computed
app
  .withTypeProvider<ZodTypeProvider>()
  .get(
    '/bench/match/:index',
    { schema: { hide: true, params: z.object({ index: z.enum(['jobs', 'companies']) }), querystring: MatchQuery } },
    async (request) => {
      const [version, filters] = await Promise.all([
        readMatchVersion(app.db),
        stackMatch.buildMatchFilters(app.db, request.query),
      ])
      return request.params.index === 'companies'
        ? stackMatch.matchCompanies(app.db, filters, version)
        : stackMatch.matchJobs(app.db, filters, version)
    },
  )
await app.listen({ port, host: '127.0.0.1' })
const cluster: Cluster | null =
  instanceCount > 1
    ? await startCluster({
        instances: instanceCount,
        adminUrl,
        databaseUrl: benchUrl(),
        env: { RATE_LIMIT_DISABLED: 'true', LOG_LEVEL: 'error' },
        sideRoutes: [{ pathPrefix: '/bench/', port }],
      })
    : null

const rows = await selectRows<{ id: number; slug: string; name: string }>(
  sql`select id, slug, name from ${tools} order by random() limit 500`,
)
const stackRows = await selectRows<{ owner: string; slug: string }>(
  sql`select ${ownerHandles.slug} as owner, ${stacks.slug} as slug from ${stacks}
      join ${ownerHandles} on ${ownerHandles.userId} = ${stacks.ownerUserId}
        or ${ownerHandles.companyId} = ${stacks.ownerCompanyId}
      where not ${stacks.isPrivate} order by random() limit 500`,
)
const [{ version: serverVersion = '' } = {}] = await selectRows<{ version: string }>(sql`select version()`)
send({
  type: 'ready',
  port: cluster ? Number(new URL(cluster.url).port) : port,
  kind,
  instances: instanceCount,
  serverVersion: serverVersion.split(' on ')[0] ?? serverVersion,
  seed,
  samples: {
    ids: rows.map((row) => row.id),
    slugs: rows.map((row) => row.slug),
    names: rows.map((row) => row.name),
    stackPaths: stackRows.map((row) => `/${row.owner}/${row.slug}`),
    lighthousePages: await pickLighthousePages(),
    ...(match ? { matchTools: match.topToolSlugs } : {}),
  },
})

let announcing: NodeJS.Timeout | undefined
let importing: Promise<{ milliseconds: number[]; failures: string[] }> | null = null
let isImporting = false
process.on('message', async (message: ParentMessage) => {
  if (message.type === 'imports' && message.running && !importing) {
    isImporting = true
    importing = importBackToBack(() => isImporting)
  }
  if (message.type === 'imports' && !message.running && importing) {
    isImporting = false
    send({ type: 'imports done', ...(await importing) })
    importing = null
  }
  if (message.type === 'content changes') {
    clearInterval(announcing)
    // through every instance behind the balancer too: the announcement is a NOTIFY they all hear
    if (message.perSecond > 0) announcing = setInterval(() => app.contentChanges.announce(), 1000 / message.perSecond)
  }
  if (message.type === 'explain') send({ type: 'explained', path: message.path, plans: await explain(message.path) })
  if (message.type === 'stop') await stop()
})
process.on('disconnect', () => void stop())

/**
 * Stack imports one after another, as the route runs them (the file read by its format, then importStack), by one
 * seeded user: each a CycloneDX file of 2,000 packages the catalog has never seen, of which the stack takes 500 and
 * the catalog gets 500 new, unapproved package tools (decision 076). What the tool page waits for on PGlite (F-4).
 */
async function importBackToBack(isRunning: () => boolean) {
  const [user] = await selectRows<{ id: number }>(sql`select id from "user" order by id limit 1`)
  const owner = user ? await findOwner(app.db, { type: 'User', id: user.id }) : null
  const milliseconds: number[] = []
  const failures: string[] = []
  if (!user || !owner) return { milliseconds, failures: ['no seeded user'] }
  for (let run = 0; isRunning(); run++) {
    const tag = `${process.pid}-${Date.now().toString(36)}-${run}`
    const components = Array.from({ length: 2000 }, (_, i) => ({
      name: `bench-${tag}-${i}`,
      purl: `pkg:npm/bench-${tag}-${i}@1.0.${i}`,
    }))
    const text = JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', components })
    const started = performance.now()
    try {
      const imported = await readStackFileText(stackFileFormats.cyclonedx, text)
      await importStack(app.db, { actorId: user.id, owner, existing: null, imported, name: `Bench import ${tag}` })
      milliseconds.push(Math.round(performance.now() - started))
    } catch (error) {
      failures.push((error as Error).message)
      if (failures.length > 5) break
    }
    await new Promise((resolve) => setImmediate(resolve))
  }
  return { milliseconds, failures }
}

/**
 * Pages people land on: the home page; React's tool page (the most popular tool when the catalog lacks it); the
 * public stack using it with the most tools; the stackup of it and the most popular other tool of its category.
 */
async function pickLighthousePages(): Promise<LighthousePage[]> {
  const [tool] = await selectRows<{ id: number; slug: string; category_id: number | null }>(
    sql`select id, slug, category_id from ${tools} order by slug <> 'react', popularity desc limit 1`,
  )
  if (!tool) return [{ name: 'home', path: '/' }]
  const [rival] = await selectRows<{ slug: string }>(
    sql`select slug from ${tools} where id <> ${tool.id}
        order by category_id is not distinct from ${tool.category_id} desc, popularity desc limit 1`,
  )
  const [stack] = await selectRows<{ owner: string; slug: string }>(
    sql`select ${ownerHandles.slug} as owner, ${stacks.slug} as slug from ${stacks}
        join ${ownerHandles} on ${ownerHandles.userId} = ${stacks.ownerUserId}
          or ${ownerHandles.companyId} = ${stacks.ownerCompanyId}
        where not ${stacks.isPrivate}
          and exists (select 1 from ${stackTools} where stack_id = ${stacks.id} and tool_id = ${tool.id})
        order by (select count(*) from ${stackTools} where stack_id = ${stacks.id}) desc, ${stacks.id} limit 1`,
  )
  return [
    { name: 'home', path: '/' },
    { name: 'tool', path: `/tools/${tool.slug}` },
    ...(stack ? [{ name: 'stack', path: `/${stack.owner}/${stack.slug}` }] : []),
    ...(rival ? [{ name: 'stackup', path: stackupUrl(tool.slug, rival.slug) }] : []),
  ]
}

/** EXPLAIN (ANALYZE, BUFFERS) of every query one GET of the path makes (PostgreSQL only). */
async function explain(urlPath: string): Promise<string[]> {
  if (database.kind !== 'postgres') return []
  // Cached answers make no query: empty the cache as a catalog change does, and wait until the app has heard it
  let unlisten = async () => {}
  await new Promise<void>((resolve) => {
    void database
      .listen(CATALOG_CHANGED_CHANNEL, () => resolve())
      .then((stop) => {
        unlisten = stop
        return database.notify(CATALOG_CHANGED_CHANNEL, '')
      })
  })
  await unlisten()
  captured = []
  await app.inject({ method: 'GET', url: urlPath })
  const queries = captured
  captured = null
  const client = new pg.Client({ connectionString: benchUrl() })
  await client.connect()
  const plans: string[] = []
  try {
    // EXPLAIN ANALYZE runs the statement: reads only. EXPLAIN takes no bind parameters, so PREPARE and EXECUTE.
    for (const [i, query] of queries.filter((q) => /^\s*(select|with)\b/i.test(q.text)).entries()) {
      const literals = (query.values ?? []).map((value) =>
        value === null || value === undefined ? 'null' : client.escapeLiteral(String(value)),
      )
      try {
        await client.query(`prepare bench_${i} as ${query.text}`)
        const execute = `execute bench_${i}${literals.length ? `(${literals.join(', ')})` : ''}`
        const result = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${execute}`)
        const plan = result.rows.map((row) => row['QUERY PLAN'])
        plans.push(`${query.text}\n-- parameters: ${JSON.stringify(query.values ?? [])}\n${plan.join('\n')}`)
      } catch (error) {
        plans.push(`${query.text}\n-- EXPLAIN failed: ${(error as Error).message}`)
      }
    }
  } finally {
    await client.end()
  }
  return plans
}

/** Rows of a raw query: node-postgres and PGlite both answer { rows }. */
async function selectRows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await app.db.execute(query)) as unknown as { rows: T[] }).rows
}

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  clearInterval(announcing)
  await cluster?.stop()
  await app.close()
  await database.close()
  if (kind === 'postgres')
    await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`))
  fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}

function benchUrl(): string {
  const url = new URL(adminUrl)
  url.pathname = `/${BENCH_DATABASE}`
  return url.toString()
}

async function openFreshPostgres(): Promise<Database> {
  await withAdmin(adminUrl, async (admin) => {
    await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`)
    await admin.query(`create database ${BENCH_DATABASE}`)
  })
  return openPostgres(benchUrl(), { max: 20 })
}
