// Company verification's SQL (docs/decisions/031-company-verification.md): the admins' queue and the writes that move
// a company between its states. Callers hold the company row's lock (lockCompany) when they write.
import { and, count, desc, eq, isNull, not, type SQL } from 'drizzle-orm'
import { COMPANY_VERIFICATIONS_PER_PAGE } from '#contracts/company-verification.ts'
import type { Db } from '../../db/client.ts'
import { companies, users } from '../../db/schema/index.ts'
import type { CompanyRow } from './companies.queries.ts'

/** Waiting for a site admin: the partial index company_verification_queue_idx holds exactly these rows. */
const awaitingReview: SQL = and(
  not(companies.verified),
  eq(companies.verificationMethod, 'review'),
  isNull(companies.verificationDeclinedAt),
)!

/** Newest first (by when each entered the queue), with who created it. */
export async function listCompaniesAwaitingReview(db: Db, { page }: { page: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        company: companies,
        creator: { id: users.id, username: users.username, name: users.name },
      })
      .from(companies)
      .leftJoin(users, eq(users.id, companies.createdById))
      .where(awaitingReview)
      .orderBy(desc(companies.verificationRequestedAt), desc(companies.id))
      .limit(COMPANY_VERIFICATIONS_PER_PAGE)
      .offset((page - 1) * COMPANY_VERIFICATIONS_PER_PAGE),
    db.select({ value: count() }).from(companies).where(awaitingReview),
  ])
  return { rows, total: total?.value ?? 0 }
}
export type AwaitingReviewRow = Awaited<ReturnType<typeof listCompaniesAwaitingReview>>['rows'][number]

type VerificationColumns = Pick<
  typeof companies.$inferInsert,
  | 'verified'
  | 'verificationMethod'
  | 'verificationRequestedAt'
  | 'verificationNonce'
  | 'verificationSentAt'
  | 'verifiedAt'
  | 'verifiedById'
  | 'verificationDeclinedAt'
  | 'verificationDeclinedById'
>

export async function setCompanyVerification(tx: Db, companyId: number, values: VerificationColumns) {
  const [row] = await tx
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning()
  return row as CompanyRow
}
