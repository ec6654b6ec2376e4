// Follows (specs/stack-match-and-community.md §7 Follows, §5, §6): the status of a followee for the viewer, the
// toggle (a GET in the spec, so it is CSRF-checked like a write), and a profile's followers and following lists.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  FollowersResponse,
  FollowingResponse,
  FollowListQuery,
  FollowQuery,
  FollowStatusResponse,
  IMPERSONATED_FOLLOW,
} from '#contracts/follows.ts'
import { HANDLE_PATTERN, ProfileParams } from '#contracts/profiles.ts'
import { requireRealUser } from '../../http/auth-guard.ts'
import { notFound } from '../../http/errors.ts'
import { findUserByHandle } from '../profiles/profiles.queries.ts'
import { notifyFollowed } from './follows.notifications.ts'
import { presentFollower, presentFollowing, presentFollowStatus } from './follows.presenter.ts'
import {
  countFollowers,
  followeeExists,
  isFollowing,
  listFollowers,
  listFollowing,
  toggleFollow,
} from './follows.queries.ts'

const tags = ['follows']

export const followsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/follows/following',
    {
      schema: {
        tags,
        summary: 'The follower count of a tool, user, company or stack and whether the viewer follows it',
        querystring: FollowQuery,
        response: { 200: FollowStatusResponse },
      },
    },
    async (request, reply) => {
      const followee = { type: request.query.followee_type, id: request.query.followee_id }
      if (!(await followeeExists(app.db, followee))) throw notFound()
      const viewer = await request.sessionUser()
      const [count, following] = await Promise.all([
        countFollowers(app.db, followee),
        viewer ? isFollowing(app.db, viewer.id, followee) : false,
      ])
      reply.header('cache-control', 'private, no-cache').header('vary', 'cookie')
      return presentFollowStatus(count, following)
    },
  )

  app.get(
    '/api/v1/follows/toggle',
    {
      // spec §7 makes the toggle a GET: check its origin as if it were a POST (server/http/csrf.ts)
      config: { csrf: true },
      schema: {
        tags,
        summary: 'Follow or unfollow; answers the new status (signed in; impersonated users are refused)',
        querystring: FollowQuery,
        response: { 200: FollowStatusResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await requireRealUser(request, IMPERSONATED_FOLLOW)
      const followee = { type: request.query.followee_type, id: request.query.followee_id }
      if (!(await followeeExists(app.db, followee))) throw notFound()
      const following = await toggleFollow(app.db, user.id, followee, (tx) => notifyFollowed(tx, user, followee))
      return presentFollowStatus(await countFollowers(app.db, followee), following)
    },
  )

  app.get(
    '/api/v1/users/:username/followers',
    {
      schema: {
        tags,
        summary: 'The users who follow this user, newest first',
        params: ProfileParams,
        querystring: FollowListQuery,
        response: { 200: FollowersResponse },
      },
    },
    async (request) => {
      const user = await findProfileUser(request.params.username)
      const { page, per_page: perPage } = request.query
      const found = await listFollowers(app.db, user.id, { limit: perPage, offset: (page - 1) * perPage })
      return { followers: found.rows.map(presentFollower), total: found.total }
    },
  )

  app.get(
    '/api/v1/users/:username/following',
    {
      schema: {
        tags,
        summary: 'The tools, users, companies and stacks this user follows, newest first',
        params: ProfileParams,
        querystring: FollowListQuery,
        response: { 200: FollowingResponse },
      },
    },
    async (request) => {
      const user = await findProfileUser(request.params.username)
      const { page, per_page: perPage } = request.query
      const found = await listFollowing(app.db, user.id, { limit: perPage, offset: (page - 1) * perPage })
      return { following: presentFollowing(found), total: found.total }
    },
  )

  async function findProfileUser(handle: string) {
    const user = HANDLE_PATTERN.test(handle) ? await findUserByHandle(app.db, handle) : null
    if (!user) throw notFound()
    return user
  }
}
