// Every HTTP request to a code host's API (GitHub, GitLab, self-managed included) goes through codeHostFetch: a
// WHATWG fetch for @octokit/rest and @gitbeaker/rest built on node:http with the scanner's network policy
// (server/modules/scan/ssrf.ts), so a self-managed address a company admin typed cannot reach our private network
// unless the policy allows it. Each request has a time limit, a body size cap and the caller's abort signal; it follows
// only same-origin redirects (the token must not travel to another host). docs/decisions/062-code-host-clients.md
import http from 'node:http'
import https from 'node:https'
import { decodedBody } from '../scan/page-fetcher.ts'
import { assertHostAllowed, createSafeLookup, type NetworkPolicy, ScanRefusedError } from '../scan/ssrf.ts'
import { CodeHostError, type HostedRepository } from './code-host.ts'

export const CODE_HOST_LIMITS = { timeoutMs: 15_000, maxBytes: 16 * 1024 * 1024, maxRedirects: 3 }

export interface CodeHostHttpOptions {
  network: NetworkPolicy
  limits?: Partial<typeof CODE_HOST_LIMITS>
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** A fetch that only connects to addresses the policy allows, within the limits; failures are CodeHostErrors. */
export function createCodeHostFetch({ network, limits: given }: CodeHostHttpOptions): typeof fetch {
  const limits = { ...CODE_HOST_LIMITS, ...given }
  return async (input, init) => {
    // the address is checked before a Request is made of it: `new Request` throws a TypeError (not a refusal, and
    // naming the URL with its password) for one that holds credentials (security report F-11)
    assertUsableAddress(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const request = new Request(input, init)
    let url = new URL(request.url)
    let method = request.method
    let body = method === 'GET' || method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer())
    const headers = Object.fromEntries(request.headers)
    const timeout = AbortSignal.timeout(limits.timeoutMs)
    const signal = AbortSignal.any([request.signal, timeout])
    for (let hop = 0; ; hop++) {
      assertUsableAddress(url)
      let answer: { status: number; headers: http.IncomingHttpHeaders; body: Buffer }
      try {
        // IP literals never reach the lookup, so they are checked here; names are checked by the lookup
        assertHostAllowed(url.hostname, network)
        answer = await send(url, { method, headers, body, signal, network, maxBytes: limits.maxBytes })
      } catch (error) {
        if (request.signal.aborted) throw request.signal.reason
        if (timeout.aborted) {
          throw new CodeHostError('unreachable', `${url.host} did not answer within ${limits.timeoutMs / 1000} s.`)
        }
        throw unreachable(url, error)
      }
      const location = answer.headers.location
      if (!REDIRECTS.has(answer.status) || !location) return toResponse(answer, url)
      const next = new URL(location, url)
      if (next.origin !== url.origin || hop >= limits.maxRedirects) {
        throw new CodeHostError('bad_answer', `${url.host} redirected the request to ${next.origin}${next.pathname}.`)
      }
      if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
        method = 'GET'
        body = undefined
      }
      url = next
    }
  }
}

/** `text` with the user information of every URL in it ('https://user:password@host') replaced. */
export function withoutUrlCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi, '$1[redacted]@')
}

/**
 * An unexpected error as it may be logged or handed to the job queue (which stores it): its kind, message and stack
 * with every URL's credentials taken out, and nothing else of it (its cause or fields may hold the URL again).
 */
export function redactedError(error: unknown): Error {
  const original = error instanceof Error ? error : new Error(String(error))
  const redacted = new Error(withoutUrlCredentials(original.message))
  redacted.name = original.name
  redacted.stack = original.stack === undefined ? undefined : withoutUrlCredentials(original.stack)
  return redacted
}

/** An http(s) address without user information, or a CodeHostError saying what is wrong (never the address). */
function assertUsableAddress(address: string | URL): void {
  let url: URL
  try {
    url = typeof address === 'string' ? new URL(address) : address
  } catch {
    throw new CodeHostError('unreachable', 'A code host address must be a valid http:// or https:// URL.')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CodeHostError('unreachable', 'A code host address must start with http:// or https://.')
  }
  if (url.username || url.password) {
    throw new CodeHostError('unreachable', 'A code host address cannot hold a user name or password.')
  }
}

function unreachable(url: URL, error: unknown): CodeHostError {
  if (error instanceof CodeHostError) return error
  if (error instanceof ScanRefusedError) return new CodeHostError('unreachable', error.message)
  // the safe lookup's refusals (private address, unknown host) keep their message
  if ((error as { code?: string }).code === 'ESCANREFUSED') {
    return new CodeHostError('unreachable', (error as Error).message)
  }
  return new CodeHostError('unreachable', `We could not reach ${url.host} (${(error as Error).message}).`)
}

interface SendOptions {
  method: string
  headers: Record<string, string>
  body: Buffer | undefined
  signal: AbortSignal
  network: NetworkPolicy
  maxBytes: number
}

function send(
  url: URL,
  options: SendOptions,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: options.method,
        headers: { ...options.headers, 'accept-encoding': 'gzip, deflate, br' },
        agent: false,
        signal: options.signal,
        lookup: createSafeLookup(options.network) as never,
      },
      (response) => {
        const stream = decodedBody(response)
        const chunks: Buffer[] = []
        let size = 0
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length
          // the cap applies to decoded bytes: a small compressed answer cannot grow past it
          if (size > options.maxBytes) {
            response.destroy()
            reject(new CodeHostError('bad_answer', `${url.host} answered more than ${options.maxBytes} bytes.`))
            return
          }
          chunks.push(chunk)
        })
        stream.on('end', () => {
          const headers = { ...response.headers }
          delete headers['content-encoding']
          delete headers['content-length']
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) })
        })
        stream.on('error', reject)
        response.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}

function toResponse(answer: { status: number; headers: http.IncomingHttpHeaders; body: Buffer }, url: URL): Response {
  const headers = new Headers()
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const hasBody = ![101, 204, 205, 304].includes(answer.status)
  const response = new Response(hasBody ? new Uint8Array(answer.body) : null, { status: answer.status, headers })
  Object.defineProperty(response, 'url', { value: url.href })
  return response
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined
  const value = headers[name] ?? headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

/**
 * When a rate-limited host says to try again: Retry-After (seconds or an HTTP date), else the reset time of GitHub's
 * x-ratelimit-reset or GitLab's RateLimit-Reset (epoch seconds), else in a minute.
 */
export function retryTimeOf(headers: HeaderSource, now = Date.now()): Date {
  const retryAfter = header(headers, 'retry-after')
  if (retryAfter) {
    const seconds = Number(retryAfter)
    if (Number.isFinite(seconds)) return new Date(now + seconds * 1000)
    const date = Date.parse(retryAfter)
    if (Number.isFinite(date)) return new Date(date)
  }
  const reset = Number(header(headers, 'x-ratelimit-reset') ?? header(headers, 'ratelimit-reset'))
  if (Number.isFinite(reset) && reset > 0) return new Date(reset * 1000)
  return new Date(now + 60_000)
}

/** Whether a refusal is a rate limit: 429, or GitHub's 403 with no requests left or a Retry-After. */
function isRateLimited(status: number, headers: HeaderSource): boolean {
  if (status === 429) return true
  if (status !== 403) return false
  const remaining = header(headers, 'x-ratelimit-remaining') ?? header(headers, 'ratelimit-remaining')
  return remaining === '0' || header(headers, 'retry-after') !== undefined
}

/**
 * The CodeHostError for a host's error status: 401 and other 403s 'unauthorized', 404 'not_found' (with the caller's
 * message: what was not found), rate limits 'rate_limited' with the time to retry, 5xx 'unreachable'.
 */
export function codeHostErrorOf(
  host: string,
  status: number,
  headers: HeaderSource,
  messages: { notFound: string; detail?: string },
): CodeHostError {
  const detail = messages.detail ? ` (${messages.detail})` : ''
  if (isRateLimited(status, headers)) {
    const retryAt = retryTimeOf(headers)
    return new CodeHostError(
      'rate_limited',
      `${host} is limiting our requests; we will try again after ${retryAt.toISOString()}.`,
      retryAt,
    )
  }
  if (status === 401) {
    return new CodeHostError('unauthorized', `${host} did not accept the credentials${detail}. Replace the token.`)
  }
  if (status === 403) {
    return new CodeHostError('unauthorized', `${host} refused access with these credentials${detail}.`)
  }
  if (status === 404) return new CodeHostError('not_found', messages.notFound)
  if (status >= 500) return new CodeHostError('unreachable', `${host} answered with an error (${status}); try later.`)
  return new CodeHostError('bad_answer', `${host} answered ${status}${detail}.`)
}

/** The Authorization header git sends over https: the token as the password of HTTP Basic authentication. */
export function basicAuthorization(username: string, password: string): Record<string, string> {
  return { Authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` }
}

/**
 * A repository from a host's answer, by the names its fields have there (both hosts say id, default_branch and
 * archived); bad_answer when the id, the name or the clone URL is missing.
 */
export function hostedRepositoryOf(
  host: string,
  value: unknown,
  fields: { fullName: string; cloneUrl: string; webUrl: string; isFork(record: Record<string, unknown>): boolean },
): HostedRepository {
  const record = (value ?? {}) as Record<string, unknown>
  const { id, default_branch: defaultBranch } = record
  const fullName = record[fields.fullName]
  const cloneUrl = record[fields.cloneUrl]
  const webUrl = record[fields.webUrl]
  if (typeof id !== 'number' || typeof fullName !== 'string' || typeof cloneUrl !== 'string') {
    throw new CodeHostError('bad_answer', `${host} answered a repository without its id, name or clone URL.`)
  }
  return {
    hostId: String(id),
    fullName,
    cloneUrl,
    webUrl: typeof webUrl === 'string' ? webUrl : null,
    defaultBranch: typeof defaultBranch === 'string' ? defaultBranch : null,
    archived: record.archived === true,
    fork: fields.isFork(record),
  }
}
