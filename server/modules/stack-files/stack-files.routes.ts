// Stack files in and out (issue 18, decision 061): GET .../export answers the stack in one of the formats of
// formats.ts to whoever may see the stack; POST /api/v1/stacks/import creates or updates a stack from a file.
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorEnvelope } from '#contracts/errors.ts'
import {
  ExportStackQuery,
  IMPORT_NOT_COMPANY_ADMIN,
  ImportStackBody,
  ImportStackResponse,
  STACK_IMPORT_RATE_LIMIT,
  STACK_IMPORTS_RATE_LIMITED,
} from '#contracts/stack-files.ts'
import { IMPERSONATED_CREATE_STACK, IMPERSONATED_EDIT_TOOLS } from '#contracts/stacks.ts'
import type { Db } from '../../db/client.ts'
import { requireRealUser, type SessionUser } from '../../http/auth-guard.ts'
import { fieldError, forbidden, notFound, tooManyRequests } from '../../http/errors.ts'
import { countRateLimitHit } from '../../http/rate-limit.ts'
import { track } from '../analytics/analytics.service.ts'
import { findCompanyRole } from '../companies/companies.queries.ts'
import { assertCanEdit, assertCanView, loadStackAccess, NOT_YOUR_PERSONAL_OWNER } from '../stacks/stacks.policy.ts'
import { findOwner, findOwnerBySlug, findStackBySlugs, findStackWithOwner } from '../stacks/stacks.queries.ts'
import { stackFileFormats } from './formats.ts'
import { loadExportedStack } from './stack-files.queries.ts'
import { importStack, presentImport, readStackFileText } from './stack-files.service.ts'

const tags = ['stacks']
const Slug = z.string().min(1).max(100)
const StackFileText = z.string().meta({
  description:
    'The file: techstack.yml or techstack.md, catalog-info.yaml, a CycloneDX 1.6 JSON document, or Tech Radar JSON',
})

/** One import counted against its account and its token (STACK_IMPORT_RATE_LIMIT); 429 past either. */
async function countImport(db: Db, user: SessionUser, reply: FastifyReply) {
  const { perAccount, perToken, windowMs } = STACK_IMPORT_RATE_LIMIT
  const counts = [{ key: `stack-import:user:${user.id}`, max: perAccount }]
  if (user.apiToken) counts.push({ key: `stack-import:token:${user.apiToken.id}`, max: perToken })
  for (const { key, max } of counts) {
    const { hits, msLeft } = await countRateLimitHit(db, key, windowMs)
    if (hits > max) {
      reply.header('retry-after', Math.ceil(msLeft / 1000))
      throw tooManyRequests(STACK_IMPORTS_RATE_LIMITED)
    }
  }
}

export const stackFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/stacks/:ownerSlug/:stackSlug/export',
    {
      schema: {
        tags,
        summary:
          'The stack as a file: StackShare techstack.yml (or its techstack.md), Backstage catalog-info.yaml, CycloneDX SBOM, Tech Radar JSON',
        params: z.object({ ownerSlug: Slug, stackSlug: Slug }),
        querystring: ExportStackQuery,
        produces: ['application/yaml', 'text/markdown', 'application/vnd.cyclonedx+json', 'application/json'],
        response: { 200: StackFileText, 400: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { ownerSlug, stackSlug } = request.params
      const viewer = await request.sessionUser()
      const found = await findStackBySlugs(app.db, ownerSlug, stackSlug)
      if (!found) throw notFound()
      // whoever may see the stack may export it; a private stack is not found for others, as its page is
      assertCanView(await loadStackAccess(app.db, viewer, found.owner, found.stack))
      const format = stackFileFormats[request.query.format]
      const file = request.query.file ? format.companions?.[request.query.file] : format
      if (!file) throw fieldError('file', `is not a file of the ${format.name} format`)
      const stack = await loadExportedStack(app.db, found, { baseUrl: app.config.baseUrl })
      const text = await file.export(stack)
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.fileName(stack)}"`)
        .type(file.contentType)
      // a Buffer goes out as it is, past the JSON serializer
      return reply.send(Buffer.from(text) as unknown as string)
    },
  )

  app.post(
    '/api/v1/stacks/import',
    {
      schema: {
        tags,
        summary: "Create a stack from a stack file (or replace an existing stack's tools with the file's)",
        body: ImportStackBody,
        response: {
          200: ImportStackResponse,
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          404: ErrorEnvelope,
          429: ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const body = request.body
      const user = await requireRealUser(request, body.slug ? IMPERSONATED_EDIT_TOOLS : IMPERSONATED_CREATE_STACK)
      if (app.config.rateLimitEnabled) await countImport(app.db, user, reply)
      const owner = body.owner
        ? await findOwnerBySlug(app.db, body.owner)
        : await findOwner(app.db, { type: 'User', id: user.id })
      if (!owner) throw notFound()
      if (owner.type === 'User' && owner.id !== user.id) throw forbidden(NOT_YOUR_PERSONAL_OWNER)
      let existing = null
      if (body.slug) {
        existing = await findStackBySlugs(app.db, owner.slug, body.slug)
        if (!existing) throw notFound()
        assertCanEdit(await loadStackAccess(app.db, user, existing.owner, existing.stack))
      } else if (owner.type === 'Company' && (await findCompanyRole(app.db, owner.id, user.id)) !== 'admin') {
        throw forbidden(IMPORT_NOT_COMPANY_ADMIN)
      }
      const imported = await readStackFileText(stackFileFormats[body.format], body.text)
      const result = await importStack(app.db, { actorId: user.id, owner, existing, imported, name: body.name })
      await track(
        app.db,
        'stack.imported',
        {
          stack_id: result.stackId,
          format: body.format,
          created: result.created,
          unmatched: result.matched.unmatched.length,
        },
        user.id,
      )
      const stack = await findStackWithOwner(app.db, result.stackId)
      if (!stack) throw notFound()
      return presentImport(result, stack)
    },
  )
}
