// The admin area: the user directory with role changes (moderation queues join later).
import { z } from 'zod'

export const ROLES = ['user', 'moderator', 'admin'] as const
export const Role = z.enum(ROLES, { message: 'must be user, moderator or admin' })
export type Role = z.infer<typeof Role>

export const ADMIN_USERS_PER_PAGE = 25

export const AdminUsersQuery = z.object({
  /** Part of a username or e-mail address. */
  q: z.string().trim().max(100, 'is too long (maximum is 100 characters)').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>

export const AdminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  image_url: z.string().nullable(),
  role: Role,
  created_at: z.string(),
})
export type AdminUser = z.infer<typeof AdminUser>

export const AdminUsersResponse = z.object({
  users: z.array(AdminUser),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
})
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>

export const ChangeRoleParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
export const ChangeRoleBody = z.object({ role: Role })
export type ChangeRoleBody = z.infer<typeof ChangeRoleBody>
export const ChangeRoleResponse = z.object({ user: AdminUser })
export type ChangeRoleResponse = z.infer<typeof ChangeRoleResponse>
