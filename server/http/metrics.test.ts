// GET /metrics (issue 21, decision 056): the token's refusals, every family on a scrape, the request histogram by route
// pattern, the mail worker's outcomes against a real SMTP server on loopback, a live stream counted while it is open,
// and the text read back by a strict parser of Prometheus' exposition format.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type App, buildApp } from '../app.ts'
import type { AppConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { enqueueMail } from '../modules/mail/mail.service.ts'
import { TestClient } from '../test/client.ts'
import { buildUser } from '../test/factories.ts'
import { openTestDatabase, testConfig } from '../test/harness.ts'
import { type SmtpReceiver, startSmtpReceiver } from '../test/smtp-receiver.ts'
import { METRICS_TOKEN_REFUSED } from './metrics.ts'

const TOKEN = 'metrics-token-for-the-tests-0123'
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

let database: Database
let receiver: SmtpReceiver
const apps: App[] = []
beforeAll(async () => {
  database = await openTestDatabase()
  receiver = await startSmtpReceiver()
})
afterAll(async () => {
  for (const app of apps) await app.close()
  await receiver.close()
  await database.close()
})

/** An app on the file's database; with smtpUrl its mail worker runs. */
async function startApp(overrides: Partial<AppConfig> = {}): Promise<App> {
  const app = await buildApp({ database, config: testConfig(overrides), logger: false })
  await app.ready()
  apps.push(app)
  return app
}

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}
interface Family {
  type: string
  help: string
  samples: Sample[]
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*'
const LABEL_VALUE = '"(?:[^"\\\\\\n]|\\\\[\\\\"n])*"'
const LABELS = `\\{(?:[a-zA-Z_][a-zA-Z0-9_]*=${LABEL_VALUE}(?:,[a-zA-Z_][a-zA-Z0-9_]*=${LABEL_VALUE})*,?)?\\}`
// prom-client writes NaN as "Nan" (the event loop's mean lag before its first sample); Prometheus reads values with
// Go's strconv.ParseFloat, which takes NaN in any case, so this parser does too
const VALUE = '(?:[+-]?(?:\\d+\\.?\\d*(?:[eE][+-]?\\d+)?|\\.\\d+(?:[eE][+-]?\\d+)?)|[Nn][Aa][Nn]|[+-]Inf)'
const HELP_LINE = new RegExp(`^# HELP (${NAME}) ((?:[^\\\\\\n]|\\\\[\\\\n])*)$`)
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`)
const SAMPLE_LINE = new RegExp(`^(${NAME})(${LABELS})? (${VALUE})(?: -?\\d+)?$`)

/**
 * Prometheus' text format (0.0.4), read strictly: every line a HELP, a TYPE or a sample; a family's TYPE before its
 * samples and given once; a sample named as its family (histograms: _bucket, _sum, _count); a histogram's buckets
 * cumulative, ending at +Inf with its _count.
 */
function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>()
  const familyOf = (name: string) => {
    if (families.has(name)) return families.get(name)!
    const base = name.replace(/_(bucket|sum|count)$/, '')
    const family = families.get(base)
    if (family && (family.type === 'histogram' || family.type === 'summary')) return family
    throw new Error(`sample ${name} before its family's TYPE`)
  }
  const helps = new Map<string, string>()
  for (const line of text.split('\n')) {
    if (line === '') continue
    const help = HELP_LINE.exec(line)
    if (help) {
      helps.set(help[1]!, help[2]!)
      continue
    }
    const type = TYPE_LINE.exec(line)
    if (type) {
      if (families.has(type[1]!)) throw new Error(`family ${type[1]} declared twice`)
      families.set(type[1]!, { type: type[2]!, help: helps.get(type[1]!) ?? '', samples: [] })
      continue
    }
    const sample = SAMPLE_LINE.exec(line)
    if (!sample) throw new Error(`not a line of the exposition format: ${JSON.stringify(line)}`)
    const labels: Record<string, string> = {}
    for (const [, key, value] of (sample[2] ?? '').matchAll(
      new RegExp(`([a-zA-Z_][a-zA-Z0-9_]*)=(${LABEL_VALUE})`, 'g'),
    ))
      labels[key!] = JSON.parse(value!)
    const raw = sample[3]!
    const value = raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : /^nan$/i.test(raw) ? NaN : Number(raw)
    familyOf(sample[1]!).samples.push({ name: sample[1]!, labels, value })
  }
  for (const [name, family] of families) if (family.type === 'histogram') checkHistogram(name, family)
  return families
}

function checkHistogram(name: string, family: Family) {
  const series = new Map<string, Sample[]>()
  for (const sample of family.samples.filter((sample) => sample.name === `${name}_bucket`)) {
    const { le, ...rest } = sample.labels
    if (le === undefined) throw new Error(`${name}_bucket without le`)
    const key = JSON.stringify(rest)
    series.set(key, [...(series.get(key) ?? []), sample])
  }
  for (const [key, buckets] of series) {
    const counts = buckets.map((bucket) => bucket.value)
    expect(counts, `${name} ${key}`).toEqual([...counts].sort((a, b) => a - b))
    expect(buckets.at(-1)!.labels.le).toBe('+Inf')
    const count = family.samples.find(
      (sample) => sample.name === `${name}_count` && JSON.stringify(sample.labels) === key,
    )
    expect(count?.value).toBe(buckets.at(-1)!.value)
  }
}

async function scrape(client: TestClient): Promise<Map<string, Family>> {
  const response = await client.get('/metrics', bearer(TOKEN))
  expect(response.status).toBe(200)
  expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
  expect(response.headers['cache-control']).toBe('no-store')
  return parseExposition(response.body)
}

const sampleValue = (families: Map<string, Family>, name: string, labels: Record<string, string> = {}) =>
  families
    .get(name.replace(/_(bucket|sum|count)$/, ''))
    ?.samples.find(
      (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )?.value

describe('GET /metrics', () => {
  let app: App
  let scraper: TestClient
  beforeAll(async () => {
    app = await startApp({ metricsToken: TOKEN, smtpUrl: receiver.url })
    scraper = new TestClient(app)
  })

  it('answers 404 when METRICS_TOKEN is not set, even with a token', async () => {
    const response = await new TestClient(await startApp()).get('/metrics', bearer(TOKEN))
    expect(response.status).toBe(404)
    expect(response.body.error.code).toBe('not_found')
  })

  it('answers 401 in the envelope, uncached, without a token or with a wrong one', async () => {
    for (const headers of [
      {},
      bearer('metrics-token-for-the-tests-0124'),
      bearer('sa_pat_x'),
      { authorization: TOKEN },
    ]) {
      const response = await scraper.get('/metrics', headers)
      expect(response.status, JSON.stringify(headers)).toBe(401)
      // the metrics token's refusal, not an API token's: the route checks its own Bearer
      expect(response.body.error).toEqual({ code: 'unauthorized', message: METRICS_TOKEN_REFUSED })
      expect(response.headers['www-authenticate']).toBe('Bearer')
      expect(response.headers['cache-control']).toBe('no-store')
    }
  })

  it('shows every family, in text Prometheus parses', async () => {
    await scraper.get('/healthz')
    const families = await scrape(scraper)
    const expected = {
      stackatlas_http_request_duration_seconds: 'histogram',
      stackatlas_cache_lookups_total: 'counter',
      stackatlas_scans_running: 'gauge',
      stackatlas_notification_streams_open: 'gauge',
      stackatlas_mail_attempts_total: 'counter',
      stackatlas_mail_outbox_messages: 'gauge',
      stackatlas_mail_outbox_oldest_due_seconds: 'gauge',
      // prom-client's process metrics
      process_cpu_seconds_total: 'counter',
      process_resident_memory_bytes: 'gauge',
      nodejs_eventloop_lag_p99_seconds: 'gauge',
      nodejs_heap_size_used_bytes: 'gauge',
      ...(database.kind === 'postgres'
        ? {
            stackatlas_db_pool_connections: 'gauge',
            stackatlas_db_pool_max_connections: 'gauge',
            stackatlas_db_pool_waiting_requests: 'gauge',
            stackatlas_db_query_duration_seconds: 'histogram',
          }
        : {}),
    }
    for (const [name, type] of Object.entries(expected)) expect(families.get(name)?.type, name).toBe(type)
    for (const family of families.values()) expect(family.help).not.toBe('')
    expect(sampleValue(families, 'stackatlas_scans_running')).toBe(0)
    expect(sampleValue(families, 'stackatlas_mail_outbox_messages', { state: 'pending' })).toBeGreaterThanOrEqual(0)
    for (const cache of ['tool_answers', 'tool_pages', 'stack_pages', 'match_answers', 'tool_refs', 'tool_cards']) {
      expect(sampleValue(families, 'stackatlas_cache_lookups_total', { cache, result: 'hit' }), cache).toBeDefined()
    }
    if (database.kind === 'postgres') {
      expect(sampleValue(families, 'stackatlas_db_pool_max_connections')).toBe(5)
      expect(sampleValue(families, 'stackatlas_db_query_duration_seconds_count')).toBeGreaterThan(0)
    }
  })

  it("counts a request under its route's pattern, method and status class, and never a scrape", async () => {
    const labels = { route: '/api/v1/tools/:slug', method: 'GET', status_class: '4xx' }
    const count = (families: Map<string, Family>) =>
      sampleValue(families, 'stackatlas_http_request_duration_seconds_count', labels) ?? 0
    const before = count(await scrape(scraper))
    expect((await scraper.get('/api/v1/tools/no-such-tool-here')).status).toBe(404)
    const families = await scrape(scraper)
    expect(count(families)).toBe(before + 1)
    const routes = families
      .get('stackatlas_http_request_duration_seconds')!
      .samples.map((sample) => sample.labels.route)
    expect(routes).not.toContain('/api/v1/tools/no-such-tool-here')
    expect(routes).not.toContain('/metrics')
  })

  it("counts a cache's misses and hits", async () => {
    const lookups = async (result: string) =>
      sampleValue(await scrape(scraper), 'stackatlas_cache_lookups_total', { cache: 'tool_answers', result }) ?? 0
    const [hits, misses] = [await lookups('hit'), await lookups('miss')]
    const search = '/api/v1/services/search?q=metrics-cache-probe'
    expect((await scraper.get(search)).status).toBe(200)
    expect((await scraper.get(search)).status).toBe(200)
    expect(await lookups('miss')).toBe(misses + 1)
    expect(await lookups('hit')).toBe(hits + 1)
  })

  it('counts the mail sent, retried and given up on, and the queue they leave', async () => {
    const attempts = async (outcome: string) =>
      sampleValue(await scrape(scraper), 'stackatlas_mail_attempts_total', { outcome }) ?? 0
    const message = (subject: string) => ({ to: 'someone@example.test', subject, text: 'Hello', kind: 'test.metrics' })

    await enqueueMail(app.db, app.jobQueue, message('Sent'))
    await vi.waitFor(async () => expect(await attempts('sent')).toBe(1), { timeout: 10_000 })

    receiver.failWith = { code: 451, message: 'try again later' }
    await enqueueMail(app.db, app.jobQueue, message('Retried'))
    await vi.waitFor(async () => expect(await attempts('retrying')).toBe(1), { timeout: 10_000 })
    // pending again, waiting out its backoff: not due, so nothing is late
    let families = await scrape(scraper)
    expect(sampleValue(families, 'stackatlas_mail_outbox_messages', { state: 'pending' })).toBe(1)
    expect(sampleValue(families, 'stackatlas_mail_outbox_messages', { state: 'claimed' })).toBe(0)
    expect(sampleValue(families, 'stackatlas_mail_outbox_oldest_due_seconds')).toBe(0)

    receiver.failWith = { code: 550, message: 'no such mailbox' }
    await enqueueMail(app.db, app.jobQueue, message('Refused'))
    await vi.waitFor(async () => expect(await attempts('failed')).toBe(1), { timeout: 10_000 })
    families = await scrape(scraper)
    expect(sampleValue(families, 'stackatlas_mail_outbox_messages', { state: 'failed' })).toBe(1)
    receiver.failWith = null
  })

  it('counts a live notification stream while it is open', async () => {
    const user = await buildUser(app)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('no address')
    const streams = async () => sampleValue(await scrape(scraper), 'stackatlas_notification_streams_open')
    const opened = new AbortController()
    const response = await fetch(`http://127.0.0.1:${address.port}/api/v1/notifications/stream`, {
      headers: { cookie: user.client.cookie!, accept: 'text/event-stream' },
      signal: opened.signal,
    })
    expect(response.status).toBe(200)
    await vi.waitFor(async () => expect(await streams()).toBe(1))
    opened.abort()
    await vi.waitFor(async () => expect(await streams()).toBe(0))
    // a stream's life is no request's latency: its answer is hijacked, which Fastify's onResponse never sees
    const route = { route: '/api/v1/notifications/stream' }
    expect(sampleValue(await scrape(scraper), 'stackatlas_http_request_duration_seconds_count', route)).toBeUndefined()
  })
})

describe('GET /metrics on a private site', () => {
  it('answers the token without a session, and 401 without the token', async () => {
    const scraper = new TestClient(await startApp({ metricsToken: TOKEN, siteMode: 'private' }))
    expect((await scraper.get('/metrics')).body.error.message).toBe(METRICS_TOKEN_REFUSED)
    const families = await scrape(scraper)
    expect(families.get('stackatlas_http_request_duration_seconds')?.type).toBe('histogram')
  })
})
