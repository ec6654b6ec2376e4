// Account and company deletion (specs/onboarding-customers-teams-notifications.md §2 'Deletion', §4, §7): the
// confirmation dialogs type the username or the company name exactly; docs/decisions/017-deletion.md says what goes.
import { z } from 'zod'
import { Id } from './stacks.ts'

export const CONFIRMATION_MAX = 200

const Confirmation = z.string("can't be blank").max(CONFIRMATION_MAX, 'is invalid')

/** POST /users/delete */
export const DeleteAccountBody = z.object({ confirmation: Confirmation })
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>

/** POST /companies/delete */
export const DeleteCompanyBody = z.object({ companyId: Id, confirmation: Confirmation })
export type DeleteCompanyBody = z.input<typeof DeleteCompanyBody>

export const DeletedResponse = z.object({ ok: z.literal(true), redirect_to: z.literal('/') })
export type DeletedResponse = z.infer<typeof DeletedResponse>

export const CompanyRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() })
export type CompanyRef = z.infer<typeof CompanyRef>

/** GET /api/v1/users/deletion: what deleting the account would do, for the dialog to say before anyone types. */
export const AccountDeletionPreview = z.object({
  username: z.string(),
  /** Companies where the user is the only admin and others are members: deletion is refused until they hand over. */
  blocking_companies: z.array(CompanyRef),
  /** Companies where the user is the only member: they are deleted with the account. */
  deleted_companies: z.array(CompanyRef),
  stacks_count: z.number().int(),
})
export type AccountDeletionPreview = z.infer<typeof AccountDeletionPreview>

export const USERNAME_MISMATCH = "doesn't match your username"
export const COMPANY_NAME_MISMATCH = "doesn't match the company name"
export const IMPERSONATED_DELETE_ACCOUNT = 'Impersonated users are not allowed to delete the account'
export const IMPERSONATED_DELETE_COMPANY = 'Impersonated users are not allowed to delete company'
export const ONLY_ADMINS_DELETE_COMPANY = 'Only company admins can delete this company.'

/** The refusal while the user is the last admin of a team (echoes spec §8's leave-team message). */
export function lastAdminMessage(companyNames: string[]): string {
  const names =
    companyNames.length <= 1
      ? (companyNames[0] ?? '')
      : `${companyNames.slice(0, -1).join(', ')} and ${companyNames.at(-1)}`
  return `Sorry - Before you can delete your account, you need to make someone else an admin of ${names}.`
}
