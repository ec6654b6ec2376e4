// I Use This (specs/onboarding-customers-teams-notifications.md §2, §7): the stacks the signed-in user may put a
// tool into, whether each holds it, and adding or removing it. The spec's i_use_this.clicked (a click of the button,
// signed in or not) is sent by the web (web/src/components/i-use-this-button.tsx); each add or remove is recorded
// here as i_use_this.changed, so no click is counted twice.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  Id,
  IMPERSONATED_EDIT_TOOLS,
  IUseThisBody,
  IUseThisChangeResponse,
  IUseThisResponse,
  ONBOARDING_STACK_NAME,
} from '#contracts/stacks.ts'
import type { Db } from '../../db/client.ts'
import { requireRealUser, requireUser, type SessionUser } from '../../http/auth-guard.ts'
import { notFound } from '../../http/errors.ts'
import { track } from '../analytics/analytics.service.ts'
import { listPersonalStacks } from '../users/users.queries.ts'
import { assertCanEdit, loadStackAccess } from './stacks.policy.ts'
import { presentIUseThisStack } from './stacks.presenter.ts'
import {
  editableByUserCondition,
  findOwner,
  findStackIdsHoldingTool,
  findStackWithOwner,
  findToolById,
  listStacksWithOwner,
} from './stacks.queries.ts'
import { createStack, setToolInStack } from './stacks.service.ts'

const tags = ['stacks']
const Params = z.object({ serviceId: Id })

export const iUseThisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stacks/i_use_this/:serviceId',
    {
      schema: {
        tags,
        summary: 'The stacks the user may edit, each marked whether it holds the tool',
        params: Params,
        response: { 200: IUseThisResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await requireUser(request)
      const tool = await findToolById(app.db, request.params.serviceId)
      if (!tool) throw notFound()
      const editable = await listStacksWithOwner(app.db, editableByUserCondition(user.id), {
        limit: 500,
        offset: 0,
        order: 'name',
      })
      const holding = await findStackIdsHoldingTool(
        app.db,
        editable.map((row) => row.stack.id),
        tool.id,
      )
      const present = (row: (typeof editable)[number]) => presentIUseThisStack(row, holding.has(row.stack.id))
      return {
        companyStacks: editable.filter((row) => row.owner.type === 'Company').map(present),
        personalStacks: editable.filter((row) => row.owner.type === 'User').map(present),
      }
    },
  )

  app.post(
    '/stacks/i_use_this/:serviceId',
    {
      schema: {
        tags,
        summary: 'Add the tool to a stack the user may edit, or remove it (no stack_id: the personal stack)',
        params: Params,
        body: IUseThisBody,
        response: { 200: IUseThisChangeResponse },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_EDIT_TOOLS)
      const tool = await findToolById(app.db, request.params.serviceId)
      if (!tool) throw notFound()
      const { stack_id: stackId, added } = request.body
      const stackIdToChange = stackId ?? (await findOrCreatePersonalStack(app.db, user, tool.id, added))
      if (stackIdToChange === null) throw notFound()
      const found = await findStackWithOwner(app.db, stackIdToChange)
      if (!found) throw notFound()
      assertCanEdit(await loadStackAccess(app.db, user, found.owner, found.stack))
      const holds = await setToolInStack(app.db, found.stack.id, tool.id, added, user.id)
      await track(app.db, 'i_use_this.changed', { service_id: tool.id, stack_id: found.stack.id, added }, user.id)
      return { stack: presentIUseThisStack(found, holds) }
    },
  )
}

/** The user's oldest personal stack; adding to a user with none creates 'My Stack' holding the tool. */
async function findOrCreatePersonalStack(db: Db, user: SessionUser, toolId: number, added: boolean) {
  const [personal] = await listPersonalStacks(db, user.id)
  if (personal) return personal.id
  if (!added) return null
  const owner = (await findOwner(db, { type: 'User', id: user.id }))!
  return createStack(db, {
    creatorId: user.id,
    owner,
    fields: {
      name: ONBOARDING_STACK_NAME,
      description: null,
      website_url: null,
      image_url: null,
      private: false,
      services: [toolId],
      owner: { type: 'User', id: user.id },
    },
  })
}
