// The shared handle namespace of users and companies (server/db/schema/companies.ts ownerHandles).
import { eq } from 'drizzle-orm'
import { RESERVED_HANDLES } from '#contracts/owners.ts'
import type { Db } from '../db/client.ts'
import { ownerHandles } from '../db/schema/index.ts'

export async function isHandleAvailable(db: Db, slug: string): Promise<boolean> {
  const normalized = slug.toLowerCase()
  if (RESERVED_HANDLES.has(normalized)) return false
  const [taken] = await db
    .select({ slug: ownerHandles.slug })
    .from(ownerHandles)
    .where(eq(ownerHandles.slug, normalized))
  return !taken
}
