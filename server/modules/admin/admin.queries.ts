import { asc, count, eq, ilike, or, type SQL } from 'drizzle-orm'
import { ADMIN_USERS_PER_PAGE, type Role } from '#contracts/admin.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/index.ts'

const adminUserColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  image: users.image,
  role: users.role,
  createdAt: users.createdAt,
}

/** `q` matches part of a username or e-mail address (LIKE wildcards in it are taken literally). */
export async function listUsersForAdmin(db: Db, { q, page }: { q?: string; page: number }) {
  let where: SQL | undefined
  if (q) {
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`
    where = or(ilike(users.username, pattern), ilike(users.email, pattern))
  }
  const [rows, [total]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
      .limit(ADMIN_USERS_PER_PAGE)
      .offset((page - 1) * ADMIN_USERS_PER_PAGE),
    db.select({ value: count() }).from(users).where(where),
  ])
  return { rows, total: total?.value ?? 0 }
}

export async function findUserForAdmin(db: Db, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select(adminUserColumns).from(users).where(eq(users.id, id))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row ?? null
}

export async function setUserRole(db: Db, id: number, role: Role) {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(adminUserColumns)
  return row!
}

export type AdminUserRow = NonNullable<Awaited<ReturnType<typeof findUserForAdmin>>>
