// What a Stack Match search asks (MatchFilters), which rows each index answers, in which order, and the text its
// location filter looks in: one definition for the SQL search (match-search.queries.ts) and the in-memory index
// (match-memory.ts), so the two cannot drift apart. Whether a job is open is the one rule each reads its own way
// (`expires_at > now()` in SQL, the expiry clock in memory).
import { type SQL, sql } from 'drizzle-orm'
import type { SearchOperator } from '#contracts/match.ts'

export type MatchIndexKind = 'jobs' | 'companies'

/** A search as both ways of answering it read it. */
export interface MatchFilters {
  /** Included tool ids, distinct, none also excluded. */
  selected: number[]
  /**
   * Included tools every hit holds with OR (with AND every included tool must). buildMatchFilters makes Exact Match
   * with some tools not Required an OR down to the Required ones, and OR without it one with none (decision 039).
   */
  required: number[]
  excluded: number[]
  keywords: string
  location: string
  operator: SearchOperator
  fullTime: boolean
  freelance: boolean
  remote: boolean
  page: number
}

export interface IndexRows {
  /** The table, also the qualifier of its columns. */
  from: SQL
  /** The rows a search may answer: listed companies, and the jobs of listed companies. */
  listed: SQL[]
  recency: SQL
  /** The lowercased text a location must be part of. */
  place: SQL
}

/** Private-mode companies stay out of Stack Match (a hashed anti-join on a partial index of a few rows). */
const isListedCompany = (companyId: SQL) => sql`${companyId} not in (select "id" from "company" where "private_mode")`

export const indexRows: Record<MatchIndexKind, IndexRows> = {
  jobs: {
    from: sql`"job"`,
    listed: [isListedCompany(sql`"job"."company_id"`)],
    // as job_posted_at_idx sorts (drizzle's desc() is nulls last; the columns are not null)
    recency: sql`"job"."posted_at" desc nulls last, "job"."id" desc nulls last`,
    place: sql`lower(coalesce("job"."city", '') || ' ' || coalesce("job"."location", ''))`,
  },
  companies: {
    from: sql`"company"`,
    // a company without public tools has no stack to match
    listed: [sql`not "company"."private_mode"`, sql`"company"."tool_ids" <> '{}'`],
    recency: sql`"company"."id" desc`,
    place: sql`lower(coalesce("company"."city", ''))`,
  },
}
