// Input no route can use is refused once, for every route, before the route sees it (decision 036):
// - PostgreSQL text and jsonb cannot hold U+0000, and jsonb refuses a lone UTF-16 surrogate (text would silently
//   store U+FFFD instead), so such a string would end as a 500 in the database, or as changed data.
// - A JSON body nested thousands of levels deep parses, but overflows the stack of whatever walks it recursively
//   afterwards (zod, JSON.stringify, the jsonb encoder); the body is measured here without recursion.
// Path parameters name rows, so one holding a control character or a lone surrogate names nothing: 404. Query
// strings and bodies are input: 400 with a field error. Header values (cookies, user agent) are data to Better Auth,
// which stores the user agent: one holding NUL is refused with 400 (Node's HTTP parser refuses it first in production).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { badRequest, fieldError, notFound } from './errors.ts'

/** Deeper than any contract's body (a stack's tools' reasons are 4 levels) with room for JSON properties. */
export const JSON_DEPTH_MAX = 32

const NUL = 'must not contain the NUL character'
const MALFORMED = 'must not contain unpaired surrogate characters'
const TOO_DEEP = `is nested too deeply (maximum is ${JSON_DEPTH_MAX} levels)`

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    checkPathParameters(request)
    checkHeaders(request)
    const query = findUnstorableValue(request.query, 'request')
    if (query) throw fieldError(query.field, query.message)
  })
  app.addHook('preValidation', async (request) => {
    const body = findUnstorableValue(request.body, 'request')
    if (body) throw fieldError(body.field, body.message)
  })
}

function checkPathParameters(request: FastifyRequest) {
  for (const value of Object.values((request.params ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' && (holdsControlCharacter(value) || !value.isWellFormed())) throw notFound()
  }
}

function checkHeaders(request: FastifyRequest) {
  for (const [name, value] of Object.entries(request.headers)) {
    for (const text of [value ?? []].flat()) {
      if (text.includes('\u0000')) throw badRequest(`The ${name} header ${NUL}.`)
    }
  }
}

/**
 * The first string (value or key) PostgreSQL cannot store, or nesting deeper than JSON_DEPTH_MAX, with the name of
 * its field: the key holding it, or the nearest key above an array. Walks with its own stack, never recursion.
 */
export function findUnstorableValue(root: unknown, rootName: string): { field: string; message: string } | undefined {
  const pending: { value: unknown; field: string; depth: number }[] = [{ value: root, field: rootName, depth: 0 }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, field, depth } = next
    if (typeof value === 'string') {
      const message = unstorableStringMessage(value)
      if (message) return { field, message }
      continue
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue
    if (depth >= JSON_DEPTH_MAX) return { field, message: TOO_DEEP }
    const isArray = Array.isArray(value)
    for (const [key, child] of Object.entries(value)) {
      if (!isArray) {
        const message = unstorableStringMessage(key)
        if (message) return { field, message: `keys ${message}` }
      }
      pending.push({ value: child, field: isArray ? field : key, depth: depth + 1 })
    }
  }
  return undefined
}

function unstorableStringMessage(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL
  if (!text.isWellFormed()) return MALFORMED
  return undefined
}

function holdsControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}
