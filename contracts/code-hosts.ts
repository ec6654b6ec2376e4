// A company's code host (issue 18 "Connect", "Sync", decision 063): what its admins send to connect one, what the
// API answers about it (never a token, a private key or the webhook secret, except the webhook secret once when
// the server made it) and the synced repositories' list.
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { httpUrlOf } from './http-links.ts'
import { HttpUrl } from './urls.ts'

export const CODE_HOST_KINDS = ['github', 'gitlab', 'git'] as const
export const REMOVAL_POLICIES = ['review', 'automatic'] as const
export const SYNC_SCHEDULES = ['daily', 'off'] as const
export const SYNCED_REPOSITORY_STATES = ['queued', 'scanning', 'synced', 'failed', 'skipped'] as const
export const CODE_HOST_PATTERNS_MAX = 50
export const CODE_HOST_URLS_MAX = 500
export const SYNCED_REPOSITORIES_PAGE_SIZE = 50

const Secret = (max: number) => z.string().trim().min(1, "can't be blank").max(max, 'is too long')
const TokenAuth = z.object({ type: z.literal('token'), token: Secret(1000) })
const AppAuth = z.object({
  type: z.literal('app'),
  app_id: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, 'must be the App id (digits)'),
  installation_id: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, 'must be the installation id (digits)'),
  private_key: Secret(10_000).refine((key) => key.includes('PRIVATE KEY'), 'must be the App private key (PEM)'),
})
const GithubAuth = z.discriminatedUnion('type', [TokenAuth, AppAuth])

/** A glob on the repository's full name: `*` within a segment, `**` across them ('acme/api-*', 'acme/legacy/**'). */
const Pattern = z
  .string()
  .trim()
  .min(1, "can't be blank")
  .max(200, 'is too long')
  .regex(/^[\w.*/-]+$/, 'may hold letters, digits, . _ - / and *')
const Patterns = z.array(Pattern).max(CODE_HOST_PATTERNS_MAX, `at most ${CODE_HOST_PATTERNS_MAX} patterns`).default([])
/** What a code host address that holds a user name or password is told: credentials have fields of their own. */
export const HOST_URL_CREDENTIALS_MESSAGE =
  'must not hold a user name or password (user:password@): give the token or key in its own field'

/** A code host's address: http(s), and no user information, which would travel in logs and errors (report F-11). */
const HostUrl = z
  .string()
  .trim()
  .max(500, 'is too long')
  .pipe(HttpUrl)
  .refine((value) => !holdsUserInformation(value), HOST_URL_CREDENTIALS_MESSAGE)

function holdsUserInformation(value: string): boolean {
  const href = httpUrlOf(value)
  if (href === null) return false
  const url = new URL(href)
  return url.username !== '' || url.password !== ''
}

const CommonSettings = {
  include: Patterns,
  exclude: Patterns,
  skip_archived: z.boolean().default(true),
  skip_forks: z.boolean().default(true),
  removal_policy: z.enum(REMOVAL_POLICIES).default('review'),
  schedule: z.enum(SYNC_SCHEDULES).default('daily'),
  /** The push webhooks' secret as the admin typed it at the host; made by the server when missing. */
  webhook_secret: Secret(200).optional(),
}

export const CodeHostSettingsBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('github'),
    api_url: HostUrl.default('https://api.github.com'),
    owner: z
      .string()
      .trim()
      .regex(/^[\w.-]{1,100}$/, 'must be a GitHub organisation or user login'),
    /** Left out: the stored credentials are kept (they must be of this kind). */
    auth: GithubAuth.optional(),
    ...CommonSettings,
  }),
  z.object({
    kind: z.literal('gitlab'),
    api_url: HostUrl.default('https://gitlab.com'),
    group: z
      .string()
      .trim()
      .regex(/^[\w.-]+(\/[\w.-]+)*$/, "must be the group's full path ('acme/platform')"),
    auth: TokenAuth.optional(),
    ...CommonSettings,
  }),
  z.object({
    kind: z.literal('git'),
    urls: z
      .array(HostUrl)
      .min(1, 'must list at least one repository')
      .max(CODE_HOST_URLS_MAX, `at most ${CODE_HOST_URLS_MAX} repositories`),
    ...CommonSettings,
  }),
])

/** Just the credentials, the settings kept: a rotated token. */
export const CodeHostSecretBody = z.object({ auth: GithubAuth }).strict()

export const PutCodeHostBody = z.union([CodeHostSecretBody, CodeHostSettingsBody])
export type PutCodeHostInput = z.input<typeof PutCodeHostBody>
export type PutCodeHostBody = z.output<typeof PutCodeHostBody>

export const SyncedRepositoryState = z.enum(SYNCED_REPOSITORY_STATES)
export type SyncedRepositoryState = z.infer<typeof SyncedRepositoryState>

export const CodeHost = z
  .object({
    kind: z.enum(CODE_HOST_KINDS),
    api_url: z.string().nullable(),
    owner: z.string().nullable(),
    group: z.string().nullable(),
    urls: z.array(z.string()),
    auth_type: z.enum(['token', 'app']).nullable(),
    app_id: z.string().nullable(),
    installation_id: z.string().nullable(),
    /** Credentials are stored (never shown). */
    has_credentials: z.boolean(),
    include: z.array(z.string()),
    exclude: z.array(z.string()),
    skip_archived: z.boolean(),
    skip_forks: z.boolean(),
    removal_policy: z.enum(REMOVAL_POLICIES),
    schedule: z.enum(SYNC_SCHEDULES),
    last_sync_started_at: z.string().nullable(),
    last_sync_finished_at: z.string().nullable(),
    last_sync_error: z.string().nullable(),
    /** Where the host sends push webhooks (GitHub, GitLab); null for git URLs, which have none. */
    webhook_url: z.string().nullable(),
    /** How many repositories are in each state. */
    counts: z.record(SyncedRepositoryState, z.number().int()),
  })
  .register(apiSchemas, { id: 'CodeHost' })
export type CodeHost = z.infer<typeof CodeHost>

export const CodeHostResponse = z.object({ code_host: CodeHost.nullable() })
export type CodeHostResponse = z.infer<typeof CodeHostResponse>

/** After a PUT: the webhook secret appears only when the server made it, this once. */
export const PutCodeHostResponse = z.object({ code_host: CodeHost, webhook_secret: z.string().nullable() })
export type PutCodeHostResponse = z.infer<typeof PutCodeHostResponse>

export const SyncedRepository = z
  .object({
    id: z.number().int(),
    full_name: z.string(),
    web_url: z.string().nullable(),
    state: SyncedRepositoryState,
    last_commit: z.string().nullable(),
    last_result: z.string().nullable(),
    last_scanned_at: z.string().nullable(),
    stack: z.object({ name: z.string(), path: z.string() }).nullable(),
  })
  .register(apiSchemas, { id: 'SyncedRepository' })
export type SyncedRepository = z.infer<typeof SyncedRepository>

export const SyncedRepositoriesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})

/** An empty `repositories` list means there is nothing further. */
export const SyncedRepositoriesResponse = z.object({
  repositories: z.array(SyncedRepository),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
})
export type SyncedRepositoriesResponse = z.infer<typeof SyncedRepositoriesResponse>

export const CodeHostSyncResponse = z.object({ queued: z.literal(true) })

// Refusals (the envelope's message)
/** A push webhook's answer: queued is true when a rescan of the repository was queued; duplicate, a replay. */
export const CodeHostWebhookResponse = z.object({
  queued: z.boolean(),
  duplicate: z.boolean(),
  message: z.string(),
})
export type CodeHostWebhookResponse = z.infer<typeof CodeHostWebhookResponse>
/** The push webhooks' body limit: GitHub caps a delivery at 25 MB, but a push's JSON is rarely past a few hundred kB. */
export const CODE_HOST_WEBHOOK_BODY_MAX_BYTES = 2 * 1024 * 1024
/** One answer for a missing and a wrong signature: nothing tells a prober which it got wrong. */
export const WEBHOOK_NOT_VERIFIED = "The delivery is not signed with this connection's webhook secret."

export const ONLY_COMPANY_ADMINS_CODE_HOST = "Only company admins can manage this company's code host."
export const NO_CODE_HOST = 'This company has no code host connected.'
/** A field message: the envelope's message reads 'auth must be given ...'. */
export const CODE_HOST_NEEDS_CREDENTIALS = 'must be given to connect this code host (a token)'

/** The push webhook's path of a connection (POST, decision 063 "Webhooks"). */
export const codeHostWebhookPath = (connectionId: number) => `/api/v1/code-host-webhooks/${connectionId}`
