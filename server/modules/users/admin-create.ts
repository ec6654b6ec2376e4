// Makes an existing user an admin by e-mail address: the first admin of an installation
// (`npm run admin:create -- <email>`, docs/decisions/007-admin-bootstrap.md). The operator at the console vouches for
// the address, so it is verified too (decision 052: a site without SMTP_URL gets its first admin this way).
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/index.ts'

export type MakeAdminResult =
  | { outcome: 'promoted' | 'already-admin'; username: string; email: string }
  | { outcome: 'no-such-user' }

export async function makeAdminByEmail(db: Db, email: string): Promise<MakeAdminResult> {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
  if (!user) return { outcome: 'no-such-user' }
  const found = { username: user.username ?? '', email: user.email }
  if (user.role === 'admin' && user.emailVerified) return { outcome: 'already-admin', ...found }
  await db.update(users).set({ role: 'admin', emailVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id))
  if (user.role === 'admin') return { outcome: 'already-admin', ...found }
  return { outcome: 'promoted', ...found }
}
