// The stack wizard's and edit area's calls (specs/stack-creation-and-editing.md §7) and the onboarding's
// (specs/onboarding-customers-teams-notifications.md §7): name availability, show, edit, create, update.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CreateStackBody,
  CreateStackResponse,
  EditStackQuery,
  IMPERSONATED_CREATE_STACK,
  IMPERSONATED_EDIT_STACK_INFO,
  IMPERSONATED_EDIT_TOOLS,
  NameIsAvailableQuery,
  NameIsAvailableWithIdQuery,
  NameIsAvailableWithIdResponse,
  ShowStackQuery,
  StackEdit,
  UpdateStackBody,
} from '#contracts/stacks.ts'
import type { Db } from '../../db/client.ts'
import { requireRealUser, requireUser, type SessionUser } from '../../http/auth-guard.ts'
import { fieldError, forbidden, notFound } from '../../http/errors.ts'
import { track } from '../analytics/analytics.service.ts'
import { findCompanyRole } from '../companies/companies.queries.ts'
import { hasGithubAccount } from '../users/users.queries.ts'
import {
  assertCanEdit,
  assertCanView,
  loadOwnerForStacks,
  loadStackAccess,
  ownerAllowsPrivate,
} from './stacks.policy.ts'
import { presentStackEdit } from './stacks.presenter.ts'
import {
  findOwner,
  findStackBySlugs,
  findStackIdByName,
  findStackWithOwner,
  listStackTools,
  type OwnerRecord,
  type StackWithOwner,
} from './stacks.queries.ts'
import { createStack, updateStack } from './stacks.service.ts'

const tags = ['stacks']
/**
 * Fields of the info step; a body without them only edits tools (the impersonation message differs). The owner is
 * on the info step too, unless it is the stack's current owner (the onboarding sends it with the tools).
 */
const INFO_FIELDS = ['name', 'description', 'website_url', 'private', 'image_url', 'owner'] as const

export const stacksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/stacks/name_is_available',
    {
      schema: {
        tags,
        summary: "Whether the owner ('personal' or a company id) has no stack of that name (except stack_id)",
        querystring: NameIsAvailableQuery,
        response: { 200: z.boolean() },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await requireUser(request)
      const owner = await loadOwnerForNameCheck(app.db, user, request.query.owner)
      const name = request.query.name.trim()
      if (!name) return false
      return (await findStackIdByName(app.db, owner, name, request.query.stack_id)) === null
    },
  )

  app.get(
    '/api/v1/stacks/name_is_available_with_id',
    {
      schema: {
        tags,
        summary: 'Name availability plus the id of the stack that has the name (onboarding)',
        querystring: NameIsAvailableWithIdQuery,
        response: { 200: NameIsAvailableWithIdResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await requireUser(request)
      const owner = await loadOwnerForNameCheck(app.db, user, request.query.owner)
      const name = request.query.name.trim()
      if (!name) return { available: false, stack_id: null }
      const stackId = await findStackIdByName(app.db, owner, name)
      return { available: stackId === null, stack_id: stackId }
    },
  )

  app.get(
    '/api/v1/stacks/personal_github_installed',
    {
      schema: {
        tags,
        summary: 'Whether the signed-in user connected GitHub (personal private stacks)',
        response: { 200: z.boolean() },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await requireUser(request)
      return hasGithubAccount(app.db, user.id)
    },
  )

  app.get(
    '/api/v1/stacks/show',
    {
      schema: {
        tags,
        summary: 'A stack by id with its services (the onboarding preselects them)',
        querystring: ShowStackQuery,
        response: { 200: StackEdit },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const viewer = await request.sessionUser()
      const found = await findStackWithOwner(app.db, request.query['stack[id]'])
      const ownerType = request.query['stack[owner][type]']
      if (!found || (ownerType && found.owner.type !== ownerType)) throw notFound()
      return presentForEditor(app.db, viewer, found, { requireEditor: false })
    },
  )

  app.get(
    '/api/v1/stacks/edit',
    {
      schema: {
        tags,
        summary: 'A stack for the edit area, by its slug and its owner slug',
        querystring: EditStackQuery,
        response: { 200: StackEdit },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await requireUser(request)
      const found = await findStackBySlugs(app.db, request.query['stack[owner][slug]'], request.query['stack[slug]'])
      if (!found) throw notFound()
      return presentForEditor(app.db, user, found, { requireEditor: true })
    },
  )

  app.post(
    '/api/v1/stacks/create',
    {
      schema: {
        tags,
        summary: 'Create a stack for the user or a company they administer',
        body: CreateStackBody,
        response: { 200: CreateStackResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_CREATE_STACK)
      const { stack: fields, onboarding } = request.body
      if (onboarding && fields.owner.type !== 'User') throw fieldError('owner', 'must be you for the onboarding stack')
      const owner = await loadOwnerForStacks(app.db, user, fields.owner)
      const stackId = await createStack(app.db, { creatorId: user.id, owner, fields })
      await track(
        app.db,
        'stack.created',
        {
          stack_id: stackId,
          owner_type: owner.type,
          onboarding: Boolean(onboarding),
          tools_count: fields.services.length,
        },
        user.id,
      )
      const created = (await findStackWithOwner(app.db, stackId))!
      const stack = await presentForEditor(app.db, user, created, { requireEditor: true })
      return { id: stack.id, slug: stack.slug, redirect: stack.path, stack }
    },
  )

  app.post(
    '/api/v1/stacks/update',
    {
      schema: {
        tags,
        summary: "Change a stack's info, owner or tools (its owner only)",
        body: UpdateStackBody,
        response: { 200: StackEdit },
      },
    },
    async (request) => {
      const { id, owner: ownerInput, ...fields } = request.body.stack
      const user = await requireUser(request)
      const current = await findStackWithOwner(app.db, id)
      if (user.impersonated) {
        const editsInfo = INFO_FIELDS.some((field) =>
          field === 'owner' ? ownerInput && !isCurrentOwner(current, ownerInput) : fields[field] !== undefined,
        )
        throw forbidden(editsInfo ? IMPERSONATED_EDIT_STACK_INFO : IMPERSONATED_EDIT_TOOLS)
      }
      if (!current) throw notFound()
      assertCanEdit(await loadStackAccess(app.db, user, current.owner, current.stack))
      const owner = await loadTargetOwner(app.db, user, current, ownerInput)
      await updateStack(app.db, { current, owner, fields, actorId: user.id })
      const updated = await findStackWithOwner(app.db, id)
      if (!updated) throw notFound()
      return presentForEditor(app.db, user, updated, { requireEditor: true })
    },
  )
}

async function presentForEditor(
  db: Db,
  viewer: SessionUser | null,
  found: StackWithOwner,
  options: { requireEditor: boolean },
) {
  const access = await loadStackAccess(db, viewer, found.owner, found.stack)
  if (options.requireEditor) assertCanEdit(access)
  else assertCanView(access)
  const [tools, allowsPrivate] = await Promise.all([
    listStackTools(db, found.stack.id),
    ownerAllowsPrivate(db, found.owner),
  ])
  return presentStackEdit(found, tools, { canEdit: access.canEdit, ownerAllowsPrivate: allowsPrivate })
}

/** 'personal' is the user; a company id must be a company the user belongs to. */
async function loadOwnerForNameCheck(db: Db, user: SessionUser, owner: string): Promise<OwnerRecord> {
  const key =
    owner === 'personal' ? { type: 'User' as const, id: user.id } : { type: 'Company' as const, id: Number(owner) }
  const record = await findOwner(db, key)
  if (!record) throw notFound()
  if (record.type === 'Company' && (await findCompanyRole(db, record.id, user.id)) === null) {
    throw forbidden('You are not a member of this company.')
  }
  return record
}

/** The owner after the update: the current one, or a new one the user may own stacks for. */
async function loadTargetOwner(
  db: Db,
  user: SessionUser,
  current: StackWithOwner,
  input: { type: 'User' | 'Company'; id: number } | undefined,
): Promise<OwnerRecord> {
  if (!input || isCurrentOwner(current, input)) return current.owner
  return loadOwnerForStacks(db, user, input)
}

function isCurrentOwner(current: StackWithOwner | null, input: { type: 'User' | 'Company'; id: number }): boolean {
  return current !== null && input.type === current.owner.type && input.id === current.owner.id
}
