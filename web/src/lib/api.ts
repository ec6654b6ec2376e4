// The one way the web talks to the server: JSON in, JSON out, the error envelope turned into ApiError.
import type { ErrorEnvelope, FieldErrors } from '#contracts/errors.ts'
import { SIGN_IN_TO_USE_THIS_SITE, signInAddress } from '#contracts/sign-in.ts'

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: string
  readonly fields: FieldErrors
  readonly errorMsg?: string
  constructor(status: number, envelope: ErrorEnvelope['error']) {
    super(envelope.message)
    this.status = status
    this.code = envelope.code
    this.fields = envelope.fields ?? {}
    this.errorMsg = envelope.error_msg
  }
}

/** How a request reaches the server: the browser's fetch, or on the server the page renderer's in-process call. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>

let transport: ApiTransport = (path, init) => fetch(path, init)

/** Set once by the server's page renderer (web/src/entry-server.tsx); the browser keeps fetch. */
export function setApiTransport(next: ApiTransport) {
  transport = next
}

type Query = Record<string, string | number | boolean | undefined | null | Array<string | number>>

export function withQuery(path: string, query?: Query): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    params.set(key, Array.isArray(value) ? value.join(',') : String(value))
  }
  const text = params.toString()
  return text ? `${path}?${text}` : path
}

export async function apiFetch<T>(
  path: string,
  options: { method?: string; body?: unknown; query?: Query; signal?: AbortSignal } = {},
): Promise<T> {
  const { method = 'GET', body, query, signal } = options
  const response = await transport(withQuery(path, query), {
    method,
    credentials: 'same-origin',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  })
  const text = await response.text()
  let data: unknown = null
  if (text) {
    try {
      data = JSON.parse(text)
    } catch {
      data = null
    }
  }
  if (!response.ok) {
    const envelope = (data as ErrorEnvelope | null)?.error ?? {
      code: 'http_error',
      message: response.status >= 500 ? 'Something went wrong on our side. Please try again.' : response.statusText,
    }
    // a private site's session ended (signed out in another tab, expired): to the sign-in screen, back here after
    if (response.status === 401 && envelope.message === SIGN_IN_TO_USE_THIS_SITE && typeof window !== 'undefined') {
      window.location.assign(signInAddress(window.location.pathname + window.location.search))
    }
    throw new ApiError(response.status, envelope)
  }
  return data as T
}

/** Uploads one file as multipart form data (logos, avatars). */
export async function apiUpload<T>(path: string, file: Blob, fields: Record<string, string> = {}): Promise<T> {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  form.set('file', file)
  const response = await fetch(path, { method: 'POST', credentials: 'same-origin', body: form })
  const data = await response.json().catch(() => null)
  if (!response.ok)
    throw new ApiError(
      response.status,
      (data as ErrorEnvelope | null)?.error ?? { code: 'http_error', message: 'Upload failed' },
    )
  return data as T
}
