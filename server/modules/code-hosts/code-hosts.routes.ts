// A company's code host, for its admins (issue 18 "Connect", "Sync", decision 063):
//   GET    /api/v1/companies/{slug}/code-host               the connection (never its secrets), counts per state
//   PUT    /api/v1/companies/{slug}/code-host               connect, or replace the settings or just the credentials
//   DELETE /api/v1/companies/{slug}/code-host               remove it (the stacks stay)
//   POST   /api/v1/companies/{slug}/code-host/sync          sync now
//   GET    /api/v1/companies/{slug}/code-host/repositories  the repositories with their state, a page at a time
//   POST   /api/v1/code-host-webhooks/{connectionId}        a push webhook from GitHub or GitLab (no session: signed)
// Every instance also runs the sync's jobs (code-host-sync.ts).
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CODE_HOST_WEBHOOK_BODY_MAX_BYTES,
  CodeHostResponse,
  CodeHostSyncResponse,
  CodeHostWebhookResponse,
  NO_CODE_HOST,
  ONLY_COMPANY_ADMINS_CODE_HOST,
  PutCodeHostBody,
  PutCodeHostResponse,
  SYNCED_REPOSITORIES_PAGE_SIZE,
  SyncedRepositoriesQuery,
  SyncedRepositoriesResponse,
} from '#contracts/code-hosts.ts'
import { ErrorEnvelope } from '#contracts/errors.ts'
import { requireRealUser, requireUser, type SessionUser } from '../../http/auth-guard.ts'
import { forbidden, notFound } from '../../http/errors.ts'
import { auditContextOf } from '../audit/audit.service.ts'
import { findCompanyBySlug, findCompanyRole } from '../companies/companies.queries.ts'
import { registerCodeHostSync } from './code-host-sync.ts'
import { notVerified, receiveWebhook } from './code-host-webhooks.service.ts'
import { presentCodeHost, presentSyncedRepository } from './code-hosts.presenter.ts'
import {
  countRepositoriesByState,
  findConnection,
  findConnectionOfCompany,
  listSyncedRepositories,
} from './code-hosts.queries.ts'
import { removeCodeHost, saveCodeHost, startSync } from './code-hosts.service.ts'

const tags = ['code hosts']
const Params = z.object({ slug: z.string().min(1).max(100) })
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope }
const IMPERSONATED_CODE_HOST = 'Impersonated users cannot change a code host.'

export const codeHostsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCodeHostSync(app.jobQueue, {
    db: app.db,
    authSecret: app.config.authSecret,
    network: { allowPrivateNetworks: app.config.codeHostAllowPrivateNetworks },
    createClient: app.createCodeHostClient,
    contentChanged: app.contentChanges.announce,
    log: app.log,
  })

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  /** The company of the path, when the user is one of its admins. */
  async function companyAdministeredBy(user: SessionUser, slug: string) {
    const company = await findCompanyBySlug(app.db, slug)
    if (!company) throw notFound()
    if ((await findCompanyRole(app.db, company.id, user.id)) !== 'admin') throw forbidden(ONLY_COMPANY_ADMINS_CODE_HOST)
    return company
  }
  const writer = (request: FastifyRequest) => requireRealUser(request, IMPERSONATED_CODE_HOST)

  app.get(
    '/api/v1/companies/:slug/code-host',
    {
      schema: {
        tags,
        summary: "The company's code host, without its credentials (company admins)",
        params: Params,
        response: { 200: CodeHostResponse, ...refusals },
      },
    },
    async (request) => {
      const company = await companyAdministeredBy(await requireUser(request), request.params.slug)
      const connection = await findConnectionOfCompany(app.db, company.id)
      if (!connection) return { code_host: null }
      return {
        code_host: presentCodeHost(
          connection,
          await countRepositoriesByState(app.db, connection.id),
          app.config.baseUrl,
        ),
      }
    },
  )

  app.put(
    '/api/v1/companies/:slug/code-host',
    {
      schema: {
        tags,
        summary: 'Connect a code host, or replace its settings or just its credentials (company admins)',
        params: Params,
        body: PutCodeHostBody,
        response: { 200: PutCodeHostResponse, ...refusals },
      },
    },
    async (request) => {
      const user = await writer(request)
      const company = await companyAdministeredBy(user, request.params.slug)
      const { connection, madeWebhookSecret } = await saveCodeHost(
        { db: app.db, authSecret: app.config.authSecret, audit: await auditContextOf(request, user) },
        company,
        request.body,
      )
      return {
        code_host: presentCodeHost(
          connection,
          await countRepositoriesByState(app.db, connection.id),
          app.config.baseUrl,
        ),
        webhook_secret: madeWebhookSecret,
      }
    },
  )

  app.delete(
    '/api/v1/companies/:slug/code-host',
    {
      schema: {
        tags,
        summary: 'Remove the code host; its stacks stay, no longer synced (company admins)',
        params: Params,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      const user = await writer(request)
      const company = await companyAdministeredBy(user, request.params.slug)
      await removeCodeHost({ db: app.db, audit: await auditContextOf(request, user) }, company)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/v1/companies/:slug/code-host/sync',
    {
      schema: {
        tags,
        summary: 'Sync the code host now (company admins)',
        params: Params,
        response: { 202: CodeHostSyncResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const user = await writer(request)
      const company = await companyAdministeredBy(user, request.params.slug)
      await startSync({ db: app.db, jobQueue: app.jobQueue, audit: await auditContextOf(request, user) }, company)
      return reply.status(202).send({ queued: true })
    },
  )

  app.get(
    '/api/v1/companies/:slug/code-host/repositories',
    {
      schema: {
        tags,
        summary: `The synced repositories by name with state, last result and stack, ${SYNCED_REPOSITORIES_PAGE_SIZE} a page (company admins)`,
        params: Params,
        querystring: SyncedRepositoriesQuery,
        response: { 200: SyncedRepositoriesResponse, ...refusals },
      },
    },
    async (request) => {
      const company = await companyAdministeredBy(await requireUser(request), request.params.slug)
      const connection = await findConnectionOfCompany(app.db, company.id)
      if (!connection) throw notFound(NO_CODE_HOST)
      const { page } = request.query
      const rows = await listSyncedRepositories(app.db, connection.id, {
        limit: SYNCED_REPOSITORIES_PAGE_SIZE,
        offset: (page - 1) * SYNCED_REPOSITORIES_PAGE_SIZE,
      })
      const counts = await countRepositoriesByState(app.db, connection.id)
      return {
        repositories: rows.map(presentSyncedRepository),
        page,
        per_page: SYNCED_REPOSITORIES_PAGE_SIZE,
        total: Object.values(counts).reduce((sum, value) => sum + value, 0),
      }
    },
  )

  // The hosts' push webhooks, in a scope of their own: the signature is over the body's exact bytes, so every body
  // is read raw here (and only here), within a limit.
  const webhooks: FastifyPluginAsyncZod = async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: CODE_HOST_WEBHOOK_BODY_MAX_BYTES },
      (_request, body, done) => done(null, body),
    )
    scope.post(
      '/api/v1/code-host-webhooks/:connectionId',
      {
        // the hosts post from their servers with no session: the signature is the proof, and a private site must
        // still hear its pushes (private-mode.ts)
        config: {
          csrf: false,
          openInPrivateMode: true,
          rateLimit: app.config.rateLimitEnabled ? { max: 300, timeWindow: '1 minute' } : false,
        },
        schema: {
          tags,
          summary:
            'A push webhook from GitHub (X-Hub-Signature-256) or GitLab (X-Gitlab-Token): a push to the default ' +
            "branch of a synced repository queues its rescan; the URL and secret are the connection's",
          params: z.object({ connectionId: z.coerce.number().int().positive().max(2_147_483_647) }),
          response: {
            200: CodeHostWebhookResponse,
            202: CodeHostWebhookResponse,
            ...refusals,
            413: ErrorEnvelope,
            429: ErrorEnvelope,
          },
        },
      },
      async (request, reply) => {
        const connection = await findConnection(app.db, request.params.connectionId)
        // no such connection answers as a delivery that fails verification: ids are not revealed (decision 078)
        if (!connection || connection.kind === 'git') throw notVerified()
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const answer = await receiveWebhook(
          { db: app.db, jobQueue: app.jobQueue, authSecret: app.config.authSecret, log: app.log },
          { ...connection, kind: connection.kind as 'github' | 'gitlab' },
          { headers: request.headers, rawBody },
        )
        return reply.status(answer.status).send(answer.body)
      },
    )
  }
  await app.register(webhooks)
}
