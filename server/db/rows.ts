// The rows of a raw `db.execute` answer: node-postgres and PGlite both answer { rows }, typed loosely by drizzle.
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows?: Record<string, unknown>[] }).rows ?? (result as Record<string, unknown>[]) ?? []
}
