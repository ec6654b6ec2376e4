// The only reader of process.env: every setting is parsed and documented here (README "Configuration").
import { z } from 'zod'

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1')

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
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
  /** Comma-separated extra origins allowed to send cookie-authenticated writes. */
  TRUSTED_ORIGINS: z.string().default(''),
  /** Allows scans of loopback/private addresses and file:// URLs (tests, internal installations). */
  SCAN_ALLOW_PRIVATE_NETWORKS: flag,
  /** Disables per-IP rate limits (benchmarks only). */
  RATE_LIMIT_DISABLED: flag,
  /** Turns off the weekly digest of followed tools that every instance otherwise schedules. */
  WEEKLY_DIGEST_DISABLED: flag,
  UPLOAD_DIR: z.string().optional(),
  /** Comma-separated e-mail addresses whose sign-up makes an admin (docs/decisions/007-admin-bootstrap.md). */
  ADMIN_EMAILS: z.string().default(''),
})

export type Env = z.infer<typeof EnvSchema>

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return parsed.data
}
