// PostgreSQL text cannot hold the NUL character, so a query or body string carrying one would fail in the database
// as a 500. Every request's query and body are checked once, before validation, and answered as a field error
// instead. (Path parameters are left to their routes: a path holding NUL names nothing, so it answers 404.)
import type { FastifyInstance } from 'fastify'
import { fieldError } from './errors.ts'

export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = findNul(request.query) ?? findNul(request.body)
    if (field !== undefined) throw fieldError(field, 'must not contain the NUL character')
  })
}

/** The name of the first field whose string value holds U+0000, searching nested objects and arrays. */
function findNul(value: unknown, name = 'request', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? name : undefined
  if (value === null || typeof value !== 'object' || depth > 8 || Buffer.isBuffer(value)) return undefined
  for (const [key, child] of Object.entries(value)) {
    const found = findNul(child, Array.isArray(value) ? name : key, depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

/** For routes whose path parameters name a row: a value holding NUL or another control character names nothing. */
export function holdsControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}
