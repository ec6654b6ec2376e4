// The headers every call into Better Auth carries: the request's own, plus the client address Fastify worked out
// (TRUSTED_PROXIES), so Better Auth records the same address our rate limits count instead of reading a
// client-written X-Forwarded-For itself (docs/decisions/035-client-address-rate-limits-and-lockout.md).
import { fromNodeHeaders } from 'better-auth/node'
import type { FastifyRequest } from 'fastify'

/** The only header Better Auth reads a client address from (auth.ts advanced.ipAddress); always set by us. */
export const CLIENT_ADDRESS_HEADER = 'x-stackatlas-client-address'

export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers)
  headers.set(CLIENT_ADDRESS_HEADER, request.ip)
  return headers
}
