// Every field of the follow answers (specs/stack-match-and-community.md §3 "Follow status").
import { type Followee, type FollowStatus, type FollowUser, readableCount } from '#contracts/follows.ts'
import { companyPath } from '../companies/companies.presenter.ts'
import { stackPath, toolImageUrl, toolPath } from '../stacks/stacks.presenter.ts'
import type { FollowingRows } from './follows.queries.ts'

export function presentFollowStatus(followerCount: number, following: boolean): { data: FollowStatus } {
  return {
    data: { follower_count: followerCount, follower_count_readable: readableCount(followerCount), following },
  }
}

export function presentFollower(user: {
  id: number
  username: string | null
  name: string
  image: string | null
}): FollowUser {
  return { id: user.id, username: user.username ?? '', name: user.name, image_url: user.image }
}

/** Follows whose followee has gone (deleted rows) are left out. */
export function presentFollowing(found: FollowingRows): Followee[] {
  const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((item) => [item.id, item]))
  const toolsById = byId(found.tools)
  const companiesById = byId(found.companies)
  const stacksById = byId(found.stacks)
  const usersById = byId(found.users)
  const result: Followee[] = []
  for (const row of found.rows) {
    if (row.type === 'tool') {
      const tool = toolsById.get(row.id)
      if (tool)
        result.push({
          type: 'tool',
          id: tool.id,
          name: tool.name,
          image_url: toolImageUrl(tool),
          path: toolPath(tool.slug),
        })
    } else if (row.type === 'company') {
      const company = companiesById.get(row.id)
      if (company)
        result.push({
          type: 'company',
          id: company.id,
          name: company.name,
          image_url: company.imageUrl,
          path: companyPath(company.slug),
        })
    } else if (row.type === 'stack') {
      const stack = stacksById.get(row.id)
      if (stack)
        result.push({
          type: 'stack',
          id: stack.id,
          name: stack.name,
          image_url: stack.imageUrl,
          path: stack.isPrivate || !stack.ownerSlug ? null : stackPath({ slug: stack.ownerSlug }, stack.slug),
        })
    } else {
      const user = usersById.get(row.id)
      if (user)
        result.push({
          type: 'user',
          id: user.id,
          name: user.username ?? user.name,
          image_url: user.imageUrl,
          path: user.username ? `/${user.username}` : null,
        })
    }
  }
  return result
}
