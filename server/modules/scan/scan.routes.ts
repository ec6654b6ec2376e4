// GET /api/v1/analyze (start, join or reuse a scan; the wizard polls it every 2 s with the same URL) and
// GET /stacks/url_exists (is this website already some stack's?). specs/stack-creation-and-editing.md §2, §4, §5, §7
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorEnvelope } from '#contracts/errors.ts'
import {
  AnalyzeQuery,
  AnalyzeResponse,
  SCAN_URL_INVALID_MESSAGE,
  UrlExistsQuery,
  UrlExistsResponse,
} from '#contracts/scan.ts'
import { requireUser } from '../../http/auth-guard.ts'
import { badRequest } from '../../http/errors.ts'
import { presentScan } from './scan.presenter.ts'
import { findClaimedStackPath } from './scan.queries.ts'
import { createScanner } from './scan.service.ts'
import { parseScanTarget, type ScanTarget, ScanUrlError } from './scan-target.ts'
import { registerScanWorker } from './scan-worker.ts'

export const scanRoutes: FastifyPluginAsyncZod = async (app) => {
  const allowPrivateNetworks = app.config.scanAllowPrivateNetworks
  const scanner = createScanner({ db: app.db, jobQueue: app.jobQueue })
  // every instance runs queued scans; shutting down lets them finish a little, then another instance takes the
  // rest over (app.jobQueue.stop())
  const scanWorker = registerScanWorker(app.jobQueue, { db: app.db, network: { allowPrivateNetworks }, log: app.log })
  app.metrics.watch('scans_running', () => scanWorker.running)

  // Polling every 2 s is 30 requests a minute; the limit leaves room for two scans, per user (per IP when signed out)
  const rateLimit = app.config.rateLimitEnabled
    ? {
        max: 90,
        timeWindow: '1 minute',
        keyGenerator: async (request: FastifyRequest) => `scan:${(await request.sessionUser())?.id ?? request.ip}`,
      }
    : false

  app.get(
    '/api/v1/analyze',
    {
      schema: {
        tags: ['scan'],
        summary: 'Scan a website or repository URL for the tools it uses',
        description:
          'Starts a scan, joins the running scan of the same URL, or answers a recent result (1 hour). Poll with ' +
          'the same URL until state is done or failed. Signed-in users only.',
        security: [{ session: [] }],
        querystring: AnalyzeQuery,
        response: { 200: AnalyzeResponse, 400: ErrorEnvelope, 401: ErrorEnvelope, 429: ErrorEnvelope },
      },
      // it starts a scan that fetches for its caller: a read-only token may not (decision 078)
      config: { rateLimit, isWriteForApiTokens: true },
      // spec §2, §6: a visitor is asked to sign in before anything else (the wizard opens its modal on 401), so
      // the session is checked before the query is validated: a signed-out visitor with a bad URL gets 401, not 400
      onRequest: async (request) => {
        await requireUser(request)
      },
    },
    async (request) => {
      const user = await requireUser(request)
      const target = parseTargetOrFail(request.query.url, allowPrivateNetworks)
      const { scan, reused } = await scanner.analyze(user.id, target)
      return presentScan(scan, reused)
    },
  )

  app.get(
    '/stacks/url_exists',
    {
      schema: {
        tags: ['scan'],
        summary: 'Whether a public stack already has this website',
        querystring: UrlExistsQuery,
        response: { 200: UrlExistsResponse, 400: ErrorEnvelope },
      },
    },
    async (request) => {
      const site = siteOf(request.query.url)
      if (!site) throw badRequest(SCAN_URL_INVALID_MESSAGE, { url: ['format is invalid'] })
      const path = await findClaimedStackPath(app.db, site)
      return { claimed: path !== null, path }
    },
  )
}

function parseTargetOrFail(url: string, allowPrivateNetworks: boolean): ScanTarget {
  try {
    return parseScanTarget(url, { allowPrivateNetworks })
  } catch (error) {
    if (!(error instanceof ScanUrlError)) throw error
    if (error.reason === 'format') throw badRequest(SCAN_URL_INVALID_MESSAGE, { url: ['format is invalid'] })
    throw badRequest(error.message, { url: [error.message] })
  }
}

const CODE_HOSTS = new Set(['github.com', 'gitlab.com', 'bitbucket.org', 'codeberg.org'])

/** The part of a URL a stack's website is compared on: the host, and on code hosts the repository too. */
export function siteOf(input: string): { host: string; path: string } | null {
  const raw = input.trim()
  if (!raw || raw.length > 2048) return null
  let url: URL
  try {
    url = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`)
  } catch {
    return null
  }
  const host = url.hostname
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '')
  if (!host.includes('.')) return null
  if (!CODE_HOSTS.has(host)) return { host, path: '' }
  const [owner, repository] = url.pathname.split('/').filter(Boolean)
  if (!owner) return { host, path: '' }
  return {
    host,
    path: `/${owner.toLowerCase()}${repository ? `/${repository.toLowerCase().replace(/\.git$/, '')}` : ''}`,
  }
}
