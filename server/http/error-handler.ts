// One handler, one envelope: validation failures become 400 with field errors, HttpErrors keep their status,
// anything else is logged and answered as a bare 500 (never shown to users). A browser navigating to a server route
// outside /api that answers 404 gets the app's not-found page instead (drawn by the server: app.ts registerWeb).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { type ErrorEnvelope, type FieldErrors, formatFieldErrors } from '#contracts/errors.ts'
import { HttpError } from './errors.ts'
import { isPageRead, readPageShell } from './page-shell.ts'

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      // a browser opening a server route that finds nothing gets the app's not-found page (page-shell.ts), a script
      // the envelope: the answer depends on Accept, and a cache must keep the two apart
      if (error.statusCode === 404 && isPageRead(request)) {
        reply.header('vary', 'accept')
        if ((request.headers.accept ?? '').includes('text/html') && readPageShell() !== null)
          return app.sendNotFoundPage(request, reply)
      }
      return reply.status(error.statusCode).send(envelope(error.code, error.message, error.fields, error.errorMsg))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {}
      for (const issue of error.validation) {
        // '/stack/name' -> 'name': the UI maps field errors onto its inputs by their own name
        const segments = issue.instancePath.split('/').filter((segment) => segment && !/^\d+$/.test(segment))
        const key = segments.at(-1) ?? 'request'
        fields[key] = [...(fields[key] ?? []), issue.message ?? 'is invalid']
      }
      const message = formatFieldErrors(fields).join(' ') || 'Invalid request.'
      return reply.status(400).send(envelope('validation_failed', message, fields))
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema')
      return reply.status(500).send(envelope('internal_error', 'Something went wrong on our side.'))
    }
    const status = error.statusCode ?? 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.status(500).send(envelope('internal_error', 'Something went wrong on our side.'))
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type, ...)
    const code = status === 429 ? 'rate_limited' : status === 413 ? 'payload_too_large' : 'bad_request'
    return reply.status(status).send(envelope(code, error.message))
  })

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(envelope('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`))
  })
}

/**
 * Fastify's router answers a path it cannot decode (bad percent-encoding such as '%FF') before any hook or error
 * handler runs: passed to Fastify({ frameworkErrors }), this gives that answer the envelope too.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400
  if (status >= 500) return reply.status(500).send(envelope('internal_error', 'Something went wrong on our side.'))
  return reply.status(status).send(envelope(status === 404 ? 'not_found' : 'bad_request', error.message))
}

function envelope(code: string, message: string, fields?: FieldErrors, errorMsg?: string): ErrorEnvelope {
  return { error: { code, message, ...(fields ? { fields } : {}), ...(errorMsg ? { error_msg: errorMsg } : {}) } }
}
