// The account rules of settings: who may change the e-mail address or the password, and what else changes with them
// (docs/decisions/024-account-changes.md).
import { APIError } from 'better-auth/api'
import { PASSWORDS_OFF, passwordsOffMessage } from '#contracts/auth.ts'
import {
  ADDRESS_MANAGED,
  addressManagedMessage,
  FRESH_SIGN_IN_MINUTES,
  REAUTHENTICATE,
  type UpdateProfileBody,
} from '#contracts/users.ts'
import type { Auth } from '../../auth/auth.ts'
import { changeUsername, isHandleAvailable, normalizeUsername } from '../../auth/handles.ts'
import { addressRefusal } from '../../auth/sign-up-rules.ts'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { CookieSessionUser, SessionUser } from '../../http/auth-guard.ts'
import { badRequest, conflict, fieldError, HttpError } from '../../http/errors.ts'
import type { JobQueue } from '../../queue/job-queue.ts'
import { updateBasicInformation } from '../onboarding/onboarding.queries.ts'
import { basicInformationColumns } from '../onboarding/onboarding.service.ts'
import { uniqueViolation } from '../stacks/unique-violation.ts'
import { type EmailLinkConfig, type OperatorLog, sendEmailLink } from './email-verification.service.ts'
import { dropPasswordResetLinks } from './password-reset.ts'
import { deleteOtherSessions, findPasswordHash, isEmailTakenByOther, restartSignUpAt } from './users.queries.ts'

/**
 * Profile settings: name, username and onboarding's basic information, in one transaction (nothing half-written,
 * decision 032). Everything that can refuse (the body's schema, which applies the username plugin's rules, and the
 * username's availability) is checked before the first write, so a refusal leaves the profile as it was. The name and
 * username are written here rather than through Better Auth's updateUser, which writes outside our transaction;
 * changeUsername does what the plugin's and our hooks do (normalise, display spelling, handle namespace). Sessions are
 * read from the database (no cookie cache), so the current user answers the new values at once.
 */
export async function updateProfile(db: Db, user: SessionUser, input: UpdateProfileBody): Promise<void> {
  const username = normalizeUsername(input.username)
  if (username !== user.username && !(await isHandleAvailable(db, username))) throw usernameTaken()
  try {
    await db.transaction(async (tx) => {
      await updateBasicInformation(tx, user.id, { ...basicInformationColumns(input), name: input.name })
      await changeUsername(tx, user.id, input.username)
    })
  } catch (error) {
    // Another request took the handle between the check and the write: the same answer as the check.
    if (uniqueViolation(error)) throw usernameTaken()
    throw error
  }
}

function usernameTaken() {
  return fieldError('username', 'is already taken')
}

/**
 * Proves the request comes from the account's owner: the current password when the account has one, otherwise a
 * sign-in (GitHub) of the last FRESH_SIGN_IN_MINUTES, so a stolen or forgotten-open session is not enough.
 */
async function assertOwnerConfirmed(auth: Auth, db: Db, user: CookieSessionUser, currentPassword: string | undefined) {
  const hash = await findPasswordHash(db, user.id)
  if (hash) {
    if (!currentPassword) throw fieldError('current_password', "can't be blank")
    const context = await auth.$context
    if (!(await context.password.verify({ hash, password: currentPassword }))) {
      throw fieldError('current_password', 'is incorrect')
    }
    return
  }
  assertRecentSignIn(user)
}

/** SSO_ONLY: no password is set or changed, since none may be used to sign in (decision 051). */
export function assertPasswordsOn(config: Pick<AppConfig, 'ssoOnly' | 'oidc'>) {
  if (!config.ssoOnly) return
  throw new HttpError(403, 'forbidden', passwordsOffMessage(config.oidc?.name ?? 'SSO'), { errorMsg: PASSWORDS_OFF })
}

/** SSO_ONLY: the address comes from the single sign-on provider, not from settings (decision 081). */
export function assertAddressChangeable(config: Pick<AppConfig, 'ssoOnly' | 'oidc'>) {
  if (!config.ssoOnly) return
  throw new HttpError(403, 'forbidden', addressManagedMessage(config.oidc?.name ?? 'SSO'), {
    errorMsg: ADDRESS_MANAGED,
  })
}

export function assertRecentSignIn(user: CookieSessionUser, now = Date.now()) {
  if (now - user.sessionCreatedAt.getTime() <= FRESH_SIGN_IN_MINUTES * 60_000) return
  throw new HttpError(
    403,
    'forbidden',
    `Sign in again to confirm it's you, then try again within ${FRESH_SIGN_IN_MINUTES} minutes.`,
    { errorMsg: REAUTHENTICATE },
  )
}

/**
 * A new sign-in address (decision 052, superseding 024's immediate change): a link goes to the new address, which
 * replaces the old one only when the link is followed (email-verification.service.ts, which then tells the old
 * address). Every other session is signed out now, as the request proved the owner. The site's rules are asked of the
 * new address as of a sign-up's (decision 074). An account that has not proved its address yet starts over at the new
 * one: the address changes now, unverified, and the sign-up link goes there; nothing the old address might have
 * granted comes along, since nothing was granted.
 */
export async function changeEmail(
  auth: Auth,
  db: Db,
  user: CookieSessionUser,
  input: { email: string; current_password?: string },
  config: EmailLinkConfig & Pick<AppConfig, 'signup' | 'adminEmails'>,
  jobQueue: JobQueue,
  log?: OperatorLog,
) {
  const email = input.email.toLowerCase()
  await assertOwnerConfirmed(auth, db, user, input.current_password)
  if (email === user.email.toLowerCase()) throw fieldError('email', 'is already your e-mail address')
  const refusal = await addressRefusal(db, config, email, { admitted: user.emailVerified })
  if (refusal?.status === 403) throw new HttpError(403, 'forbidden', refusal.message, { errorMsg: refusal.code })
  if (refusal) throw fieldError('email', refusal.message)
  if (await isEmailTakenByOther(db, email, user.id)) throw fieldError('email', 'has already been taken')
  try {
    await db.transaction(async (tx) => {
      if (user.emailVerified) await sendEmailLink(tx, jobQueue, config, user, 'change', email, log)
      else {
        await restartSignUpAt(tx, user.id, email)
        await dropPasswordResetLinks(tx, user.id)
        await sendEmailLink(tx, jobQueue, config, user, 'sign_up', email, log)
      }
      await deleteOtherSessions(tx, user.id, user.sessionId)
    })
  } catch (error) {
    // another account took the address between the check and the write
    if (uniqueViolation(error)) throw fieldError('email', 'has already been taken')
    throw error
  }
}

/** Better Auth's error code, when it is one of its API errors. */
function authErrorCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined
}

/**
 * A new password with the current one; every other session is signed out, and this one gets a new cookie (Better
 * Auth replaces all sessions). Answers the response headers that carry the cookie.
 */
export async function changePassword(
  auth: Auth,
  headers: Headers,
  input: { current_password: string; new_password: string },
): Promise<Headers> {
  try {
    const result = await auth.api.changePassword({
      body: { currentPassword: input.current_password, newPassword: input.new_password, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    })
    return result.headers
  } catch (error) {
    const code = authErrorCode(error)
    if (code === 'INVALID_PASSWORD') {
      throw badRequest('Current password is incorrect', { current_password: ['is incorrect'] })
    }
    if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
      throw badRequest('Your account has no password yet: set one first.', undefined, 'no_password')
    }
    throw error
  }
}

/** A first password for an account made through GitHub: only after a recent sign-in; other sessions sign out. */
export async function setFirstPassword(
  auth: Auth,
  db: Db,
  user: CookieSessionUser,
  headers: Headers,
  newPassword: string,
): Promise<void> {
  if (await findPasswordHash(db, user.id)) {
    throw conflict('Your account already has a password: change it with the current one.', 'password_already_set')
  }
  assertRecentSignIn(user)
  await auth.api.setPassword({ body: { newPassword }, headers })
  await deleteOtherSessions(db, user.id, user.sessionId)
}
