// buildApp({ database, config }): registers plugins and modules and never listens, so tests use app.inject().
import path from 'node:path'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import helmetMiddleware from 'helmet'
import type { DestinationStream } from 'pino'
import { authRoutes } from './auth/auth.routes.ts'
import { type Auth, createAuth } from './auth/auth.ts'
import type { AppConfig } from './config.ts'
import type { Database, Db } from './db/client.ts'
import { registerDatabaseMaintenance } from './db/maintenance.ts'
import { AccessLog } from './http/access-log.ts'
import { registerApiTokenRules } from './http/api-token-rules.ts'
import { registerSessionResolver, registerUnverifiedWriteGuard } from './http/auth-guard.ts'
import { registerContentChanges } from './http/content-changes.ts'
import { registerCsrfProtection } from './http/csrf.ts'
import { answerFrameworkError, registerErrorHandler } from './http/error-handler.ts'
import { registerInputGuard } from './http/input-guard.ts'
import { registerMetrics } from './http/metrics.ts'
import { registerApiDocument } from './http/openapi.ts'
import { createPageCache, noPageCache } from './http/page-cache.ts'
import { withSiteName } from './http/page-head.ts'
import { pagePostRoutes } from './http/page-post.ts'
import { loadBuiltRenderer, sendNotFoundPage, sendRenderedPage } from './http/page-render.ts'
import { readPageShell, sendPage, webDist } from './http/page-shell.ts'
import { registerSignInWall, withoutIndexing } from './http/private-mode.ts'
import { rateLimitStore } from './http/rate-limit.ts'
import { registerWebDev, type WebPages } from './http/web-dev.ts'
import {
  type CreateCodeHostClient,
  createCodeHostClient as hostClientOf,
} from './modules/code-hosts/create-code-host-client.ts'
import { modules } from './modules/index.ts'
import { createJobQueue, type JobQueue } from './queue/job-queue.ts'
import { openFileStorage } from './storage/open-storage.ts'
import type { FileStorage } from './storage/storage.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    database: Database
    config: AppConfig
    auth: Auth
    /** Uploads and share images: the local UPLOAD_DIR or S3-compatible storage (server/storage, decision 055). */
    storage: FileStorage
    /** Background work that survives this instance (server/queue/job-queue.ts); stop() releases its claims. */
    jobQueue: JobQueue
    /** Builds a code host's client for the sync (decision 063); tests pass one over their own git repositories. */
    createCodeHostClient: CreateCodeHostClient
    /** A browser's 404 outside /api (error-handler.ts): the app's not-found page (registerWeb draws it). */
    sendNotFoundPage: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>
  }
}

export type App = FastifyInstance

export async function buildApp({
  database,
  config,
  logger = true,
  logStream,
  // the GitHub, GitLab and git-URL clients under the code hosts' network policy (decision 077); tests pass their own
  createCodeHostClient = (settings) =>
    hostClientOf(settings, { network: { allowPrivateNetworks: config.codeHostAllowPrivateNetworks } }),
}: {
  database: Database
  config: AppConfig
  /** The code-host clients' factory (the GitHub, GitLab and git-URL clients); tests give their own. */
  createCodeHostClient?: CreateCodeHostClient
  logger?: boolean
  /** Where the JSON log lines go (standard output when unset; tests read them from a stream). */
  logStream?: DestinationStream
}): Promise<App> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    // one access line per request instead of Fastify's two (server/http/access-log.ts)
    logController: new AccessLog(),
    // Forwarded headers only from the configured proxies; the client is the right-most address that is not one of
    // them (proxy-addr), so an address the client writes into X-Forwarded-For is never taken as its own.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
    // While closing, a request already on an open connection is served (with Connection: close) rather than given
    // Fastify's own 503 outside the envelope; /readyz answers 503 then (decision 054).
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  const jobQueue = createJobQueue({ database, log: app.log })
  const auth = createAuth(database.db, jobQueue, config, app.log)
  app.decorate('db', database.db)
  app.decorate('database', database)
  app.decorate('config', config)
  app.decorate('auth', auth)
  const storage = openFileStorage(config)
  app.decorate('storage', storage)
  app.addHook('onClose', async () => storage.close())
  app.decorate('jobQueue', jobQueue)
  app.decorate('createCodeHostClient', createCodeHostClient)
  // the shell, whose router draws the not-found page in the browser; registerWeb draws it on the server
  app.decorate('sendNotFoundPage', async (_request: FastifyRequest, reply: FastifyReply) =>
    sendPage(reply, readPageShell() ?? '', 404),
  )

  registerErrorHandler(app)
  // its request hook must come before every route it times
  registerMetrics(app)
  await registerApiDocument(app, config)

  const securityHeaders = {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // in development Vite's index.html runs an inline preamble for hot reload (web-dev.ts)
        scriptSrc: config.webDev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'", 'https://github.com'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  }
  // @fastify/helmet's global mode builds helmet's middleware (its CSP parsed again) on every request, five times for a
  // rendered page with its in-process API calls: here it is built once and applied to every request, the same headers
  // (decision 068); the plugin keeps reply.helmet()
  await app.register(helmet, { ...securityHeaders, global: false })
  const applySecurityHeaders = helmetMiddleware(securityHeaders)
  app.addHook('onRequest', (request, reply, done) =>
    applySecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  )
  // gzip/brotli for pages, scripts and JSON (the first load is ~118 kB gzipped, ~370 kB raw)
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] })
  await app.register(cookie)
  // counted in the database, so the limits hold across instances (server/http/rate-limit.ts)
  await app.register(rateLimit, { global: false, store: rateLimitStore(database.db) })
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } })
  registerCsrfProtection(app, config)
  registerInputGuard(app)
  await registerContentChanges(app)
  registerSessionResolver(app, auth)
  // SITE_MODE=private: nothing but the sign-in screen for people not signed in (before every route, 404s too)
  registerSignInWall(app)
  registerApiTokenRules(app)
  registerUnverifiedWriteGuard(app)

  await app.register(authRoutes, { auth, rateLimited: config.rateLimitEnabled })
  for (const module of modules) await app.register(module)
  // a page's form posted before its script took over: 303 back to the page, the body dropped (security report F-7)
  await app.register(pagePostRoutes)
  registerDatabaseMaintenance(jobQueue, database, app.log)
  // the modules and the database's care have registered their workers: claim jobs once the app is ready, release
  // them when it closes
  app.addHook('onReady', () => app.jobQueue.start())
  app.addHook('onClose', () => app.jobQueue.stop())
  await registerWeb(app)
  return app
}

/**
 * Serves the web app: every page route rendered on the server (page-render.ts) from the built bundles (dist/web's
 * hashed assets, dist/server's entry), or from Vite's in development (web-dev.ts). Visitors' pages are kept per
 * instance in production (page-cache.ts); in development every load renders afresh, so an edit shows at once.
 */
async function registerWeb(app: App) {
  const webPages = app.config.webDev ? await registerWebDev(app) : await registerBuiltWeb(app)
  if (!webPages) return
  const { siteMode, siteName } = app.config
  const pages: WebPages = async (request) => {
    const { shell, render } = await webPages(request)
    const named = withSiteName(shell, siteName)
    return { shell: siteMode === 'private' ? withoutIndexing(named) : named, render }
  }
  const cache = app.config.webDev ? noPageCache : createPageCache(app)
  const sendWebPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const { shell, render } = await pages(request)
    return render ? sendRenderedPage(app, request, reply, { shell, render, cache }) : sendPage(reply, shell)
  }
  app.sendNotFoundPage = async (request, reply) => {
    const { shell, render } = await pages(request)
    return render ? sendNotFoundPage(app, request, reply, { shell, render }) : sendPage(reply, shell, 404)
  }
  app.get('/', { schema: { hide: true } }, sendWebPage)
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const url = request.url.split('?')[0] ?? ''
    if (url.startsWith('/api/') || path.extname(url)) {
      return reply.status(404).send({ error: { code: 'not_found', message: `No route for GET ${url}` } })
    }
    return sendWebPage(request, reply)
  })
}

/** The built bundles: null when the web app is not built (API tests). */
async function registerBuiltWeb(app: App): Promise<WebPages | null> {
  const shell = readPageShell()
  if (shell === null) return null
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    immutable: true,
    maxAge: '365d',
    // only hashed assets are served from here; pages go through sendRenderedPage with no-cache
  })
  const render = await loadBuiltRenderer()
  return async () => ({ shell, render })
}
