// The create-stack session (specs/stack-creation-and-editing.md §3 "Create-stack session state"): what the wizard
// has gathered so far, saved in localStorage under the user id so a reload or a sign-in loses nothing.
import { type Company, CompanyForm } from '#contracts/companies.ts'
import type { StackService } from '#contracts/stacks.ts'
import type { CurrentUser } from '#contracts/users.ts'
import { type CompanyFormDraft, toCompanyInput } from '../../../components/company-form/company-draft.ts'

/** spec §4 Owner choice: 'personal', a company id, or 'newcompany'. */
export type StackOwnerChoice = 'personal' | 'newcompany' | number

/** A tool in the builder (spec §3 Tool/service); `required` is saved with the stack, `just_added` is the builder's own. */
export type BuilderTool = StackService

export interface StackInfoDraft {
  name: string
  description: string
  website_url: string
  private: boolean
  image_url: string | null
}

/** spec §3 Company (new): id null for an existing owner, 0 while being created, the new id once created. */
export interface NewCompanyDraft extends CompanyFormDraft {
  id: number | null
  type: 'Company'
}

export interface WizardUser {
  id: number
  username: string
  name: string
  image_url: string | null
  is_admin: boolean
  impersonated: boolean
  has_personal_github_install: boolean
}

export interface WizardState {
  /** The last scan whose tools were taken into the stack. */
  scanned: { url: string; slugs: string[] } | null
  selectedTools: BuilderTool[]
  companies: Company[]
  stackOwner: StackOwnerChoice | null
  stackInfo: StackInfoDraft
  newCompany: NewCompanyDraft
  currentUser: WizardUser | null
  /** spec §4: choosing the personal owner again restores the stack's personal privacy value. */
  personalPrivate: boolean
}

export const emptyStackInfo = (): StackInfoDraft => ({
  name: '',
  description: '',
  website_url: '',
  private: false,
  image_url: null,
})

export const emptyNewCompany = (): NewCompanyDraft => ({
  id: null,
  type: 'Company',
  name: '',
  website_url: '',
  description: '',
  angellist_url: '',
  email_address: '',
  twitter_username: '',
  image_url: null,
})

export const emptyWizard = (): WizardState => ({
  scanned: null,
  selectedTools: [],
  companies: [],
  stackOwner: null,
  stackInfo: emptyStackInfo(),
  newCompany: emptyNewCompany(),
  currentUser: null,
  personalPrivate: false,
})

const STORAGE_PREFIX = 'stackatlas:create-stack:'
/** Before sign-in the session is kept here, and carried over to the user who signs in. */
export const ANONYMOUS_KEY = 'anonymous'

export function loadWizard(key: string): WizardState {
  try {
    const text = localStorage.getItem(STORAGE_PREFIX + key)
    if (!text) return emptyWizard()
    const stored = JSON.parse(text) as Partial<WizardState>
    // Fields added later get their defaults; a damaged entry falls back to an empty session below.
    return {
      ...emptyWizard(),
      ...stored,
      stackInfo: { ...emptyStackInfo(), ...stored.stackInfo },
      newCompany: { ...emptyNewCompany(), ...stored.newCompany },
    }
  } catch {
    return emptyWizard()
  }
}

export function saveWizard(key: string, state: WizardState) {
  try {
    localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(state))
  } catch {
    // Storage full or disabled: the wizard still works, it just forgets on reload.
  }
}

export function clearWizard(key: string) {
  try {
    localStorage.removeItem(STORAGE_PREFIX + key)
  } catch {}
}

/** Whether anything worth keeping was entered. */
export function hasProgress(state: WizardState): boolean {
  return (
    state.scanned !== null ||
    state.selectedTools.length > 0 ||
    state.stackOwner !== null ||
    state.stackInfo.name.trim() !== '' ||
    state.stackInfo.website_url.trim() !== ''
  )
}

/** The session of the user who is now signed in; what a visitor gathered before signing in comes along. */
export function loadWizardForUser(key: string, previous: { key: string | null; state: WizardState }): WizardState {
  const stored = loadWizard(key)
  if (previous.key === ANONYMOUS_KEY && key !== ANONYMOUS_KEY && hasProgress(previous.state) && !hasProgress(stored)) {
    clearWizard(ANONYMOUS_KEY)
    return { ...previous.state, currentUser: null }
  }
  return stored
}

export function toWizardUser(user: CurrentUser): WizardUser {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    image_url: user.image_url,
    is_admin: user.is_admin,
    impersonated: user.impersonated,
    has_personal_github_install: user.has_personal_github_install,
  }
}

/** Adds tools not yet chosen, keeping the order: what was chosen first stays first. */
export function mergeTools(current: BuilderTool[], added: BuilderTool[]): BuilderTool[] {
  const ids = new Set(current.map((tool) => tool.id))
  return [...current, ...added.filter((tool) => !ids.has(tool.id) && ids.add(tool.id))]
}

/** A catalog tool as the builder holds it; required starts off (spec §4: toggled in the builder). */
export function toBuilderTool(tool: Omit<BuilderTool, 'required'> & { required?: boolean }): BuilderTool {
  return {
    id: tool.id,
    name: tool.name,
    slug: tool.slug,
    image_url: tool.image_url,
    canonical_url: tool.canonical_url,
    is_approved: tool.is_approved,
    is_package: tool.is_package,
    just_added: tool.just_added,
    hidden: tool.hidden,
    required: tool.required ?? false,
  }
}

/** The ids of the tools marked required, sent as required_services beside the spec's services ids. */
export function requiredServiceIds(tools: BuilderTool[]): number[] {
  return tools.filter((tool) => tool.required).map((tool) => tool.id)
}

/** spec §4: with packages hidden, tools flagged is_package are not shown unless just added. */
export function isShownInBuilder(tool: BuilderTool, showPackages: boolean): boolean {
  return showPackages || !tool.is_package || tool.just_added
}

/**
 * Whether the new company was submitted on its step (id 0 or, once created, its id) and still passes every rule.
 * The owner becomes 'newcompany' on the tile click, before the form is filled (spec §3: id null until then).
 */
export function isNewCompanyReady(draft: NewCompanyDraft): boolean {
  return draft.id !== null && CompanyForm.safeParse(toCompanyInput(draft)).success
}

/** spec §2 guards, our wording: stack-info and tool-details with a new company that was not completed. */
export const NEEDS_COMPANY_MESSAGE = 'Tell us about your new company before you go on.'
/** Save Stack without an owner goes back to stack-type with this (the spec's 'needs a name' sentence, for the owner). */
export const NEEDS_OWNER_MESSAGE = 'Your stack needs an owner before submitting. Choose who owns it.'

/** Navigation state of a guard that sends the user to a step with a message (spec §2 guards). */
export interface StepNotice {
  error?: string
}
