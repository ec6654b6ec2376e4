// Typed, client-facing errors with stable codes. Throw these; the error handler turns them into the envelope.
import type { FieldErrors } from '#contracts/errors.ts'

export class HttpError extends Error {
  readonly statusCode: number
  readonly code: string
  readonly fields?: FieldErrors
  readonly errorMsg?: string

  constructor(
    statusCode: number,
    code: string,
    message: string,
    extra: { fields?: FieldErrors; errorMsg?: string } = {},
  ) {
    super(message)
    this.statusCode = statusCode
    this.code = code
    this.fields = extra.fields
    this.errorMsg = extra.errorMsg
  }
}

export const badRequest = (message: string, fields?: FieldErrors, errorMsg?: string) =>
  new HttpError(400, 'validation_failed', message, { fields, errorMsg })

/** A 422-style field failure, answered as 400 with {field: [messages]}. */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, 'validation_failed', `${field} ${message}`, { fields: { [field]: [message] } })

export const unauthorized = (message = 'You need to sign in to do that.') => new HttpError(401, 'unauthorized', message)
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, 'forbidden', message)
export const notFound = (message = "Sorry, we couldn't find that page :(") => new HttpError(404, 'not_found', message)
export const conflict = (message: string, errorMsg?: string) => new HttpError(409, 'conflict', message, { errorMsg })
export const tooManyRequests = (message = 'Too many requests, please try again later.') =>
  new HttpError(429, 'rate_limited', message)
