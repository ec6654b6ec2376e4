// A small client over app.inject() that carries a session cookie and the same-origin header, like a browser.
import type { App } from '../app.ts'
import { TEST_ORIGIN } from './harness.ts'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface TestResponse<T = any> {
  status: number
  body: T
  headers: Record<string, string | string[] | number | undefined>
}

export class TestClient {
  readonly app: App
  cookie?: string
  /** The address the requests come from (app.inject's default is 127.0.0.1). */
  remoteAddress?: string
  constructor(app: App, cookie?: string, remoteAddress?: string) {
    this.app = app
    this.cookie = cookie
    this.remoteAddress = remoteAddress
  }

  async request<T = any>(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const response = await this.app.inject({
      method,
      url,
      payload: payload as never,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      headers: {
        origin: TEST_ORIGIN,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
    })
    const text = response.body
    let body: unknown = text
    if ((response.headers['content-type'] ?? '').toString().includes('json') && text) body = JSON.parse(text)
    return { status: response.statusCode, body: body as T, headers: response.headers } satisfies TestResponse<T>
  }

  get<T = any>(url: string, headers?: Record<string, string>) {
    return this.request<T>('GET', url, undefined, headers)
  }
  post<T = any>(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, payload ?? {}, headers)
  }
  put<T = any>(url: string, payload?: unknown) {
    return this.request<T>('PUT', url, payload ?? {})
  }
  patch<T = any>(url: string, payload?: unknown) {
    return this.request<T>('PATCH', url, payload ?? {})
  }
  delete<T = any>(url: string, payload?: unknown) {
    return this.request<T>('DELETE', url, payload)
  }
}

/** The session cookie pair ("name=value") from a response's set-cookie headers. */
export function sessionCookieFrom(headers: TestResponse['headers']): string {
  const raw = headers['set-cookie']
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : []
  const pairs = list.map((cookie) => cookie.split(';')[0]!).filter((pair) => pair.includes('session_token'))
  if (pairs.length === 0) throw new Error('no session cookie in response')
  return pairs.join('; ')
}
