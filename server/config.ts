// Application configuration derived from the environment once, passed to buildApp (tests build their own).
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { type Env, splitList } from './env.ts'
import { StartupError } from './startup-error.ts'

export interface AppConfig {
  siteName: string
  baseUrl: string
  authSecret: string
  trustedOrigins: string[]
  /** Reverse proxies whose X-Forwarded-* headers are believed (TRUSTED_PROXIES); empty: none. */
  trustedProxies: string[]
  github?: { clientId: string; clientSecret: string }
  smtpUrl?: string
  mailFrom: string
  /** Users' scans may reach loopback and private addresses (SCAN_ALLOW_PRIVATE_NETWORKS; decision 077). */
  scanAllowPrivateNetworks: boolean
  /** The code-host clients and syncs may (CODE_HOST_ALLOW_PRIVATE_NETWORKS, else the scans' setting; decision 077). */
  codeHostAllowPrivateNetworks: boolean
  rateLimitEnabled: boolean
  /** Pages from Vite's dev server in this process (WEB_DEV, `npm run dev`): server/http/web-dev.ts. */
  webDev?: boolean
  /** The bearer token /metrics asks for (METRICS_TOKEN); unset, /metrics answers 404 (server/http/metrics.ts). */
  metricsToken?: string
  /** Schedule the weekly digest e-mail (off in tests, which run it by hand). */
  weeklyDigest?: boolean
  /** Local uploads (the default store, and what `npm run storage:copy` copies from). */
  uploadDir: string
  /** Uploads and share images in S3-compatible storage instead of uploadDir (STORAGE_URL=s3://..., decision 055). */
  s3?: S3Settings
  dataDir: string
  isProduction: boolean
  logLevel: Env['LOG_LEVEL']
  /** Lower-cased e-mails that get role admin when they sign up (docs/decisions/007-admin-bootstrap.md). */
  adminEmails?: string[]
  /** private: every page and API route asks for a signed-in user (SITE_MODE). */
  siteMode: SiteMode
  /** Who may create an account (SIGNUP_MODE, SIGNUP_EMAIL_DOMAINS). */
  signup: SignupRules
  /** OpenID Connect single sign-on, when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. */
  oidc?: { issuer: string; clientId: string; clientSecret: string; name: string }
  /** Password sign-in and sign-up hidden and refused (SSO_ONLY); only with oidc. */
  ssoOnly: boolean
}

export type SiteMode = 'public' | 'private'

export interface S3Settings {
  bucket: string
  /** Put before every key: '' or 'some/folder/'. */
  prefix: string
  /** Unset: AWS's endpoint for the region. */
  endpoint?: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
  /** The bucket's public address without a trailing slash: objects are read at {publicUrl}/{prefix}{key}. */
  publicUrl?: string
}

export interface SignupRules {
  /** open: anyone; domains: addresses at emailDomains; invite: people invited by e-mail. */
  mode: 'open' | 'domains' | 'invite'
  /** Lower-cased domains without "@"; in domains mode at least one. */
  emailDomains: string[]
}

/** The defaults of a public site that anyone may join (tests and the bench start from these). */
export const OPEN_SITE = {
  siteMode: 'public',
  signup: { mode: 'open', emailDomains: [] },
  ssoOnly: false,
} as const satisfies Pick<AppConfig, 'siteMode' | 'signup' | 'ssoOnly'>

export function configFromEnv(env: Env): AppConfig {
  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
  const dataDir = path.resolve(env.DATA_DIR)
  const isProduction = env.NODE_ENV === 'production'
  return {
    siteName: env.SITE_NAME,
    baseUrl,
    authSecret: env.AUTH_SECRET ?? loadOrCreateSecret(dataDir, isProduction),
    trustedOrigins: [baseUrl, ...(isProduction ? [] : loopbackAliases(baseUrl)), ...splitList(env.TRUSTED_ORIGINS)],
    trustedProxies: env.TRUSTED_PROXIES,
    github:
      env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
        ? { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET }
        : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    scanAllowPrivateNetworks: env.SCAN_ALLOW_PRIVATE_NETWORKS,
    codeHostAllowPrivateNetworks: env.CODE_HOST_ALLOW_PRIVATE_NETWORKS ?? env.SCAN_ALLOW_PRIVATE_NETWORKS,
    rateLimitEnabled: !env.RATE_LIMIT_DISABLED,
    webDev: env.WEB_DEV,
    metricsToken: env.METRICS_TOKEN,
    weeklyDigest: !env.WEEKLY_DIGEST_DISABLED,
    uploadDir: uploadDirOf(env),
    s3: s3Settings(env),
    dataDir,
    isProduction,
    logLevel: env.LOG_LEVEL,
    adminEmails: splitList(env.ADMIN_EMAILS).map((email) => email.toLowerCase()),
    siteMode: env.SITE_MODE,
    signup: signupRules(env),
    oidc: oidcSettings(env),
    ssoOnly: ssoOnly(env),
  }
}

function signupRules(env: Env): SignupRules {
  const emailDomains = env.SIGNUP_EMAIL_DOMAINS
  const mode = env.SIGNUP_MODE ?? (emailDomains.length > 0 ? 'domains' : 'open')
  if (mode === 'domains' && emailDomains.length === 0) {
    throw new StartupError('SIGNUP_MODE=domains needs SIGNUP_EMAIL_DOMAINS (such as example.com,example.org).')
  }
  return { mode, emailDomains }
}

function oidcSettings(env: Env): AppConfig['oidc'] {
  const given = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length
  if (given === 0) return undefined
  if (given < 3 || !env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) {
    throw new StartupError('Single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, all three.')
  }
  return {
    issuer: env.OIDC_ISSUER.replace(/\/$/, ''),
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    name: env.OIDC_NAME,
  }
}

export const uploadDirOf = (env: Env) => path.resolve(env.UPLOAD_DIR ?? path.join(env.DATA_DIR, 'uploads'))

const listOf = (names: readonly string[]) => new Intl.ListFormat('en').format(names)

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const

export function s3Settings(env: Env): S3Settings | undefined {
  if (!env.STORAGE_URL) {
    const stray = S3_SETTINGS.filter((name) => env[name] !== undefined)
    if (stray.length > 0) {
      throw new StartupError(`${listOf(stray)} ${stray.length > 1 ? 'are' : 'is'} set but STORAGE_URL is not: \
set STORAGE_URL=s3://bucket/prefix to store files in S3-compatible storage.`)
    }
    return undefined
  }
  const url = new URL(env.STORAGE_URL)
  const missing = (['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !env[name])
  if (missing.length > 0 || !env.S3_REGION || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    throw new StartupError(`STORAGE_URL=${env.STORAGE_URL} needs ${listOf(missing)} (S3_ENDPOINT too, unless \
the bucket is on AWS).`)
  }
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '')
  return {
    bucket: url.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  }
}

function ssoOnly(env: Env): boolean {
  if (env.SSO_ONLY && !env.OIDC_ISSUER) {
    throw new StartupError(
      'SSO_ONLY=true needs single sign-on: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.',
    )
  }
  return env.SSO_ONLY
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']

/**
 * In development a site at http://localhost:3000 is as often opened at http://127.0.0.1:3000 or http://[::1]:3000:
 * the same server on the same port, so those origins are the site's too (Better Auth and our CSRF check).
 */
export function loopbackAliases(baseUrl: string): string[] {
  const url = new URL(baseUrl)
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return []
  return LOOPBACK_HOSTS.filter((host) => host !== url.hostname).map((host) => {
    const alias = new URL(url.origin)
    alias.hostname = host
    return alias.origin
  })
}

/** A self-hosted install works without configuration: the secret is generated once and kept beside the data. */
function loadOrCreateSecret(dataDir: string, isProduction: boolean): string {
  if (isProduction) throw new StartupError('AUTH_SECRET must be set in production (at least 32 characters).')
  const file = path.join(dataDir, 'auth-secret')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  fs.mkdirSync(dataDir, { recursive: true })
  const secret = crypto.randomBytes(32).toString('hex')
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
