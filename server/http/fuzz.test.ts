// Bad input never gets a 5xx (issue 2 "Bad input"): every route the app registers, at every method, gets random
// bodies, query strings and path parameters, signed out, as a user and as an admin. Bodies and query strings follow
// the route's own OpenAPI schema most of the time (so requests get past validation into the handlers) and are
// random JSON, malformed JSON or the wrong content type otherwise. Every shape of input PostgreSQL or the parser path
// cannot take is generated for every route (decision 036): NUL and unpaired surrogates in path parameters, query
// values, body strings and body keys, JSON nested 100,000 levels deep inside an otherwise valid body, huge numbers and
// values of the wrong type. Every page of the web router is drawn with hostile query strings too (`next` with CR/LF
// on /sign-in, control characters, other sites' paths), signed out and in. Deterministic: one seed, FUZZ_SEED to
// change it, FUZZ_RUNS for the runs per route and per page (default 30).
import crypto from 'node:crypto'
import fs from 'node:fs'
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildUser, type TestUser } from '../test/factories.ts'
import { createTestApp, TEST_ORIGIN } from '../test/harness.ts'
import { listRegisteredRoutes } from '../test/route-list.ts'

const SEED = Number(process.env.FUZZ_SEED ?? 20261122)
const RUNS = Number(process.env.FUZZ_RUNS ?? 30)

/**
 * 5xx answers the fuzzer found that are not fixed yet, by route, with the fix that is due. Each runs as `it.fails`,
 * so CI stays green while the entry is true, and the entry must go (the test fails) once the route is fixed.
 */
const KNOWN_5XX: Record<string, string> = {}

/**
 * Server-sent event streams never end by themselves, so app.inject() would wait forever for a signed-in answer. They
 * take no input but the session; their refusals and delivery are tested through a listening server
 * (server/modules/notifications/notifications.live.test.ts).
 */
const STREAMS = new Set(['GET /api/v1/notifications/stream'])

// scanAllowPrivateNetworks off: a random URL must never make the app fetch from this machine
const ctx = await createTestApp({ scanAllowPrivateNetworks: false })
const openapi = ctx.app.swagger() as unknown as OpenApiDocument
const routes = listRoutes()

type Identity = 'anonymous' | 'user' | 'admin'
const identities: Partial<Record<Exclude<Identity, 'anonymous'>, TestUser>> = {}

afterAll(() => ctx.close())

beforeEach(async () => {
  // A fuzzed request may sign a user out, delete it or change its role: start every route with valid identities.
  for (const role of ['user', 'admin'] as const) {
    const current = identities[role]
    const body = current ? (await current.client.get('/api/v1/users/current')).body : null
    if (!body?.user || body.user.is_admin !== (role === 'admin')) {
      identities[role] = await buildUser(ctx.app, role === 'admin' ? { role: 'admin' } : {})
    }
  }
})

describe('every route answers bad input without a 5xx', () => {
  it('finds the routes to fuzz', () => {
    expect(routes.length).toBeGreaterThan(10)
  })

  const cases = routes.map((route) => ({ name: `${route.method} ${route.path}`, route }))
  const fixed = cases.filter(({ name }) => !KNOWN_5XX[name])
  const known = cases.filter(({ name }) => KNOWN_5XX[name])
  it.each(fixed)('$name', ({ name, route }) => fuzzRoute(name, route))
  if (known.length > 0)
    it.fails.each(known)('$name (known 5xx, see KNOWN_5XX)', ({ name, route }) => fuzzRoute(name, route))
})

describe('every page answers hostile query strings without a 5xx', () => {
  // The pages drawn by the web app's server entry, loaded through Vite as in development so no build is needed: each
  // page of the router, signed out and signed in, with query strings of the keys pages read (and any other), whose
  // values hold what a Location header, the router or the database cannot take (security report F-8: `next` with CR
  // or LF on /sign-in was a 500).
  let pages: Awaited<ReturnType<typeof createTestApp>>
  let member: TestUser
  beforeAll(async () => {
    pages = await createTestApp({ scanAllowPrivateNetworks: false, webDev: true })
    member = await buildUser(pages.app)
  }, 120_000)
  afterAll(() => pages?.close())

  const router = fs.readFileSync(new URL('../../web/src/app/routes.tsx', import.meta.url), 'utf8')
  const paths = [...new Set([...router.matchAll(/path: '(\/[^']*)'/g)].map((match) => match[1]!))]
    .map((path) => path.replace(/:[A-Za-z]+/g, 'acme').replace(/\*$/, 'acme'))
    .concat(['/settings/profile', '/settings/password', '/settings/email', '/admin/users'])

  it('finds the pages to fuzz', () => {
    expect(paths.length).toBeGreaterThan(20)
    expect(paths).toContain('/sign-in')
  })

  it.each(paths)(
    '%s',
    async (path) => {
      for (const method of ['log', 'info', 'warn', 'error'] as const)
        vi.spyOn(console, method).mockImplementation(() => {})
      try {
        await fc.assert(
          fc.asyncProperty(fc.boolean(), pageQueryArbitrary, async (isSignedIn, query) => {
            const url = `${path}?${query}`
            const response = await pages.app.inject({
              method: 'GET',
              url,
              headers: {
                accept: 'text/html',
                ...(isSignedIn && member.client.cookie ? { cookie: member.client.cookie } : {}),
              },
            })
            if (response.statusCode >= 500) {
              throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`)
            }
            const location = response.headers.location
            if (location !== undefined) expect(String(location)).not.toMatch(/^\/[/\\]|\p{Cc}/u)
          }),
          {
            seed: SEED + crypto.createHash('sha1').update(`page ${path}`).digest().readUInt16BE(0),
            numRuns: RUNS,
            // the report's own cases on every page, signed in and out, before the random ones
            examples: REPORTED_NEXT_VALUES.flatMap((value) => [true, false].map((isSignedIn) => [isSignedIn, value])),
          },
        )
      } finally {
        vi.restoreAllMocks()
      }
    },
    300_000,
  )
})

/** The `next` values of security report F-5 and F-8 (CR or LF gave a 500 on /sign-in signed in), as query strings. */
const REPORTED_NEXT_VALUES = [
  '/%0a/x',
  '/%0d/x',
  '%2F%09%2Fevil.example',
  '/%0D%0ASet-Cookie:%20a=b',
  '%2F.%2F%2Fevil.example',
].map((value) => `next=${value}`)

/** Values that a page's query may carry and nothing should fail on: controls, CR/LF, spaces, other sites' paths. */
const hostileQueryValue = fc.oneof(
  fc.constantFrom(
    '/\t/evil.example',
    '/\n/x',
    '/\r\nSet-Cookie: a=b',
    '//evil.example',
    '/\\evil.example',
    '/\u3000/evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/.//evil.example',
    '/tools?x=1#y',
    '\u0000',
    '\ud800',
    '-1',
    '1e400',
    '99999999999999999999',
    '',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((text) => `/${text}`),
)

/** A query string: keys pages read (next, q, page, tab, mode, ...) and others, each value encoded or left raw. */
const pageQueryArbitrary = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('next', 'q', 'page', 'tab', 'mode', 'token', 'sort', 'category', 'error', 'email', 'type'),
        fc.string({ maxLength: 10 }),
      ),
      hostileQueryValue,
      fc.constantFrom('encoded', 'raw-percent'),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((pairs) =>
    pairs
      .map(([key, value, form]) =>
        form === 'encoded'
          ? `${encodeText(key)}=${encodeText(value)}`
          : // a percent sign as typed: bad escapes (%zz, %0a, a lone %) reach the parser as they came
            `${encodeText(key)}=${encodeText(value).replaceAll('%25', '%')}`,
      )
      .join('&'),
  )

/** Percent-encoded UTF-8; a lone surrogate (which UTF-8 cannot hold) as the bytes a client would send for it. */
const encodeText = (text: string) =>
  text.isWellFormed()
    ? encodeURIComponent(text)
    : encodeURIComponent(text.toWellFormed()).replaceAll('%EF%BF%BD', '%ED%A0%80')

async function fuzzRoute(name: string, route: Route) {
  const request = requestArbitrary(route)
  // Better Auth logs every refused request to the console: thousands of lines that say nothing a status does not
  for (const method of ['log', 'info', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation(() => {})
  try {
    await fc.assert(
      fc.asyncProperty(request, async ({ identity, options }) => {
        const user = identity === 'anonymous' ? undefined : identities[identity]
        const response = await ctx.app.inject({
          ...options,
          headers: { ...options.headers, ...(user?.client.cookie ? { cookie: user.client.cookie } : {}) },
        })
        if (response.statusCode >= 500) {
          throw new Error(
            `${options.method} ${options.url} as ${identity} answered ${response.statusCode}: ` +
              `${response.body.slice(0, 500)}\nrequest: ${JSON.stringify(options).slice(0, 1000)}`,
          )
        }
      }),
      // a seed per route that stays the same when other routes are added
      { seed: SEED + crypto.createHash('sha1').update(name).digest().readUInt16BE(0), numRuns: RUNS },
    )
  } finally {
    vi.restoreAllMocks()
  }
}

// --- routes --------------------------------------------------------------------------------------------------------

interface Route {
  method: string
  /** Fastify path: ':name' parameters and a trailing '*'. */
  path: string
  /** The OpenAPI operation when the route is documented (schema: { hide: true } routes have none). */
  operation?: Operation
}

/** Every registered route, read from Fastify's route tree; Better Auth's catch-all is expanded to its endpoints. */
function listRoutes(): Route[] {
  const found = new Map<string, Route>()
  const add = (method: string, path: string) => {
    if (method === 'HEAD' || method === 'OPTIONS') return
    // third-party static files (Swagger UI) and built assets take no input
    if (path.startsWith('/api/docs') || path.startsWith('/assets/') || /\.(svg|png|ico|css|map)$/.test(path)) return
    const key = `${method} ${path}`
    if (STREAMS.has(key)) return
    if (!found.has(key)) found.set(key, { method, path, operation: findOperation(method, path) })
  }
  for (const route of listRegisteredRoutes(ctx.app)) add(route.method, route.path)
  for (const endpoint of Object.values(ctx.app.auth.api) as { path?: string; options?: { method?: unknown } }[]) {
    if (!endpoint?.path) continue
    const methods = [endpoint.options?.method ?? 'GET'].flat() as string[]
    for (const method of methods) add(method === '*' ? 'POST' : method, `/api/auth${endpoint.path}`)
  }
  return [...found.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`))
}

function findOperation(method: string, path: string): Operation | undefined {
  const openapiPath = path.replace(/:(\w+)/g, '{$1}')
  return openapi.paths[openapiPath]?.[method.toLowerCase()]
}

// --- requests ------------------------------------------------------------------------------------------------------

interface GeneratedRequest {
  identity: Identity
  options: InjectOptions & { method: string; url: string; headers: Record<string, string> }
}

function requestArbitrary(route: Route): fc.Arbitrary<GeneratedRequest> {
  const parameters = route.operation?.parameters ?? []
  const pathValue = (name: string) => {
    const schema = parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema
    return fc.oneof(
      schema ? schemaArbitrary(schema).map(String) : trickyString,
      trickyString,
      unstorableString,
      fc.nat().map(String),
    )
  }
  const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!)
  const pathArbitrary = fc
    .record({
      values: fc.tuple(...names.map(pathValue)),
      tail: fc.array(fc.oneof(trickyString, fc.string()), { minLength: 1, maxLength: 3 }),
    })
    .map(({ values, tail }) => {
      let path = route.path
      names.forEach((name, i) => {
        path = path.replace(`:${name}`, percentEncode(values[i] || 'x'))
      })
      return path.replace(/\*$/, tail.map((segment) => percentEncode(segment) || 'x').join('/'))
    })
  return fc
    .record({
      identity: fc.constantFrom<Identity>('anonymous', 'user', 'admin'),
      path: pathArbitrary,
      query: queryArbitrary(parameters.filter((parameter) => parameter.in === 'query')),
      body: ['GET', 'HEAD'].includes(route.method) ? fc.constant(undefined) : bodyArbitrary(route.operation),
      origin: fc.oneof({ weight: 8, arbitrary: fc.constant(TEST_ORIGIN) }, fc.constant('https://evil.example')),
    })
    .map(({ identity, path, query, body, origin }) => ({
      identity,
      options: {
        method: route.method,
        url: query ? `${path}?${query}` : path,
        headers: { origin, ...(body?.contentType ? { 'content-type': body.contentType } : {}) },
        ...(body ? { payload: body.payload } : {}),
      } as GeneratedRequest['options'],
    }))
}

function queryArbitrary(parameters: Parameter[]): fc.Arbitrary<string> {
  const shaped = fc
    .record(
      Object.fromEntries(parameters.map((parameter) => [parameter.name, schemaArbitrary(parameter.schema ?? {})])),
      { requiredKeys: [] },
    )
    .map((values) =>
      Object.entries(values)
        .flatMap(([key, value]) =>
          [value].flat().map((item) => {
            const text = typeof item === 'string' ? item : String(JSON.stringify(item))
            return `${percentEncode(key)}=${percentEncode(text)}`
          }),
        )
        .join('&'),
    )
  const random = fc.dictionary(anyString, anyString, { maxKeys: 4 })
  return fc.oneof(
    { weight: 3, arbitrary: shaped },
    fc.constant(''),
    random.map((values) =>
      Object.entries(values)
        .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
        .join('&'),
    ),
    // raw, possibly malformed percent-encoding and repeated keys
    fc.string({ unit: 'binary', maxLength: 40 }).map((raw) => percentEncode(raw, encodeURI).replace(/%25/g, '%')),
  )
}

/**
 * encodeURIComponent (or encodeURI), except that an unpaired surrogate, which those refuse, becomes the bytes a
 * careless client would send for it: UTF-8's encoding of the surrogate code point, which is not valid UTF-8.
 */
function percentEncode(text: string, encode: (text: string) => string = encodeURIComponent): string {
  return [...text]
    .map((character) => {
      if (character.isWellFormed()) return encode(character)
      const code = character.charCodeAt(0)
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('')
    })
    .join('')
}

interface Body {
  payload: unknown
  contentType?: string
}

function bodyArbitrary(operation: Operation | undefined): fc.Arbitrary<Body | undefined> {
  const schema = operation?.requestBody?.content?.['application/json']?.schema
  const shaped = schema ? schemaArbitrary(schema).map((payload) => ({ payload })) : fc.constant(undefined)
  // a valid-looking body with one of its objects or arrays holding a value nested 100,000 levels deep
  const deep = fc
    .record({
      payload: schema ? validish(schema, 0) : fc.jsonValue({ maxDepth: 2 }),
      at: fc.nat(),
      nest: fc.constantFrom('[', '{"a":'),
    })
    .map(({ payload, at, nest }) => ({ payload: withDeepValue(payload, at, nest), contentType: 'application/json' }))
  return fc.oneof(
    { weight: schema ? 5 : 0, arbitrary: shaped },
    { weight: 1, arbitrary: deep },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((payload) => ({ payload: payload as unknown })) },
    fc.constant(undefined),
    fc.constant({ payload: '{"unterminated": ', contentType: 'application/json' }),
    fc.string().map((text) => ({ payload: text, contentType: 'text/plain' })),
    fc.string().map((text) => ({ payload: text, contentType: 'application/x-www-form-urlencoded' })),
    fc.constant({ payload: '--x\r\nbroken', contentType: 'multipart/form-data; boundary=x' }),
  )
}

const DEEP_MARKER = '\u0001deep\u0001'
const DEEP_LEVELS = 100_000

/** The JSON text of payload with a value nested DEEP_LEVELS deep put into its at-th object or array (by position). */
function withDeepValue(generated: unknown, at: number, nest: string): string {
  // a copy: fast-check may hand the generated value out again while shrinking
  const payload = structuredClone(generated)
  const containers: object[] = []
  const pending = [payload]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next === null || typeof next !== 'object') continue
    containers.push(next)
    pending.push(...Object.values(next))
  }
  const deepValue = `${nest.repeat(DEEP_LEVELS)}1${(nest === '[' ? ']' : '}').repeat(DEEP_LEVELS)}`
  if (containers.length === 0) return deepValue
  const container = containers[at % containers.length] as Record<string, unknown> | unknown[]
  if (Array.isArray(container)) container.push(DEEP_MARKER)
  else container[`deep${at % 7}`] = DEEP_MARKER
  return JSON.stringify(payload).replace(JSON.stringify(DEEP_MARKER), deepValue)
}

// --- values from JSON schemas --------------------------------------------------------------------------------------

const trickyString = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '99999999999999999999',
  'null',
  'true',
  '[]',
  '{}',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'http://127.0.0.1:1/',
  'file:///etc/passwd',
  'a.b',
  '\u0000',
  '%00',
  '😀',
  'x'.repeat(5000),
  '1e400',
)

/** Strings PostgreSQL text and jsonb cannot hold (NUL) or hold only changed (unpaired UTF-16 surrogates). */
const unstorableString = fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'a\udc00b', '😀\ud83d', '\u0000\udfff')

const anyString = fc.oneof(fc.string(), trickyString, unstorableString)

/** Values of the wrong type for whatever the schema asks, huge numbers among them. */
const wrongType = fc.constantFrom<unknown>(null, true, 0, -1, 1.5, 2 ** 63, -1e308, 1e308, '', 'x', [], {}, [1], {
  a: 1,
})

function schemaArbitrary(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  // mostly valid values, sometimes anything at all
  return fc.oneof(
    { weight: 6, arbitrary: validish(schema, depth) },
    fc.jsonValue({ maxDepth: 2 }),
    trickyString,
    unstorableString,
    wrongType,
  )
}

function validish(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.jsonValue({ maxDepth: 1 })
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1)!
    return validish(openapi.components?.schemas?.[name] ?? {}, depth + 1)
  }
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const choices = schema.anyOf ?? schema.oneOf ?? schema.allOf
  if (choices?.length) return fc.oneof(...choices.map((choice) => validish(choice, depth + 1)))
  const types = [schema.type ?? 'any'].flat()
  return fc.oneof(...types.map((type) => byType(type, schema, depth)))
}

function byType(type: string, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 }),
        fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 2 ** 63, 1e20, 1e308),
      )
    case 'number':
      return fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 63),
      )
    case 'string':
      return stringArbitrary(schema)
    case 'array':
      return fc.array(schema.items ? validish(schema.items, depth + 1) : fc.jsonValue({ maxDepth: 1 }), {
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      })
    case 'object': {
      const properties = Object.entries(schema.properties ?? {})
      // free-form objects (a record, jsonb) get any keys and values; every object sometimes gets an unstorable key
      const freeValue = fc.oneof(fc.jsonValue({ maxDepth: 1 }), anyString)
      if (properties.length === 0) return fc.dictionary(anyString, freeValue, { maxKeys: 3 })
      const record = fc.record(
        Object.fromEntries(properties.map(([key, value]) => [key, schemaArbitrary(value, depth + 1)])),
        { requiredKeys: [] },
      )
      return fc.oneof(
        { weight: 5, arbitrary: record },
        fc
          .tuple(record, unstorableString, freeValue)
          .map(([value, key, extra]) => ({ ...(value as object), [key]: extra })),
      )
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress()
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl()
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length <= 200)
    } catch {
      // a pattern JavaScript cannot compile: fall through to plain strings
    }
  }
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) }),
    },
    trickyString,
    unstorableString,
  )
}

// --- the parts of OpenAPI 3.1 read here ----------------------------------------------------------------------------

interface JsonSchema {
  $ref?: string
  type?: string | string[]
  const?: unknown
  enum?: unknown[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  maxItems?: number
  pattern?: string
  format?: string
}
interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  schema?: JsonSchema
}
interface Operation {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, JsonSchema> }
}
