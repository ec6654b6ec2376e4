// Test data for the stacks, companies and reasons tests: catalog tools in a category, reasons, companies with
// members, GitHub accounts and impersonated sessions (factories.ts holds the general builders).
import type { App } from '../app.ts'
import type { Db } from '../db/client.ts'
import {
  accounts,
  categories,
  companies,
  companyMembers,
  layers,
  ownerHandles,
  reasons,
  tools,
} from '../db/schema/index.ts'
import { TestClient } from './client.ts'
import { buildUser, type TestUser } from './factories.ts'

let sequence = 0
const next = () => `${process.pid}x${++sequence}`

export type ToolRecord = typeof tools.$inferSelect

/** A catalog tool; with `category`, in that category and layer (created when missing). */
export async function insertTool(
  db: Db,
  overrides: Partial<typeof tools.$inferInsert> & {
    category?: { slug: string; name: string; position?: number }
    layer?: { slug: string; name: string; position: number }
  } = {},
): Promise<ToolRecord> {
  const { category, layer, ...values } = overrides
  let categoryId: number | undefined
  if (category) {
    const layerValues = layer ?? { slug: 'application', name: 'Application and Data', position: 1 }
    const [layerRow] = await db
      .insert(layers)
      .values(layerValues)
      .onConflictDoUpdate({ target: layers.slug, set: { name: layerValues.name } })
      .returning()
    const [categoryRow] = await db
      .insert(categories)
      .values({ layerId: layerRow!.id, position: 0, ...category })
      .onConflictDoUpdate({ target: categories.slug, set: { name: category.name } })
      .returning()
    categoryId = categoryRow!.id
  }
  const n = next()
  const [tool] = await db
    .insert(tools)
    .values({ name: `Tool ${n}`, slug: `tool-${n}`, categoryId, ...values })
    .returning()
  return tool!
}

export async function insertReason(db: Db, toolId: number, text: string, votesTotal = 0, isCon = false) {
  const [reason] = await db.insert(reasons).values({ toolId, text, votesTotal, isCon }).returning()
  return reason!
}

/** A company with its owner handle and members. */
export async function insertCompany(
  db: Db,
  options: {
    name?: string
    privateMode?: boolean
    admins?: TestUser[]
    members?: TestUser[]
  } = {},
) {
  const n = next()
  const name = options.name ?? `Company ${n}`
  const slug = `company-${n}`
  const [company] = await db
    .insert(companies)
    .values({
      name,
      slug,
      privateMode: options.privateMode ?? false,
      websiteUrl: `https://${slug}.example`,
      description: 'A company for tests',
      emailAddress: `team@${slug}.example`,
    })
    .returning()
  await db.insert(ownerHandles).values({ slug, companyId: company!.id })
  const rows = [
    ...(options.admins ?? []).map((user) => ({ companyId: company!.id, userId: user.id, role: 'admin' as const })),
    ...(options.members ?? []).map((user) => ({ companyId: company!.id, userId: user.id, role: 'member' as const })),
  ]
  if (rows.length > 0) await db.insert(companyMembers).values(rows)
  return company!
}

/** What signing in with GitHub leaves behind: an account row with provider 'github'. */
export async function connectGithub(db: Db, userId: number) {
  await db.insert(accounts).values({ accountId: `gh-${next()}`, providerId: 'github', userId })
}

/** A client whose session is an admin impersonating `user` (Better Auth's admin plugin). */
export async function impersonate(app: App, user: TestUser): Promise<TestClient> {
  const admin = await buildUser(app, { role: 'admin' })
  const response = await admin.client.post('/api/auth/admin/impersonate-user', { userId: String(user.id) })
  if (response.status !== 200) {
    throw new Error(`impersonation failed: ${response.status} ${JSON.stringify(response.body)}`)
  }
  // The answer first clears the admin's session cookie, then sets the impersonation one: keep the last value.
  const raw = response.headers['set-cookie']
  const cookies = (Array.isArray(raw) ? raw : [String(raw)]).map((cookie) => cookie.split(';')[0]!)
  const session = cookies.filter((pair) => /session_token=.+/.test(pair)).at(-1)
  if (!session) throw new Error('no impersonation session cookie')
  return new TestClient(app, session)
}
