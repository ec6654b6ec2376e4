// Raw statements on either driver: the rows of a `db.execute` answer, and statements PostgreSQL plans once per
// connection.
import { type Query, type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, PgDialect } from 'drizzle-orm/pg-core'
import type { Db } from './client.ts'

/** The rows of a raw `db.execute` answer: node-postgres and PGlite both answer { rows }, typed loosely by drizzle. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows?: Record<string, unknown>[] }).rows ?? (result as Record<string, unknown>[]) ?? []
}

const dialect = new PgDialect()

/**
 * A hot statement run as a named prepared statement: on PostgreSQL each pooled connection plans it once and then
 * only binds its parameters (a page of Stack Match rows spent about 0.2 ms of its 0.3 ms planning); PGlite plans it
 * each time. Drizzle's session runs it, so values parse as in `db.execute`. A name must always go with the same
 * text: only the parameters may change.
 */
export async function executeNamed(db: Db, name: string, statement: SQL): Promise<Record<string, unknown>[]> {
  return rowsOf(await db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false).execute())
}

const builtPerDatabase = new WeakMap<Db, Map<string, unknown>>()

/**
 * A statement built once per database handle: `build` runs on the first use of `name` with that handle (a drizzle
 * `.prepare(name)` keeps its name, so on PostgreSQL each pooled connection parses and plans it once), later uses get
 * the same statement back and drizzle builds nothing again (building cost search 30% of its CPU: decision 048).
 */
export function builtOnce<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let statements = builtPerDatabase.get(db)
  if (!statements) {
    statements = new Map()
    builtPerDatabase.set(db, statements)
  }
  let statement = statements.get(name) as T | undefined
  if (statement === undefined) {
    statement = build(db, name)
    statements.set(name, statement)
  }
  return statement
}

/**
 * A statement whose plan must depend on its values (decision 033: a popular tool and a rare one want different
 * plans), with its text built once: `statement` names its values with `sql.placeholder`, and each run sends the text
 * with them unnamed, so PostgreSQL plans it for those values while drizzle builds nothing (decision 068).
 */
export function plannedForEachRun(statement: SQL) {
  const query: Query = dialect.sqlToQuery(statement)
  return async (db: Db, values: Record<string, unknown>): Promise<Record<string, unknown>[]> =>
    rowsOf(await db._.session.prepareQuery(query, undefined, undefined, false).execute(values))
}

/**
 * The outer row's column in a correlated subquery, always named with its table. In the fields of a select from one
 * table (no joins) drizzle writes top-level columns bare ("id"), and inside a subquery a bare name binds to the
 * subquery's own table when it has a column of that name: a company card's `where s.owner_company_id = "id"` counted
 * stacks whose id equalled their owner's (acceptance 2026-12-01, major 3). Drizzle qualifies columns inside nested
 * SQL, which this is.
 */
export function outerColumn(column: AnyPgColumn): SQL {
  return sql`${column}`
}
