import { type AdminUser, ROLES, type Role } from '#contracts/admin.ts'
import type { AdminUserRow } from './admin.queries.ts'

export function presentAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    username: row.username ?? '',
    name: row.name,
    email: row.email,
    image_url: row.image,
    // Better Auth's admin plugin stores roles as text; anything unknown is a plain user.
    role: (ROLES as readonly string[]).includes(row.role) ? (row.role as Role) : 'user',
    created_at: row.createdAt.toISOString(),
  }
}
