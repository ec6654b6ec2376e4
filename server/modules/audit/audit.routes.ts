// The audit log's API (decision 050), site admins only: a page of events with filters (actor, action, subject
// type, days), newest first, 50 a page behind a cursor; and the same filters exported as JSON lines, streamed.
import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AUDIT_PAGE_SIZE, AuditPageResponse, AuditQuery, auditExportFilename } from '#contracts/audit.ts'
import { ErrorEnvelope } from '#contracts/errors.ts'
import type { Db } from '../../db/client.ts'
import { requireAdmin } from '../../http/auth-guard.ts'
import { presentAuditEvent } from './audit.presenter.ts'
import { listAuditEvents } from './audit.queries.ts'

const tags = ['admin']
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope }
const AuditExportLines = z.string().meta({ description: 'One AuditEvent as JSON per line' })
/** Rows read per statement while exporting: memory stays flat whatever the log's size. */
const EXPORT_BATCH = 500

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  app.get(
    '/api/v1/admin/audit',
    {
      schema: {
        tags,
        summary: `The audit log, newest first, ${AUDIT_PAGE_SIZE} a page (site admins)`,
        querystring: AuditQuery,
        response: { 200: AuditPageResponse, ...refusals },
      },
    },
    async (request) => {
      await requireAdmin(request)
      const { cursor, ...filter } = request.query
      // one more than a page tells whether another page follows
      const rows = await listAuditEvents(app.db, filter, { before: cursor, limit: AUDIT_PAGE_SIZE + 1 })
      const page = rows.slice(0, AUDIT_PAGE_SIZE)
      return {
        events: page.map(presentAuditEvent),
        next_cursor: rows.length > AUDIT_PAGE_SIZE ? page[page.length - 1]!.id : null,
      }
    },
  )

  app.get(
    '/api/v1/admin/audit/export',
    {
      schema: {
        tags,
        summary: 'The audit log with the same filters as JSON lines (application/x-ndjson), newest first (site admins)',
        querystring: AuditQuery,
        produces: ['application/x-ndjson'],
        response: { 200: AuditExportLines, ...refusals },
      },
    },
    async (request, reply) => {
      await requireAdmin(request)
      const { cursor, ...filter } = request.query
      const today = new Date().toISOString().slice(0, 10)
      reply
        .type('application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="${auditExportFilename(filter, today)}"`)
      // Fastify sends a stream as it comes, never through the response serializer
      return reply.send(Readable.from(exportLines(app.db, filter, cursor)) as unknown as string)
    },
  )
}

async function* exportLines(db: Db, filter: Parameters<typeof listAuditEvents>[1], before?: number) {
  let cursor = before
  for (;;) {
    const rows = await listAuditEvents(db, filter, { before: cursor, limit: EXPORT_BATCH })
    if (rows.length === 0) return
    yield rows.map((row) => `${JSON.stringify(presentAuditEvent(row))}\n`).join('')
    if (rows.length < EXPORT_BATCH) return
    cursor = rows[rows.length - 1]!.id
  }
}
