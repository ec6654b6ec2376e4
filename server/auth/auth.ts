// Better Auth: e-mail and password, GitHub and OpenID Connect single sign-on when configured, sessions in the database
// behind an httpOnly cookie, the admin plugin (roles user/moderator/admin, impersonation) and the username plugin.
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError } from 'better-auth/api'
import { admin, username } from 'better-auth/plugins'
import type { FastifyBaseLogger } from 'fastify'
import { SIGN_IN_ERROR_PATH } from '#contracts/auth.ts'
import { RESERVED_HANDLES, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '#contracts/owners.ts'
import { PASSWORD_RESET_EXPIRY_MINUTES } from '#contracts/password-reset.ts'
import type { AppConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { accounts, ownerHandles, sessions, users, verifications } from '../db/schema/index.ts'
import { sendEmailLink } from '../modules/users/email-verification.service.ts'
import { enqueuePasswordResetMail, passwordWasReset } from '../modules/users/password-reset.ts'
import type { JobQueue } from '../queue/job-queue.ts'
import { CLIENT_ADDRESS_HEADER } from './auth-headers.ts'
import { chooseFreeHandle, isHandleAvailable, normalizeUsername, replaceUserHandle } from './handles.ts'
import { isInvitationForAddress } from './invite-rule.ts'
import { grantProvedAddress } from './proved-address.ts'
import { refuseNewAccount } from './sign-up-rules.ts'
import { isSignInRefusal, singleSignOnGuard, singleSignOnPlugin } from './single-sign-on.ts'

export type Auth = ReturnType<typeof createAuth>

export function createAuth(db: Db, jobQueue: JobQueue, config: AppConfig, log?: FastifyBaseLogger) {
  /** The endpoint calls whose user update verifies the address (see the update hooks). */
  const provingUpdates = new WeakSet<object>()
  return betterAuth({
    appName: config.siteName,
    // into our log: a refused request (an origin or a callback URL not of this site) is the client's mistake, answered
    // 403 in the envelope, so info, not error (decision 035)
    logger: log
      ? {
          level: 'warn',
          log: (level, message, ...details) => {
            const refusal = level === 'error' && (/^Invalid [a-zA-Z]+: /.test(message) || isSignInRefusal(message))
            log[refusal ? 'info' : level](
              { details: details.length > 0 ? details : undefined },
              `Better Auth: ${message}`,
            )
          },
        }
      : undefined,
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    advanced: {
      database: { generateId: 'serial' },
      cookiePrefix: 'stackatlas',
      useSecureCookies: config.baseUrl.startsWith('https://'),
      // Better Auth skips its origin check when NODE_ENV=test unless told: tests run the check production runs
      disableOriginCheck: false,
      // the client address Fastify resolved (TRUSTED_PROXIES), never a client-written X-Forwarded-For
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      // "Forgot password?": Better Auth's single-use token, our e-mail and page (password-reset.ts, decision 074)
      resetPasswordTokenExpiresIn: PASSWORD_RESET_EXPIRY_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const row = user as unknown as { email: string; name: string; username?: string | null }
        await enqueuePasswordResetMail(db, jobQueue, config, {
          to: row.email,
          name: row.name,
          username: row.username ?? '',
          token,
        })
      },
      onPasswordReset: async ({ user }) => passwordWasReset(db, config, Number(user.id)),
    },
    // Account changes go through /api/v1/users/* only, which ask for the current password or a recent sign-in, sign
    // out other sessions and are rate limited (docs/decisions/024-account-changes.md); the server calls these
    // endpoints itself through auth.api, which these paths do not block. /verify-password answers whether a password
    // is right to anyone holding a session, with no limit: a guessing oracle our limits do not count.
    // E-mail verification is ours too (single-use links, decision 052): Better Auth's JWT links are not.
    disabledPaths: [
      '/change-password',
      '/change-email',
      '/update-user',
      '/set-password',
      '/verify-password',
      '/send-verification-email',
      '/verify-email',
      // the web never asks it, and it told a signed-out visitor of a private site who has an account (issue 31, F-10)
      '/is-username-available',
    ],
    socialProviders: config.github
      ? {
          github: {
            clientId: config.github.clientId,
            clientSecret: config.github.clientSecret,
            // Only a wish: the create hook takes the login as the username when it is valid and free, otherwise a
            // free handle derived from it (a login may be taken, reserved or longer than USERNAME_MAX).
            mapProfileToUser: (profile) => ({ displayUsername: profile.login }),
          },
        }
      : undefined,
    // Single sign-on is not a trusted provider: its identity joins an existing account only when it vouches for the
    // address (email_verified) and the account's own address is verified too (Better Auth's requireLocalEmailVerified).
    account: { accountLinking: { enabled: true, trustedProviders: ['github'] } },
    // A failed provider sign-in (refused sign-up, wrong state or nonce) lands on a page of ours that says why.
    onAPIError: { errorURL: `${config.baseUrl}${SIGN_IN_ERROR_PATH}` },
    hooks: { before: singleSignOnGuard(config) },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Our own per-route rate limits cover sign-in and sign-up (server/auth/auth.routes.ts).
    rateLimit: { enabled: false },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: false },
        lastName: { type: 'string', required: false, input: false },
        onboardedAt: { type: 'date', required: false, input: false },
      },
    },
    plugins: [
      username({
        minUsernameLength: USERNAME_MIN,
        maxUsernameLength: USERNAME_MAX,
        usernameNormalization: normalizeUsername,
        usernameValidator: (value) => USERNAME_PATTERN.test(value) && !RESERVED_HANDLES.has(normalizeUsername(value)),
      }),
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      ...(config.oidc ? [singleSignOnPlugin(config.oidc)] : []),
    ],
    databaseHooks: {
      user: {
        create: {
          before: async (user, context) => {
            // Who may join (SIGNUP_MODE, SIGNUP_EMAIL_DOMAINS): every way of signing up passes here. 422 on the e-mail
            // field: Better Auth would turn a 403 into a silent success on a sign-up form that hides duplicates.
            // SIGNUP_MODE=invite: a sign-up carrying its invitation's token (the e-mailed link proves the mailbox:
            // the account starts verified), else an address with an open invitation (decision 052); an admin's
            // create-user is no sign-up
            const invited = await isInvitationForAddress(db, config.authSecret, user.email, context?.body?.invitation)
            const refusal = await refuseNewAccount(db, config, user, context, { invited })
            if (refusal?.status === 403) {
              throw new APIError('FORBIDDEN', { message: refusal.message, code: refusal.code })
            }
            if (refusal) throw new APIError('UNPROCESSABLE_ENTITY', { message: refusal.message, code: refusal.code })
            // Nothing else is given here: ADMIN_EMAILS' role and the invitation are the proved address's, given
            // once the account holds it verified (proved-address.ts, decision 074).
            const verified = invited ? { emailVerified: true } : {}
            const requested = typeof user.username === 'string' ? normalizeUsername(user.username) : undefined
            if (requested) {
              if (!(await isHandleAvailable(db, requested))) {
                throw new APIError('UNPROCESSABLE_ENTITY', {
                  message: 'Username is already taken. Please try another.',
                  code: 'USERNAME_IS_ALREADY_TAKEN',
                })
              }
              return { data: { ...user, ...verified, username: requested } }
            }
            // GitHub and single sign-on sign-ups: nobody typed a username, so never refuse; the login is the wish.
            const wished = typeof user.displayUsername === 'string' ? user.displayUsername : ''
            const handle = await chooseFreeHandle(db, wished || user.name || user.email.split('@')[0] || 'user')
            const displayUsername = wished.toLowerCase() === handle ? wished : handle
            return { data: { ...user, ...verified, username: handle, displayUsername } }
          },
          after: async (user) => {
            const created = user as unknown as { id: number | string; username: string }
            const id = Number(created.id)
            await db.insert(ownerHandles).values({ slug: created.username, userId: id }).onConflictDoNothing()
            // an invitation's link, or a provider that vouches for the address, proved it
            if (user.emailVerified) await grantProvedAddress(db, config, id)
            // a password sign-up, or a provider that did not vouch for the address: a link proves it (decision 052)
            else {
              await db.transaction((tx) =>
                sendEmailLink(
                  tx,
                  jobQueue,
                  config,
                  { id, name: user.name, username: created.username },
                  'sign_up',
                  user.email,
                  log,
                ),
              )
            }
          },
        },
        update: {
          before: async (data, context) => {
            // A provider that vouches for the address verified an account that had not proved it (Better Auth's
            // account linking): what the address grants follows in the after hook, once the row says so.
            if (data.emailVerified === true && context) provingUpdates.add(context)
            if (typeof data.username !== 'string') return
            const next = normalizeUsername(data.username)
            const sessionUser = context?.context.session?.user as
              | { id?: string | number; username?: string }
              | undefined
            if (sessionUser?.username === next) return
            if (!(await isHandleAvailable(db, next))) {
              throw new APIError('UNPROCESSABLE_ENTITY', { message: 'Username is already taken. Please try another.' })
            }
            return { data: { ...data, username: next } }
          },
          after: async (user, context) => {
            const updated = user as unknown as { id: number | string; username: string }
            await db.transaction((tx) => replaceUserHandle(tx, Number(updated.id), updated.username))
            if (context && provingUpdates.delete(context)) await grantProvedAddress(db, config, Number(updated.id))
          },
        },
      },
    },
  })
}
