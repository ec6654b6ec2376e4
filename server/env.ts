// The only reader of process.env: every setting is parsed and documented here (README "Configuration").
import net from 'node:net'
import { z } from 'zod'
import { StartupError } from './startup-error.ts'

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1')

/** proxy-addr's names for whole ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** An address (192.0.2.1, ::1) or a CIDR (10.0.0.0/8, fd00::/8), the forms Fastify's trustProxy understands. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = net.isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

/** A comma-separated setting's entries, trimmed, without empty ones. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
}

const proxyList = z
  .string()
  .default('')
  .transform(splitList)
  .superRefine((entries, context) => {
    for (const entry of entries) {
      if (!isProxyAddress(entry)) {
        context.addIssue({
          code: 'custom',
          message: `"${entry}" is not an IP address or CIDR range (such as 10.0.0.1 or 10.0.0.0/8)`,
        })
      }
    }
  })

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** On SIGTERM, how long requests in flight may take before their connections are cut (decision 054). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Public origin of the site, used for auth callbacks, CSRF origin checks and links in e-mails. */
  BASE_URL: z.string().url().optional(),
  /** postgres://... selects PostgreSQL; unset means the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Secret for signing sessions and links; generated once into DATA_DIR when unset (never in production). */
  AUTH_SECRET: z.string().min(32).optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Stackatlas <no-reply@stackatlas.local>'),
  SITE_NAME: z.string().default('Stackatlas'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Comma-separated addresses or CIDRs of the reverse proxies in front of the server: X-Forwarded-For is believed
   * from them only, and the client is its right-most address that is not one of them. Empty: nothing forwarded is
   * believed, in every NODE_ENV (docs/decisions/035-client-address-rate-limits-and-lockout.md).
   */
  TRUSTED_PROXIES: proxyList,
  /** Comma-separated extra origins allowed to send cookie-authenticated writes. */
  TRUSTED_ORIGINS: z.string().default(''),
  /**
   * Lets users' website and repository scans (GET /api/v1/analyze) reach loopback and private addresses (tests,
   * internal installations). Never folders nor file:// URLs: only `npm run scan -- <folder>` reads those (decision 077).
   */
  SCAN_ALLOW_PRIVATE_NETWORKS: flag,
  /**
   * Lets the code-host clients (GitHub Enterprise, a self-managed GitLab, git URLs) and their syncs' clones reach
   * loopback and private addresses. Unset: follows SCAN_ALLOW_PRIVATE_NETWORKS, as before the two were apart
   * (decision 077).
   */
  CODE_HOST_ALLOW_PRIVATE_NETWORKS: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value === 'true' || value === '1')),
  /** Serves the web app from Vite's dev server inside this process, with hot reload (`npm run dev` sets it). */
  WEB_DEV: flag,
  /** Disables per-IP rate limits (benchmarks only). */
  RATE_LIMIT_DISABLED: flag,
  /** Opens /metrics (Prometheus) to scrapers sending `Authorization: Bearer <token>`; unset, /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Turns off the weekly digest of followed tools that every instance otherwise schedules. */
  WEEKLY_DIGEST_DISABLED: flag,
  UPLOAD_DIR: z.string().optional(),
  /** s3://bucket/prefix stores uploads and share images in S3-compatible storage; unset: UPLOAD_DIR on this disk. */
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[^/]+(\/.*)?$/, 'must be s3://bucket or s3://bucket/prefix (unset: files in UPLOAD_DIR)')
    .optional(),
  /** The S3 API's address (MinIO, Ceph, R2, Garage); unset: AWS's, from S3_REGION. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Addresses the bucket as {endpoint}/{bucket}/... rather than {bucket}.{endpoint}/... (MinIO, Ceph, Garage). */
  S3_FORCE_PATH_STYLE: flag,
  /** Where the bucket is publicly readable (a CDN): GET /uploads/... redirects there (decision 055). */
  S3_PUBLIC_URL: z.string().url().optional(),
  /** Comma-separated e-mail addresses whose sign-up makes an admin (docs/decisions/007-admin-bootstrap.md). */
  ADMIN_EMAILS: z.string().default(''),
  /** public: anyone reads the directory; private: every page and API route asks for a signed-in user (issue 17). */
  SITE_MODE: z.enum(['public', 'private']).default('public'),
  /** Who may create an account: anyone, addresses of SIGNUP_EMAIL_DOMAINS, or people invited by e-mail. */
  SIGNUP_MODE: z.enum(['open', 'domains', 'invite']).optional(),
  /** Comma-separated e-mail domains (example.com) whose addresses may sign up; set alone, SIGNUP_MODE is domains. */
  SIGNUP_EMAIL_DOMAINS: z
    .string()
    .default('')
    .transform((value) => splitList(value).map((domain) => domain.toLowerCase().replace(/^@/, '')))
    .superRefine((domains, context) => {
      for (const domain of domains) {
        if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain)) {
          context.addIssue({ code: 'custom', message: `"${domain}" is not an e-mail domain (such as example.com)` })
        }
      }
    }),
  /** OpenID Connect single sign-on: the provider's issuer URL (its /.well-known/openid-configuration is read). */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The sign-in button's label: "Sign in with {OIDC_NAME}". */
  OIDC_NAME: z.string().default('SSO'),
  /** true: password sign-in and sign-up are hidden and refused; people sign in through OIDC only. */
  SSO_ONLY: flag,
})

export type Env = z.infer<typeof EnvSchema>

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new StartupError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return parsed.data
}
