// Raw statements on either driver: the rows of a `db.execute` answer, and statements PostgreSQL plans once per
// connection.
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
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
