// GET /api/v1/users/{username}: the public profile behind /{username}.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { HANDLE_PATTERN, ProfileParams, UserProfileResponse } from '#contracts/profiles.ts'
import { notFound } from '../../http/errors.ts'
import { presentUserProfile } from './profiles.presenter.ts'
import { findUserByHandle, listProfileCompanies, listProfileStacks, listStackToolPreviews } from './profiles.queries.ts'

export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/users/:username',
    {
      schema: {
        tags: ['users'],
        summary: "A user's profile: name, companies and stacks (private stacks only to their owner)",
        params: ProfileParams,
        response: { 200: UserProfileResponse },
      },
    },
    async (request, reply) => {
      const handle = request.params.username
      const user = HANDLE_PATTERN.test(handle) ? await findUserByHandle(app.db, handle) : null
      if (!user) throw notFound()
      const viewer = await request.sessionUser()
      const isOwner = viewer?.id === user.id
      const [companies, stacks] = await Promise.all([
        listProfileCompanies(app.db, user.id, { includePrivate: isOwner }),
        listProfileStacks(app.db, user.id, { includePrivate: isOwner }),
      ])
      const tools = await listStackToolPreviews(
        app.db,
        stacks.map((stack) => stack.id),
      )
      // What a viewer sees depends on who they are: never share one cached copy between people.
      reply.header('cache-control', 'private, no-cache').header('vary', 'cookie')
      return presentUserProfile({ user, companies, stacks, tools })
    },
  )
}
