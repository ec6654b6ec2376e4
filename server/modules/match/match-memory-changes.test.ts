// The in-memory index follows changes instead of rebuilding (decision 060): random job and company inserts, edits
// and deletes, made a few at a time in concurrent transactions (on PostgreSQL they interleave their commits) while
// two instances' indexes search between them, as instances behind a load balancer do. After each round, both
// instances' indexes, brought on by the change log from the version they were built at, must answer random searches
// exactly as an index built afresh at that version does. Deterministic: one seed.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MATCH_MAX_PAGE } from '#contracts/match.ts'
import { companies } from '../../db/schema/companies.ts'
import { jobs } from '../../db/schema/jobs.ts'
import { stacks } from '../../db/schema/stacks.ts'
import { buildCompany, buildStack, buildTool } from '../../test/factories.ts'
import { createTestApp, type TestContext } from '../../test/harness.ts'
import { seededDraws } from '../../test/prng.ts'
import { saveJob } from '../jobs/jobs.queries.ts'
import { readMatchVersion } from './match.queries.ts'
import { MatchMemory } from './match-memory.ts'
import type { MatchFilters, MatchIndexKind } from './match-rows.ts'

const { random, randInt, pick, sample } = seededDraws(20261127)

const DAY = 86_400_000
const BASE_TIME = Date.UTC(2025, 5, 1)
const CITIES = ['Berlin', 'London', 'Paris', null]
const WORDS = ['Zebra', 'Senior', 'Engineer', 'Quokka', 'Designer']
const KEYWORDS = ['', '', 'zebra', 'senior engineer', 'zebra or quokka', '-quokka', 'narwhal']
const ROUNDS = 12

let ctx: TestContext
const toolIds: number[] = []
const companyIds: number[] = []
const jobIds: number[] = []

function jobValues(companyId: number) {
  const expiry = random()
  return {
    title: sample(WORDS, randInt(1, 3)).join(' '),
    slug: `chg-job-${randInt(0, 1e9)}`,
    companyId,
    city: pick(CITIES),
    location: null,
    remote: random() < 0.3,
    fullTime: random() < 0.6,
    freelance: random() < 0.3,
    description: random() < 0.5 ? 'Narwhal payments.' : null,
    // few posting days, so the id breaks ties between the built rows and the changed ones
    postedAt: new Date(BASE_TIME + randInt(0, 9) * DAY),
    expiresAt: expiry < 0.1 ? new Date(Date.UTC(2020, 0, 1)) : expiry < 0.3 ? new Date(Date.UTC(2099, 0, 1)) : null,
  }
}

async function addCompany() {
  const db = ctx.app.db
  const company = await buildCompany(db, {
    name: `${pick(['Narwhal', 'Plain'])} Co ${randInt(0, 1e9)}`,
    city: pick(CITIES),
  })
  await buildStack(db, { ownerCompanyId: company.id, tools: sample(toolIds, randInt(1, 4)).map((id) => ({ id })) })
  companyIds.push(company.id)
}

async function addJob() {
  const job = await unlessCompanyDeleted(
    saveJob(ctx.app.db, jobValues(pick(companyIds)), sample(toolIds, randInt(0, 5))),
  )
  if (job) jobIds.push(job.id)
}

/**
 * A job written for a company that a concurrent change of the same round deletes is refused by the foreign key
 * (the company was picked before the delete took it off the list): a real outcome of racing writes, not a failure.
 */
async function unlessCompanyDeleted<T>(write: Promise<T>): Promise<T | null> {
  try {
    return await write
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === '23503') return null
    throw error
  }
}

/** One random write, in its own transaction. */
async function randomChange() {
  const db = ctx.app.db
  const roll = random()
  if (roll < 0.3 || jobIds.length < 5) return addJob()
  if (roll < 0.55) {
    const id = pick(jobIds)
    const [current] = await db.select({ companyId: jobs.companyId }).from(jobs).where(eq(jobs.id, id))
    if (current)
      await unlessCompanyDeleted(
        saveJob(
          db,
          jobValues(random() < 0.2 ? pick(companyIds) : current.companyId),
          sample(toolIds, randInt(0, 5)),
          id,
        ),
      )
    return
  }
  if (roll < 0.7) {
    const id = jobIds.splice(randInt(0, jobIds.length - 1), 1)[0]!
    await db.delete(jobs).where(eq(jobs.id, id))
    return
  }
  if (roll < 0.78) return addCompany()
  const id = pick(companyIds)
  if (roll < 0.86) {
    // privacy takes the company's jobs out of (or back into) the job index
    await db
      .update(companies)
      .set({ privateMode: sql`not ${companies.privateMode}`, city: pick(CITIES) })
      .where(eq(companies.id, id))
  } else if (roll < 0.93) {
    // its stacks' triggers rewrite tool_ids
    const [stack] = await db.select({ id: stacks.id }).from(stacks).where(eq(stacks.ownerCompanyId, id)).limit(1)
    if (stack) await db.delete(stacks).where(eq(stacks.id, stack.id))
    else await buildStack(db, { ownerCompanyId: id, tools: sample(toolIds, 2).map((tool) => ({ id: tool })) })
  } else if (companyIds.length > 4) {
    companyIds.splice(companyIds.indexOf(id), 1)
    await db.delete(companies).where(eq(companies.id, id)) // its jobs go with it
  }
}

function randomFilters(): MatchFilters {
  const operator = random() < 0.4 ? 'AND' : 'OR'
  const selected = sample(toolIds, randInt(0, 4))
  return {
    selected,
    required: operator === 'OR' ? sample(selected, randInt(0, Math.min(1, selected.length))) : [],
    excluded: sample(
      toolIds.filter((id) => !selected.includes(id)),
      randInt(0, 1),
    ),
    keywords: pick(KEYWORDS),
    location: random() < 0.8 ? '' : pick(['berlin', 'lon']),
    operator,
    fullTime: random() < 0.2,
    freelance: random() < 0.2,
    remote: random() < 0.2,
    page: random() < 0.8 ? 1 : randInt(2, 4),
  }
}

beforeAll(async () => {
  ctx = await createTestApp()
  for (let i = 0; i < 8; i++)
    toolIds.push((await buildTool(ctx.app.db, { name: `Chg Tool ${i}`, slug: `chg-tool-${i}` })).id)
  for (let i = 0; i < 12; i++) await addCompany()
  for (let i = 0; i < 80; i++) await addJob()
})
afterAll(() => ctx?.close())

describe('the in-memory index brought on by the change log', () => {
  it('answers as an index built afresh, on every instance, after random concurrent writes', async () => {
    const db = ctx.app.db
    const instances = [new MatchMemory(), new MatchMemory()]
    const kinds: MatchIndexKind[] = ['jobs', 'companies']
    const built: Record<string, string> = {}
    const first = await readMatchVersion(db)
    for (const [n, instance] of instances.entries()) {
      for (const kind of kinds) {
        expect(await instance.search(db, kind, first, randomFilters())).not.toBeNull()
        built[`${n}:${kind}`] = instance.builtVersion(db, kind)!
      }
    }
    let compared = 0
    let withHits = 0
    for (let round = 0; round < ROUNDS; round++) {
      // writes racing each other and the searches of both instances
      const searching = async () => {
        for (let i = 0; i < 3; i++) {
          const version = await readMatchVersion(db)
          await pick(instances).search(db, pick(kinds), version, randomFilters())
        }
      }
      await Promise.all([...Array.from({ length: randInt(1, 4) }, randomChange), searching()])
      const version = await readMatchVersion(db)
      const fresh = new MatchMemory()
      for (let i = 0; i < 25; i++) {
        const kind = pick(kinds)
        const filters = randomFilters()
        filters.page = Math.min(filters.page, MATCH_MAX_PAGE)
        const expected = await fresh.search(db, kind, version, filters)
        expect(expected, 'a fresh index answers at the current version').not.toBeNull()
        for (const instance of instances) {
          expect(await instance.search(db, kind, version, filters), JSON.stringify({ round, kind, filters })).toEqual(
            expected,
          )
        }
        compared++
        if (expected!.ids.length > 0) withHits++
      }
    }
    // they followed: no instance rebuilt its index
    for (const [n, instance] of instances.entries()) {
      for (const kind of kinds) expect(instance.builtVersion(db, kind)).toBe(built[`${n}:${kind}`])
    }
    expect(BigInt(await readMatchVersion(db))).toBeGreaterThan(BigInt(first))
    expect(withHits).toBeGreaterThan(compared / 3)
  })
})
