// The outbox for site admins (/admin/mail): what was queued, whether it went out, and each message's text; and the
// worker that sends it, registered on the job queue when SMTP_URL is set (the queue starts and stops with the app).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AdminMailMessageResponse,
  AdminMailQuery,
  AdminMailResponse,
  MAIL_PER_PAGE,
  MAIL_RETRY_ONLY_FAILED,
  MailParams,
} from '#contracts/mail.ts'
import { requireAdmin } from '../../http/auth-guard.ts'
import { LEAVES_PUBLIC_CONTENT } from '../../http/content-changes.ts'
import { conflict, notFound } from '../../http/errors.ts'
import { presentMailMessage, presentMailSummary } from './mail.presenter.ts'
import { findMail, listMail } from './mail.queries.ts'
import { MAIL_JOB, retryFailedMail } from './mail.service.ts'
import { registerMailWorker } from './mail-worker.ts'

const tags = ['admin']

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const smtpConfigured = Boolean(app.config.smtpUrl)
  // every instance queues mail, with SMTP_URL or without: the queue must exist
  app.jobQueue.declare(MAIL_JOB)
  if (app.config.smtpUrl) {
    const worker = registerMailWorker(app.jobQueue, {
      db: app.db,
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      log: app.log,
      onOutcome: app.metrics.countMail,
    })
    app.addHook('onClose', async () => {
      // the message in flight finishes (or is handed to another instance) before the transport closes
      await app.jobQueue.stop()
      await worker.close()
    })
  }

  app.get(
    '/api/v1/admin/mail',
    {
      schema: {
        tags,
        summary: 'The e-mail outbox, newest first, 25 per page (site admins)',
        querystring: AdminMailQuery,
        response: { 200: AdminMailResponse },
      },
    },
    async (request, reply) => {
      await requireAdmin(request)
      const { rows, total } = await listMail(app.db, request.query)
      reply.header('cache-control', 'no-store')
      return {
        messages: rows.map(presentMailSummary),
        page: request.query.page,
        per_page: MAIL_PER_PAGE,
        total,
        smtp_configured: smtpConfigured,
      }
    },
  )

  app.get(
    '/api/v1/admin/mail/:id',
    {
      schema: {
        tags,
        summary: 'One queued or sent e-mail with its text (site admins)',
        params: MailParams,
        response: { 200: AdminMailMessageResponse },
      },
    },
    async (request, reply) => {
      await requireAdmin(request)
      const row = await findMail(app.db, request.params.id)
      if (!row) throw notFound('No message with that id.')
      reply.header('cache-control', 'no-store')
      return { message: presentMailMessage(row), smtp_configured: smtpConfigured }
    },
  )

  app.post(
    '/api/v1/admin/mail/:id/retry',
    {
      config: LEAVES_PUBLIC_CONTENT,
      schema: {
        tags,
        summary: 'Queue a failed e-mail again, from its first attempt (site admins)',
        params: MailParams,
        response: { 200: AdminMailMessageResponse },
      },
    },
    async (request) => {
      await requireAdmin(request)
      const row = await findMail(app.db, request.params.id)
      if (!row) throw notFound('No message with that id.')
      const requeued = await retryFailedMail(app.db, app.jobQueue, row.id)
      if (!requeued) throw conflict(MAIL_RETRY_ONLY_FAILED)
      return { message: presentMailMessage(requeued), smtp_configured: smtpConfigured }
    },
  )
}
