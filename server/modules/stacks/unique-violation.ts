// Recognises a unique-index violation (SQLSTATE 23505) from PGlite or node-postgres, as drizzle wraps them, so a
// race lost to another request becomes the same answer as the check that came first.

export function uniqueViolation(error: unknown): { constraint: string } | null {
  let current: unknown = error
  for (let depth = 0; current && depth < 3; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown }
    if (candidate.code === '23505') return { constraint: String(candidate.constraint ?? '') }
    current = candidate.cause
  }
  return null
}
