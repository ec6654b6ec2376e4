// Creating and editing companies. A company's slug is an owner handle, shared with user names
// (server/auth/handles.ts), taken once at creation and kept across renames (docs/decisions/008-stacks-and-owners.md).

import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { CompanyForm } from '#contracts/companies.ts'
import { slugify, USERNAME_MAX } from '#contracts/owners.ts'
import { isHandleAvailable } from '../../auth/handles.ts'
import type { Db } from '../../db/client.ts'
import { companies, companyMembers, ownerHandles } from '../../db/schema/index.ts'
import { fieldError } from '../../http/errors.ts'
import type { JobQueue } from '../../queue/job-queue.ts'
import { refreshCompanyJobsSearch } from '../jobs/jobs.queries.ts'
import { uniqueViolation } from '../stacks/unique-violation.ts'
import { lockCompany } from '../teams/teams.queries.ts'
import { type CompanyRow, findCompanyByName } from './companies.queries.ts'
import {
  shouldRestartVerification,
  startCompanyVerification,
  type VerificationConfig,
} from './company-verification.service.ts'

type CompanyFields = z.output<typeof CompanyForm>

/** One-segment API paths under /api/v1/companies/ that a company slug must never shadow. */
const COMPANY_ROUTE_WORDS = new Set([
  'index',
  'create',
  'update',
  'exists',
  'search',
  'delete',
  'verify',
  'verification',
])

export const COMPANY_NAME_TAKEN = 'has already been taken'

export async function createCompany(
  db: Db,
  jobQueue: JobQueue,
  config: VerificationConfig,
  creatorId: number,
  fields: CompanyFields,
): Promise<CompanyRow> {
  if (await findCompanyByName(db, fields.name)) throw fieldError('name', COMPANY_NAME_TAKEN)
  // Another request may take the name or the handle between the check and the insert: retry the handle, and
  // answer the name collision as the check would have.
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const slug = await findFreeCompanySlug(tx, fields.name)
        const [company] = await tx
          .insert(companies)
          .values({ slug, createdById: creatorId, ...columnsOf(fields) })
          .returning()
        await tx.insert(ownerHandles).values({ slug, companyId: company!.id })
        // spec: the creator becomes the company's admin
        await tx.insert(companyMembers).values({ companyId: company!.id, userId: creatorId, role: 'admin' })
        // spec §5: a link to the contact address when it is at the website's domain, else the admins' queue
        return (await startCompanyVerification(tx, jobQueue, config, company!)).company
      })
    } catch (error) {
      const violation = uniqueViolation(error)
      if (violation?.constraint === 'company_lower_name_idx') throw fieldError('name', COMPANY_NAME_TAKEN)
      if (violation && attempt < 3) continue
      throw error
    }
  }
}

/**
 * `private_mode` is the admins' switch (decision 025); missing leaves it as it is. An edit that changes who the
 * company says it is starts its verification again in the same transaction (decision 031), with `verification`
 * (the app's config) for its e-mail.
 */
export async function updateCompany(
  db: Db,
  company: CompanyRow,
  fields: CompanyFields & { private_mode?: boolean },
  verification: VerificationConfig,
  jobQueue: JobQueue,
): Promise<CompanyRow> {
  const sameName = await findCompanyByName(db, fields.name)
  if (sameName && sameName.id !== company.id) throw fieldError('name', COMPANY_NAME_TAKEN)
  try {
    return await db.transaction(async (tx) => {
      const before = (await lockCompany(tx, company.id)) ?? company
      const [updated] = await tx
        .update(companies)
        .set({
          ...columnsOf(fields),
          ...(fields.private_mode === undefined ? {} : { privateMode: fields.private_mode }),
          updatedAt: new Date(),
        })
        .where(eq(companies.id, company.id))
        .returning()
      // the jobs' search documents hold the company's name and tags (jobs.queries.ts)
      await refreshCompanyJobsSearch(tx, company.id)
      if (shouldRestartVerification(before, updated!)) {
        return (await startCompanyVerification(tx, jobQueue, verification, updated!)).company
      }
      return updated!
    })
  } catch (error) {
    if (uniqueViolation(error)?.constraint === 'company_lower_name_idx') throw fieldError('name', COMPANY_NAME_TAKEN)
    throw error
  }
}

function columnsOf(fields: CompanyFields) {
  return {
    name: fields.name,
    websiteUrl: fields.website_url,
    description: fields.description,
    emailAddress: fields.email_address,
    angellistUrl: fields.angellist_url,
    twitterUsername: fields.twitter_username,
    imageUrl: fields.image_url,
    // missing: unchanged (decision 039)
    ...(fields.tag_list === undefined ? {} : { tagList: fields.tag_list }),
  }
}

async function findFreeCompanySlug(db: Db, name: string): Promise<string> {
  let base = slugify(name).slice(0, USERNAME_MAX - 4) || 'company'
  if (base.length < 3) base = `${base}-company`
  for (let suffix = 1; suffix < 1000; suffix++) {
    const candidate = suffix === 1 ? base : `${base}-${suffix}`
    if (!COMPANY_ROUTE_WORDS.has(candidate) && (await isHandleAvailable(db, candidate))) return candidate
  }
  return `${base}-${Date.now().toString(36)}`
}
