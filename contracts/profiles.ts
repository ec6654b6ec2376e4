// A user's public profile page, /{username}: who they are, their companies and their stacks.
import { z } from 'zod'

/** A scanned repository can bring hundreds of packages; the profile shows a stack's first few. */
export const PROFILE_STACK_TOOLS_MAX = 20

export const ProfileParams = z.object({ username: z.string().min(1).max(200) })

/** What a user's or company's handle can look like; anything else cannot name a profile (404, not a query). */
export const HANDLE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/

export const ProfileStack = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  canonical_url: z.string(),
  /** Only the owner sees their private stacks; the flag lets the page mark them. */
  is_private: z.boolean(),
  /** The first PROFILE_STACK_TOOLS_MAX tools in the stack's order; tools_count says how many there are. */
  tools: z.array(z.object({ name: z.string(), slug: z.string(), image_url: z.string() })),
  tools_count: z.number().int(),
})
export type ProfileStack = z.infer<typeof ProfileStack>

export const UserProfileResponse = z.object({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    image_url: z.string().nullable(),
    created_at: z.string(),
    /** Points earned on the Pros & Cons page (user.popularity; docs/decisions/018-pros-and-cons-and-points.md). */
    points: z.number().int(),
    companies: z.array(z.object({ name: z.string(), slug: z.string(), image_url: z.string().nullable() })),
  }),
  stacks: z.array(ProfileStack),
})
export type UserProfileResponse = z.infer<typeof UserProfileResponse>
