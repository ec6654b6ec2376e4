// "Forgot password?" (issue 31; docs/decisions/074-an-address-grants-nothing-until-proved.md). Better Auth keeps the
// single-use token (its verification table, PASSWORD_RESET_EXPIRY_MINUTES) and checks it; these are its two
// callbacks: the e-mail with our page's link, queued through the outbox (decision 014), and what following the link
// means. The link reached the account's address, so it proves that address: an account nobody had proved until now
// belongs to whoever holds the mailbox, and the other ways into it that whoever made it may have attached (a linked
// provider, API tokens) are removed; Better Auth signs out every session.
import { and, eq, like, ne } from 'drizzle-orm'
import { PASSWORD_RESET_EXPIRY_MINUTES, passwordResetPath } from '#contracts/password-reset.ts'
import { type ProvedAddressConfig, proveAddress } from '../../auth/proved-address.ts'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { accounts, apiTokens, users, verifications } from '../../db/schema/index.ts'
import type { JobQueue } from '../../queue/job-queue.ts'
import { enqueueMail, oneLine } from '../mail/mail.service.ts'

/** Better Auth's identifier prefix of a reset token's row; its value is the user's id. */
const RESET_IDENTIFIER_PREFIX = 'reset-password:'

export async function enqueuePasswordResetMail(
  db: Db,
  jobQueue: JobQueue,
  config: Pick<AppConfig, 'baseUrl' | 'siteName'>,
  input: { to: string; name: string; username: string; token: string },
) {
  const link = `${config.baseUrl}${passwordResetPath(input.token)}`
  const greeting = `Hi ${input.name || input.username},`
  const why = `Someone asked to choose a new password for your ${config.siteName} account @${input.username}. Open this link to choose it:`
  const ignore = "If it wasn't you, ignore this e-mail: your password stays as it is."
  return enqueueMail(db, jobQueue, {
    to: input.to,
    kind: 'account.reset_password',
    subject: oneLine(`Choose a new password for ${config.siteName}`),
    text: [
      greeting,
      '',
      why,
      link,
      '',
      `The link works once, for ${PASSWORD_RESET_EXPIRY_MINUTES} minutes.`,
      ignore,
    ].join('\n'),
  })
}

/** After Better Auth set the new password: the address is proved, and an account nobody had proved is taken over. */
export async function passwordWasReset(db: Db, config: ProvedAddressConfig, userId: number) {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ verified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    if (!user) return
    if (!user.verified) {
      await tx.delete(accounts).where(and(eq(accounts.userId, userId), ne(accounts.providerId, 'credential')))
      await tx.delete(apiTokens).where(eq(apiTokens.userId, userId))
    }
    await proveAddress(tx, config, userId)
  })
}

/** A reset link proves the address it went to: once the account holds another one, its open reset links stop working. */
export async function dropPasswordResetLinks(db: Db, userId: number) {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, `${RESET_IDENTIFIER_PREFIX}%`), eq(verifications.value, String(userId))))
}
