// Counts that stop at a cap (decisions 027 and 033): a page that can show at most `cap` rows, or a number past which
// "1,000+" says enough, need not read every match. The statement stops after cap + 1 rows; cap + 1 means "more".
import { type SQL, sql } from 'drizzle-orm'

/** `from ... where ...` counted up to cap + 1 rows, as a scalar subquery. */
export function cappedCountSql(fromWhere: SQL, cap: number): SQL {
  return sql`(select count(*)::integer from (select 1 ${fromWhere} limit ${cap + 1}) as "counted")`
}
