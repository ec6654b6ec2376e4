// Personal API tokens (issue 17 "API tokens"): the settings screen's form and list, and the messages the API answers
// when a token is refused (docs/decisions/049-api-tokens.md).
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { Id } from './stacks.ts'

/** What a secret looks like: a recognisable prefix (secret scanners and people can tell it apart), then 32 bytes. */
export const API_TOKEN_PREFIX = 'sa_pat_'

export const API_TOKEN_NAME_MAX = 60
/** Tokens a user may hold at once (not revoked, not expired). */
export const API_TOKENS_PER_USER = 20

export const ApiTokenScope = z.enum(['read', 'write'])
export type ApiTokenScope = z.infer<typeof ApiTokenScope>

/** Lifetimes offered, in days; 'never' for a token that lives until it is revoked. */
export const API_TOKEN_EXPIRY_CHOICES = ['7', '30', '90', '365', 'never'] as const
export const ApiTokenExpiry = z.enum(API_TOKEN_EXPIRY_CHOICES)
export type ApiTokenExpiry = z.infer<typeof ApiTokenExpiry>
export const DEFAULT_API_TOKEN_EXPIRY: ApiTokenExpiry = '90'

export const CreateApiTokenBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, "can't be blank")
    .max(API_TOKEN_NAME_MAX, `is too long (maximum is ${API_TOKEN_NAME_MAX} characters)`),
  scope: ApiTokenScope,
  expires_in_days: ApiTokenExpiry,
})
export type CreateApiTokenInput = z.input<typeof CreateApiTokenBody>
export type CreateApiTokenBody = z.output<typeof CreateApiTokenBody>

export const ApiToken = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scope: ApiTokenScope,
    created_at: z.string(),
    /** Null: never expires. */
    expires_at: z.string().nullable(),
    expired: z.boolean(),
    /** Updated at most once a minute. */
    last_used_at: z.string().nullable(),
    last_used_ip: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'ApiToken' })
export type ApiToken = z.infer<typeof ApiToken>

export const ApiTokenList = z.object({ tokens: z.array(ApiToken) })
export type ApiTokenList = z.infer<typeof ApiTokenList>

/** The answer to a creation: the only time the secret leaves the server. */
export const CreatedApiToken = z.object({ token: ApiToken, secret: z.string() })
export type CreatedApiToken = z.infer<typeof CreatedApiToken>

export const ApiTokenParams = z.object({ id: Id })

// Refusals (the envelope's message)
export const API_TOKEN_INVALID = 'This API token is not valid.'
export const API_TOKEN_EXPIRED = 'This token has expired.'
export const API_TOKEN_REVOKED = 'This token was revoked.'
export const API_TOKEN_READ_ONLY = 'This token is read-only: it cannot make changes.'
export const API_TOKEN_ADMIN = 'API tokens cannot be used for admin actions.'
export const API_TOKEN_NEEDS_SESSION = 'API tokens cannot do this: sign in on the site.'
export const API_TOKEN_RATE_LIMITED = 'This token made too many requests; try again later.'
export const IMPERSONATED_API_TOKENS = 'Impersonated users are not allowed to manage API tokens'
export const TOO_MANY_API_TOKENS = `You can hold at most ${API_TOKENS_PER_USER} API tokens: revoke one first.`
