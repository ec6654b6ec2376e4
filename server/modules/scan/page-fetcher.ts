// Fetches for a scan, within the safety rules: http(s) only, every hop's address checked (redirects at most 5),
// 10 s for the whole fetch, 5 MB of decoded body at most. A host that does not answer in time (silent after the
// connection, a TLS handshake that never ends, headers and then a stalled or dripping body) reads as the spec's
// "nothing found" (SCAN_EMPTY_MESSAGE, docs/decisions/040-stack-moves-saves-and-scan-timeouts.md). A page must be
// HTML, a stylesheet CSS, and a git probe must get git's smart HTTP advertisement; all three go through
// fetchWithinRules.
import http from 'node:http'
import https from 'node:https'
import type { Readable } from 'node:stream'
import type { TLSSocket } from 'node:tls'
import zlib from 'node:zlib'
import { SCAN_EMPTY_MESSAGE } from '#contracts/scan.ts'
import { assertHostAllowed, createSafeLookup, type NetworkPolicy, ScanRefusedError } from './ssrf.ts'

export const FETCH_LIMITS = { maxRedirects: 5, timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024 }

export interface FetchedPage {
  /** The URL after redirects. */
  url: string
  status: number
  /** Response headers of the final hop, lower-case names, every value. */
  headers: Record<string, string[]>
  /** Cookies set along the way, {name: [value]} (lower-case names, as the fingerprints expect). */
  cookies: Record<string, string[]>
  html: string
  /** True when the body was cut at the size cap. */
  truncated: boolean
  /** Organisation that issued the TLS certificate, when https. */
  certIssuer?: string
  redirects: string[]
}

export interface FetchOptions extends NetworkPolicy {
  userAgent?: string
  limits?: Partial<typeof FETCH_LIMITS>
}

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)/i

export async function fetchPage(rawUrl: string, options: FetchOptions): Promise<FetchedPage> {
  const fetched = await fetchWithinRules(rawUrl, options, {
    accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
    isAccepted: (contentType) => !contentType || HTML_TYPES.test(contentType),
    refusal: (contentType) => new ScanRefusedError('not_html', `The page is not HTML (${contentType.split(';')[0]}).`),
  })
  if (!fetched.contentType && !/^\s*</.test(fetched.html))
    throw new ScanRefusedError('not_html', 'The page is not HTML.')
  const { contentType: _contentType, ...page } = fetched
  return page
}

/** A page's stylesheet, for the fingerprints' css patterns (Tailwind CSS, MUI, Radix UI, ...): CSS only. */
export async function fetchStylesheet(rawUrl: string, options: FetchOptions): Promise<string> {
  const fetched = await fetchWithinRules(rawUrl, options, {
    accept: 'text/css,*/*;q=0.1',
    isAccepted: (contentType) => /^text\/css/i.test(contentType),
    refusal: (contentType) => new ScanRefusedError('not_html', `The stylesheet is not CSS (${contentType}).`),
  })
  return fetched.html
}

/** What a git server answers to a smart HTTP client's first request (git's http-protocol documentation). */
const GIT_ADVERTISEMENT = /^application\/x-git-upload-pack-advertisement/i

/**
 * Whether a URL is a git repository served over smart HTTP (self-hosted GitLab, Gitea, Forgejo, sr.ht, cgit, ...):
 * asks `<url>/info/refs?service=git-upload-pack` through the same guarded fetch, and answers the URL to clone (after
 * redirects, each checked), or null when the answer is anything but git's advertisement.
 */
export async function probeGitRepository(base: string, options: FetchOptions): Promise<string | null> {
  const url = new URL(base)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/info/refs`
  url.search = '?service=git-upload-pack'
  url.hash = ''
  try {
    const fetched = await fetchWithinRules(url.href, options, {
      accept: '*/*',
      isAccepted: (contentType) => GIT_ADVERTISEMENT.test(contentType),
      refusal: () => new ScanRefusedError('not_html', 'Not a git repository.'),
      userAgent: 'git/2 (compatible; StackatlasScanner/1.0)',
    })
    if (fetched.status !== 200) return null
    const answered = new URL(fetched.url)
    answered.search = ''
    answered.pathname = answered.pathname.replace(/\/info\/refs$/, '')
    return answered.href
  } catch (error) {
    // refused addresses and schemes stay refused; anything else means "not a repository": scan it as a website
    if (error instanceof ScanRefusedError && (error.reason === 'private_address' || error.reason === 'scheme')) {
      throw error
    }
    return null
  }
}

interface Acceptance {
  accept: string
  isAccepted(contentType: string): boolean
  refusal(contentType: string): ScanRefusedError
  userAgent?: string
}

/** One GET within the safety rules: every hop's address checked, redirects capped, time and decoded size capped. */
async function fetchWithinRules(
  rawUrl: string,
  options: FetchOptions,
  acceptance: Acceptance,
): Promise<FetchedPage & { contentType: string }> {
  const limits = { ...FETCH_LIMITS, ...options.limits }
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs)
  const cookies: Record<string, string[]> = {}
  const redirects: string[] = []
  try {
    let url = new URL(rawUrl)
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new ScanRefusedError('scheme', 'Only http and https URLs can be scanned.')
      }
      if (url.username || url.password) throw new ScanRefusedError('scheme', 'URLs with credentials cannot be scanned.')
      // IP literals never reach the lookup, so they are checked here; names are resolved and checked by the lookup
      assertHostAllowed(url.hostname, options)
      const response = await request(url, options, acceptance, controller.signal)
      for (const cookie of setCookies(response.headers['set-cookie'])) {
        cookies[cookie.name] = [...(cookies[cookie.name] ?? []), cookie.value]
      }
      const location = response.headers.location
      if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
        response.resume()
        if (hop >= limits.maxRedirects) {
          throw new ScanRefusedError(
            'too_many_redirects',
            `The page redirected more than ${limits.maxRedirects} times.`,
          )
        }
        url = new URL(location, url)
        redirects.push(url.href)
        continue
      }
      const contentType = String(response.headers['content-type'] ?? '')
      if (!acceptance.isAccepted(contentType)) {
        response.resume()
        throw acceptance.refusal(contentType)
      }
      const { body, truncated } = await readBody(response, limits.maxBytes)
      const socket = response.socket as TLSSocket | null
      const issuer =
        socket && typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate()?.issuer : null
      return {
        url: url.href,
        status: response.statusCode ?? 0,
        headers: headerLists(response.headers),
        cookies,
        html: decode(body, contentType),
        contentType,
        truncated,
        certIssuer: issuer?.O ? String(issuer.O) : undefined,
        redirects,
      }
    }
  } catch (error) {
    if (error instanceof ScanRefusedError) throw error
    const refused = (error as { code?: string; cause?: unknown }).code === 'ESCANREFUSED' ? error : null
    if (refused) throw new ScanRefusedError('private_address', (refused as Error).message)
    if (controller.signal.aborted) throw new ScanRefusedError('fetch_failed', SCAN_EMPTY_MESSAGE)
    throw new ScanRefusedError('fetch_failed', `We could not fetch the page (${(error as Error).message}).`)
  } finally {
    clearTimeout(timer)
  }
}

function request(
  url: URL,
  options: FetchOptions,
  acceptance: Acceptance,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        signal,
        lookup: createSafeLookup(options) as never,
        headers: {
          'user-agent': acceptance.userAgent ?? options.userAgent ?? 'Mozilla/5.0 (compatible; StackatlasScanner/1.0)',
          accept: acceptance.accept,
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'en',
        },
      },
      resolve,
    )
    outgoing.on('error', reject)
    outgoing.end()
  })
}

/** A response's body decoded by its Content-Encoding (gzip, deflate, br), or as it came. */
export function decodedBody(response: http.IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase()
  return encoding === 'gzip' || encoding === 'x-gzip'
    ? response.pipe(zlib.createGunzip())
    : encoding === 'deflate'
      ? response.pipe(zlib.createInflate())
      : encoding === 'br'
        ? response.pipe(zlib.createBrotliDecompress())
        : response
}

function readBody(response: http.IncomingMessage, maxBytes: number): Promise<{ body: Buffer; truncated: boolean }> {
  const stream = decodedBody(response)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let done = false
    const finish = (truncated: boolean) => {
      if (done) return
      done = true
      resolve({ body: Buffer.concat(chunks), truncated })
    }
    stream.on('data', (chunk: Buffer) => {
      if (done) return
      // the cap applies to decoded bytes, so a small compressed bomb cannot grow past it
      const room = maxBytes - size
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk)
      size += Math.min(chunk.length, room)
      if (size >= maxBytes) {
        finish(true)
        response.destroy()
        stream.destroy()
      }
    })
    stream.on('end', () => finish(false))
    stream.on('error', (error) => (done ? undefined : reject(error)))
    response.on('error', (error) => (done ? undefined : reject(error)))
  })
}

function decode(body: Buffer, contentType: string): string {
  const head = body.subarray(0, 2048).toString('latin1')
  const charset =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1] ?? 'utf-8'
  try {
    return new TextDecoder(charset.toLowerCase()).decode(body)
  } catch {
    return new TextDecoder('utf-8').decode(body)
  }
}

function headerLists(headers: http.IncomingHttpHeaders): Record<string, string[]> {
  const lists: Record<string, string[]> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'set-cookie') continue
    lists[name.toLowerCase()] = Array.isArray(value) ? value : [String(value)]
  }
  return lists
}

function setCookies(header: string[] | undefined): { name: string; value: string }[] {
  return (header ?? []).flatMap((line) => {
    const pair = line.split(';')[0] ?? ''
    const index = pair.indexOf('=')
    if (index <= 0) return []
    return [{ name: pair.slice(0, index).trim().toLowerCase(), value: pair.slice(index + 1).trim() }]
  })
}
