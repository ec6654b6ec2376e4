// API tokens for tests: made through the API by the user's own session, as a person would in settings, and a client
// that sends one as `Authorization: Bearer` (no cookie, no Origin: what a script sends).
import type { ApiTokenExpiry, ApiTokenScope } from '#contracts/api-tokens.ts'
import type { App } from '../app.ts'
import type { TestUser } from './factories.ts'

export interface TestApiToken {
  id: number
  secret: string
}

export async function createApiTokenFor(
  user: TestUser,
  options: { scope?: ApiTokenScope; name?: string; expires?: ApiTokenExpiry } = {},
): Promise<TestApiToken> {
  const response = await user.client.post('/api/v1/users/tokens', {
    name: options.name ?? `token ${options.scope ?? 'write'}`,
    scope: options.scope ?? 'write',
    expires_in_days: options.expires ?? '30',
  })
  if (response.status !== 200)
    throw new Error(`token creation failed: ${response.status} ${JSON.stringify(response.body)}`)
  return { id: response.body.token.id, secret: response.body.secret }
}

/** One request with a Bearer token; the body parsed when it is JSON. */
export async function requestWithToken(
  app: App,
  secret: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { payload?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await app.inject({
    method,
    url,
    payload: options.payload as never,
    headers: { authorization: `Bearer ${secret}`, ...options.headers },
  })
  const isJson = String(response.headers['content-type'] ?? '').includes('json') && response.body
  return { status: response.statusCode, body: isJson ? response.json() : response.body, headers: response.headers }
}
