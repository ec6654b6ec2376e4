// GET /metrics in Prometheus' text format for the instance's operator (issue 21, docs/decisions/056-metrics.md), open
// only to a scraper sending `Authorization: Bearer <METRICS_TOKEN>`: without the setting it answers 404, with a wrong
// token 401, and never with a page a cache may keep. One registry per app, so the many apps a test process builds
// never meet in prom-client's global one.
// Modules are not edited to count: the request histogram is one onResponse hook; caches count their own hits and
// misses (PublicAnswerCache.lookups, watched here; DbMemo, every memo by name); modules hand over what they already
// know (scans running, streams open) with app.metrics.watch, and the mail worker calls app.metrics.countMail. The
// figures kept in the database (the mail queue) are read at scrape time in one statement. docs/operations.md has the
// alert rules written against these names.
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { type CacheLookups, dbMemos } from '../db/db-memo.ts'
import { bearerTokenOf } from '../modules/api-tokens/api-token-secret.ts'
import { readOutboxDepth } from '../modules/mail/mail.queries.ts'
import type { MailOutcome } from '../modules/mail/mail-worker.ts'
import { notFound, unauthorized } from './errors.ts'

export const METRICS_PATH = '/metrics'

export const METRICS_TOKEN_REFUSED = 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.'

/** A figure of this instance that its module knows and /metrics reads at scrape time. */
export type InstanceFigure = 'scans_running' | 'notification_streams_open'

export interface AppMetrics {
  /** Reports a per-instance cache's hits and misses, as stackatlas_cache_lookups_total{cache: name}. */
  watchCache(name: string, lookups: CacheLookups): void
  watch(figure: InstanceFigure, read: () => number): void
  /** The mail worker's attempt at one message. */
  countMail(outcome: MailOutcome): void
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics
  }
}

/** Without METRICS_TOKEN nothing is collected: no one may read it. */
export const noMetrics: AppMetrics = { watchCache() {}, watch() {}, countMail() {} }

/** Registers app.metrics, the request hook and GET /metrics: before every other route, so the hook sees them all. */
export function registerMetrics(app: FastifyInstance) {
  const token = app.config.metricsToken
  const scrape = token ? collectMetrics(app) : null
  app.decorate('metrics', scrape?.metrics ?? noMetrics)
  app.get(
    METRICS_PATH,
    // the token is the scraper's proof on a private site too (private-mode.ts)
    { config: { openInPrivateMode: true }, schema: { hide: true } },
    async (request, reply) => {
      if (!token || !scrape) throw notFound(`No route for GET ${METRICS_PATH}`)
      reply.header('cache-control', 'no-store')
      if (!isToken(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer')
        throw unauthorized(METRICS_TOKEN_REFUSED)
      }
      return reply.type(scrape.registry.contentType).send(await scrape.read())
    },
  )
}

/** Compared as SHA-256 digests: equal lengths, so timingSafeEqual tells nothing of the token by its timing. */
function isToken(authorization: string | undefined, token: string): boolean {
  const given = bearerTokenOf(authorization)
  if (!given) return false
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest()
  return crypto.timingSafeEqual(digest(given), digest(token))
}

function collectMetrics(app: FastifyInstance) {
  const registry = new Registry()
  const registers = [registry]
  collectDefaultMetrics({ register: registry })

  const requestDuration = new Histogram({
    name: 'stackatlas_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status class (its _count counts requests)',
    labelNames: ['route', 'method', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  app.addHook('onResponse', async (request, reply) => {
    // the route's pattern, never the URL asked: as many series as routes, whatever the paths people type
    const route = request.routeOptions.url ?? 'unmatched'
    if (route === METRICS_PATH) return
    const labels = { route, method: request.method, status_class: `${Math.floor(reply.statusCode / 100)}xx` }
    requestDuration.observe(labels, reply.elapsedTime / 1000)
  })

  const caches = new Map<string, CacheLookups>()
  new Counter({
    name: 'stackatlas_cache_lookups_total',
    help: "Lookups of this instance's caches, hits and misses",
    labelNames: ['cache', 'result'],
    registers,
    collect() {
      // the caches keep the counts: the counter shows them as they are at scrape time
      this.reset()
      const lookups = [...caches, ...dbMemos().map((memo) => [memo.name, memo.lookupsOf(app.db)] as const)]
      for (const [cache, { hits, misses }] of lookups) {
        this.inc({ cache, result: 'hit' }, hits)
        this.inc({ cache, result: 'miss' }, misses)
      }
    },
  })

  const figures = new Map<InstanceFigure, () => number>()
  const figureGauge = (figure: InstanceFigure, help: string) =>
    new Gauge({
      name: `stackatlas_${figure}`,
      help,
      registers,
      collect() {
        const read = figures.get(figure)
        if (read) this.set(read())
      },
    })
  figureGauge('scans_running', 'Scans this instance is running')
  figureGauge('notification_streams_open', 'Live notification streams open on this instance')

  const mailAttempts = new Counter({
    name: 'stackatlas_mail_attempts_total',
    help: "This instance's attempts at sending a message: sent, failed to retry later, or failed for good",
    labelNames: ['outcome'],
    registers,
  })
  const outbox = new Gauge({
    name: 'stackatlas_mail_outbox_messages',
    help: 'Messages in the outbox (all instances): pending, claimed by a worker, failed in the last 24 hours',
    labelNames: ['state'],
    registers,
  })
  const oldestDue = new Gauge({
    name: 'stackatlas_mail_outbox_oldest_due_seconds',
    help: 'How long the oldest unclaimed message has been due (0 when none is)',
    registers,
  })

  if (app.database.pool) watchPool(app, app.database.pool, registers)

  const metrics: AppMetrics = {
    watchCache: (name, lookups) => caches.set(name, lookups),
    watch: (figure, read) => figures.set(figure, read),
    countMail: (outcome) => mailAttempts.inc({ outcome }),
  }

  async function read(): Promise<string> {
    try {
      const depth = await readOutboxDepth(app.db)
      outbox.set({ state: 'pending' }, depth.pending)
      outbox.set({ state: 'claimed' }, depth.claimed)
      outbox.set({ state: 'failed' }, depth.failedLastDay)
      oldestDue.set(depth.oldestDueSeconds)
    } catch (error) {
      // the rest still answers, so an unreachable database shows as its own alert, not as a missing instance
      app.log.warn({ err: error }, 'metrics: the mail queue could not be read')
      outbox.reset()
      oldestDue.reset()
    }
    return registry.metrics()
  }

  return { registry, metrics, read }
}

/**
 * node-postgres' pool: its connections at scrape time, and the time of every query through it, taken by wrapping
 * the query method of each connection as it is checked out (pool.query and transactions both run on one).
 */
function watchPool(app: FastifyInstance, pool: pg.Pool, registers: Registry[]) {
  new Gauge({
    name: 'stackatlas_db_pool_connections',
    help: "The database pool's connections: busy (checked out) or idle",
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'busy' }, pool.totalCount - pool.idleCount)
      this.set({ state: 'idle' }, pool.idleCount)
    },
  })
  new Gauge({
    name: 'stackatlas_db_pool_max_connections',
    help: 'The most connections the pool opens',
    registers,
    collect() {
      this.set(pool.options.max ?? 10)
    },
  })
  new Gauge({
    name: 'stackatlas_db_pool_waiting_requests',
    help: 'Queries and transactions waiting for a connection of the pool',
    registers,
    collect() {
      this.set(pool.waitingCount)
    },
  })
  const queryDuration = new Histogram({
    name: 'stackatlas_db_query_duration_seconds',
    help: 'Time of a statement through the pool, from sending it to its last row',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  })
  const timed = new WeakSet<pg.PoolClient>()
  const onAcquire = (client: pg.PoolClient) => {
    if (timed.has(client)) return
    timed.add(client)
    timeQueries(client, (seconds) => queryDuration.observe(seconds))
  }
  pool.on('acquire', onAcquire)
  app.addHook('onClose', async () => {
    pool.off('acquire', onAcquire)
  })
}

type QueryArgs = unknown[]

/** Wraps one connection's query(): a promise (Drizzle) or a callback (the pool's own query) reports its time. */
function timeQueries(client: pg.PoolClient, observe: (seconds: number) => void) {
  const query = client.query.bind(client) as (...args: QueryArgs) => unknown
  const done = (started: number) => () => observe((performance.now() - started) / 1000)
  client.query = ((...args: QueryArgs) => {
    const started = performance.now()
    const callback = args.at(-1)
    if (typeof callback === 'function') {
      const finish = done(started)
      args[args.length - 1] = (...results: unknown[]) => {
        finish()
        return callback(...results)
      }
      return query(...args)
    }
    const result = query(...args)
    if (result instanceof Promise) result.then(done(started), done(started))
    return result
  }) as typeof client.query
}
