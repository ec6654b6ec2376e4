// Who may own the stack and what that allows (specs/stack-creation-and-editing.md §4 Owner choice, Privacy and
// admin; §6): shared by the wizard and the edit area.
import type { Company } from '#contracts/companies.ts'
import type { StackOwnerChoice, WizardState } from './wizard-state.ts'

/** spec §6: admins, or users in no private-mode company, may create a new company. */
export function canCreateCompany(user: { is_admin: boolean }, companies: Company[]): boolean {
  return user.is_admin || !companies.some((company) => company.private_mode)
}

/** spec §4: admin status of a company is computed from its admins list. */
export function isCompanyAdmin(company: Company, userId: number): boolean {
  return company.admins.some((admin) => admin.id === userId)
}

export interface OwnerPrivacy {
  /** The user administers the owner (always for the personal owner). */
  isAdmin: boolean
  /** spec §6: the private/public choice appears only for an admin of an owner that allows private stacks. */
  showsPrivacyChoice: boolean
}

/**
 * spec §4 and §6: a personal owner allows private stacks when the user connected GitHub; a company when it is in
 * private mode. A new company is never in private mode.
 */
export function ownerPrivacy(
  owner: StackOwnerChoice | null,
  context: { userId: number; companies: Company[]; hasPersonalGithubInstall: boolean },
): OwnerPrivacy {
  if (owner === 'personal') return { isAdmin: true, showsPrivacyChoice: context.hasPersonalGithubInstall }
  if (owner === null || owner === 'newcompany') return { isAdmin: owner === 'newcompany', showsPrivacyChoice: false }
  const company = context.companies.find((candidate) => candidate.id === owner)
  if (!company) return { isAdmin: false, showsPrivacyChoice: false }
  const isAdmin = isCompanyAdmin(company, context.userId)
  return { isAdmin, showsPrivacyChoice: isAdmin && company.private_mode }
}

/** The owner parameter of name_is_available: 'personal' or a company id; a company not created yet has no stacks. */
export function nameCheckOwner(owner: StackOwnerChoice | null): 'personal' | number | null {
  return owner === 'personal' || typeof owner === 'number' ? owner : null
}

/** spec §2: the wizard's title depends on the owner: personal, an existing company, a new company, or generic. */
export function wizardTitle(owner: StackOwnerChoice | null, companies: Company[], newCompanyName: string): string {
  if (owner === 'personal') return 'Create Your Personal Stack'
  if (owner === 'newcompany') return `Create A Stack For ${newCompanyName.trim() || 'Your New Company'}`
  if (typeof owner === 'number') {
    const company = companies.find((candidate) => candidate.id === owner)
    if (company) return `Create A Stack For ${company.name}`
  }
  return 'Create A Stack'
}

/**
 * The session after choosing an owner (spec §4): choosing the personal owner restores its privacy value, an owner
 * without private stacks forces public, a private-mode company keeps the choice.
 */
export function chooseOwner(
  state: WizardState,
  owner: StackOwnerChoice,
  hasPersonalGithubInstall: boolean,
): WizardState {
  const personalPrivate = state.stackOwner === 'personal' ? state.stackInfo.private : state.personalPrivate
  const privacy = ownerPrivacy(owner, {
    userId: state.currentUser?.id ?? 0,
    companies: state.companies,
    hasPersonalGithubInstall,
  })
  const isPrivate = !privacy.showsPrivacyChoice
    ? false
    : owner === 'personal'
      ? personalPrivate
      : state.stackInfo.private
  return { ...state, stackOwner: owner, personalPrivate, stackInfo: { ...state.stackInfo, private: isPrivate } }
}
