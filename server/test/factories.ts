// Factories build valid data and their missing parents. Users are signed up through Better Auth itself, so the
// password hash, account and session rows are real.

import { and, desc, eq } from 'drizzle-orm'
import { slugify } from '#contracts/owners.ts'
import type { App } from '../app.ts'
import { proveAddress } from '../auth/proved-address.ts'
import type { Db } from '../db/client.ts'
import {
  categories,
  companies,
  companyMembers,
  layers,
  mailOutbox,
  ownerHandles,
  stacks,
  stackTools,
  toolAliases,
  tools,
  users,
} from '../db/schema/index.ts'
import { refreshToolSearchVectors } from '../db/tool-search.ts'
import { sessionCookieFrom, TestClient } from './client.ts'

let sequence = 0
const next = () => `${process.pid}${++sequence}`

export interface TestUser {
  id: number
  username: string
  email: string
  password: string
  client: TestClient
}

/**
 * A user signed up by password. Verified unless `verified: false` (an account that cannot act until it follows the
 * e-mailed link, decision 052): its link is in the outbox either way.
 */
export async function buildUser(
  app: App,
  overrides: {
    username?: string
    email?: string
    name?: string
    role?: 'user' | 'moderator' | 'admin'
    verified?: boolean
  } = {},
): Promise<TestUser> {
  const n = next()
  const username = overrides.username ?? `user${n}`
  const email = overrides.email ?? `${username}@example.test`
  const password = 'correct-horse-battery'
  const anonymous = new TestClient(app)
  const response = await anonymous.post('/api/auth/sign-up/email', {
    email,
    password,
    name: overrides.name ?? `User ${n}`,
    username,
  })
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`)
  const id = Number(response.body.user.id)
  if (overrides.role && overrides.role !== 'user') {
    await app.db.update(users).set({ role: overrides.role }).where(eq(users.id, id))
  }
  // as if the person followed the mailed link: the address is proved, with what it grants (ADMIN_EMAILS, decision 074)
  if (overrides.verified !== false) await proveAddress(app.db, app.config, id)
  return {
    id,
    username: username.toLowerCase(),
    email,
    password,
    client: new TestClient(app, sessionCookieFrom(response.headers)),
  }
}

/** The token of the newest e-mail verification link queued to `to` (the outbox holds it as the worker would send it). */
export async function emailLinkToken(db: Db, to: string): Promise<string> {
  const [mail] = await db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to.toLowerCase())))
    .orderBy(desc(mailOutbox.id))
    .limit(1)
  const token = /\/verify-email\?token=(\S+)/.exec(mail?.text ?? '')?.[1]
  if (!token) throw new Error(`no verification link was queued to ${to}`)
  return token
}

/** A catalog tool (approved, visible) with a unique slug. */
export async function buildTool(db: Db, overrides: Partial<typeof tools.$inferInsert> = {}) {
  const n = next()
  const [tool] = await db
    .insert(tools)
    .values({ name: `Tool ${n}`, slug: `tool-${n}`, title: 'A tool for tests', ...overrides })
    .returning()
  return tool!
}

/** A company with its owner handle; `members` join it (role 'member' unless given). */
export async function buildCompany(
  db: Db,
  overrides: Partial<typeof companies.$inferInsert> & {
    members?: Array<{ userId: number; role?: 'member' | 'admin' }>
  } = {},
) {
  const n = next()
  const { members = [], ...values } = overrides
  const [company] = await db
    .insert(companies)
    .values({ name: `Company ${n}`, slug: `company-${n}`, ...values })
    .returning()
  await db.insert(ownerHandles).values({ slug: company!.slug, companyId: company!.id })
  for (const member of members) {
    await db
      .insert(companyMembers)
      .values({ companyId: company!.id, userId: member.userId, role: member.role ?? 'member' })
  }
  return company!
}

/** A stack owned by a user (ownerUserId) or a company (ownerCompanyId), with its tools in the given order. */
export async function buildStack(
  db: Db,
  overrides: Partial<typeof stacks.$inferInsert> & { tools?: Array<{ id: number }> },
) {
  const n = next()
  const { tools: stackToolList = [], ...values } = overrides
  const [stack] = await db
    .insert(stacks)
    .values({ name: `Stack ${n}`, slug: `stack-${n}`, ...values })
    .returning()
  if (stackToolList.length > 0) {
    await db
      .insert(stackTools)
      .values(stackToolList.map((tool, position) => ({ stackId: stack!.id, toolId: tool.id, position })))
  }
  return stack!
}

/**
 * A tool as the catalog seeds it: in a category (created with its layer when missing), with aliases and its search
 * document filled, so search, the directory and the layers counts see it. `category` is a category slug.
 */
export async function buildCatalogTool(
  db: Db,
  overrides: Partial<typeof tools.$inferInsert> & {
    category?: string
    layer?: string
    aliases?: Array<{ kind: string; alias: string }>
  } = {},
) {
  const { category = 'test-category', layer = 'test-layer', aliases = [], ...values } = overrides
  const [layerRow] = await db
    .insert(layers)
    .values({ slug: layer, name: titleOf(layer), position: 0 })
    .onConflictDoUpdate({ target: layers.slug, set: { slug: layer } })
    .returning()
  const [categoryRow] = await db
    .insert(categories)
    .values({ slug: category, name: titleOf(category), layerId: layerRow!.id })
    .onConflictDoUpdate({ target: categories.slug, set: { slug: category } })
    .returning()
  const n = next()
  const name = values.name ?? `Tool ${n}`
  const [tool] = await db
    .insert(tools)
    .values({ slug: `${slugify(name)}-${n}`, title: 'A tool for tests', categoryId: categoryRow!.id, ...values, name })
    .returning()
  if (!tool) throw new Error('tool insert failed')
  if (aliases.length > 0) {
    await db.insert(toolAliases).values(aliases.map((alias) => ({ toolId: tool.id, ...alias })))
  }
  await refreshToolSearchVectors(db, [tool.id])
  return tool
}

function titleOf(slug: string): string {
  return slug.replace(/-/g, ' ').replace(/^\w/, (character) => character.toUpperCase())
}
