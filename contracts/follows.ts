// Follows (specs/stack-match-and-community.md §3 "Follow status", §7 Follows): a signed-in user follows a tool, a
// user, a company or a stack; the button shows the follower count ('1.2K') and whether the viewer follows.
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { Id } from './stacks.ts'

export const FOLLOWEE_TYPES = ['tool', 'user', 'company', 'stack'] as const
export const FolloweeType = z.enum(FOLLOWEE_TYPES)
export type FolloweeType = z.infer<typeof FolloweeType>

export { IMPERSONATED_FOLLOW } from './follows-messages.ts'

export const FollowQuery = z.object({ followee_id: Id, followee_type: FolloweeType })
export type FollowQuery = z.infer<typeof FollowQuery>

export const FollowStatus = z
  .object({
    follower_count: z.number().int(),
    /** '999', '1.2K', '3.4M' */
    follower_count_readable: z.string(),
    following: z.boolean(),
  })
  .register(apiSchemas, { id: 'FollowStatus' })
export type FollowStatus = z.infer<typeof FollowStatus>

export const FollowStatusResponse = z.object({ data: FollowStatus })
export type FollowStatusResponse = z.infer<typeof FollowStatusResponse>

/** 1234 -> '1.2K', 1_500_000 -> '1.5M'; one decimal, dropped when it is 0 ('2K'). */
export function readableCount(count: number): string {
  const format = (value: number, suffix: string) =>
    `${(Math.floor(value * 10) / 10).toFixed(1).replace(/\.0$/, '')}${suffix}`
  if (count >= 1_000_000) return format(count / 1_000_000, 'M')
  if (count >= 1_000) return format(count / 1_000, 'K')
  return String(count)
}

export const FollowListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(30),
})

export const FollowUser = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
})
export type FollowUser = z.infer<typeof FollowUser>

export const Followee = z.object({
  type: FolloweeType,
  id: z.number().int(),
  name: z.string(),
  image_url: z.string().nullable(),
  /** Site path of the followee's page, or null when it has none (a private stack). */
  path: z.string().nullable(),
})
export type Followee = z.infer<typeof Followee>

export const FollowersResponse = z.object({ followers: z.array(FollowUser), total: z.number().int() })
export type FollowersResponse = z.infer<typeof FollowersResponse>
export const FollowingResponse = z.object({ following: z.array(Followee), total: z.number().int() })
export type FollowingResponse = z.infer<typeof FollowingResponse>
