// Who may see, edit and own stacks (specs/stack-creation-and-editing.md §6, docs/decisions/008-stacks-and-owners.md):
// a personal stack belongs to its user; a company stack is edited by the company's admins; a private stack is seen
// only by its owner's members (the user, or anyone in the company).
import type { Db } from '../../db/client.ts'
import type { SessionUser } from '../../http/auth-guard.ts'
import { forbidden, notFound } from '../../http/errors.ts'
import { findCompanyRole } from '../companies/companies.queries.ts'
import { hasGithubAccount } from '../users/users.queries.ts'
import { findOwner, type OwnerRecord } from './stacks.queries.ts'

export interface StackAccess {
  canView: boolean
  canEdit: boolean
}

export async function loadStackAccess(
  db: Db,
  viewer: Pick<SessionUser, 'id'> | null,
  owner: Pick<OwnerRecord, 'type' | 'id'>,
  stack: { isPrivate: boolean },
): Promise<StackAccess> {
  if (owner.type === 'User') {
    const isOwner = viewer?.id === owner.id
    return { canView: !stack.isPrivate || isOwner, canEdit: isOwner }
  }
  const role = viewer ? await findCompanyRole(db, owner.id, viewer.id) : null
  return { canView: !stack.isPrivate || role !== null, canEdit: role === 'admin' }
}

export const NOT_STACK_EDITOR = 'Only the owner of this stack can edit it.'
export const NOT_COMPANY_ADMIN_FOR_STACKS = 'Only company admins can add stacks to this company.'
export const NOT_YOUR_PERSONAL_OWNER = 'You can only add personal stacks for yourself.'

/** A stack the viewer cannot see does not exist for them (404, not 403, so private names do not leak). */
export function assertCanView(access: StackAccess) {
  if (!access.canView) throw notFound()
}

export function assertCanEdit(access: StackAccess) {
  assertCanView(access)
  if (!access.canEdit) throw forbidden(NOT_STACK_EDITOR)
}

/** The owner a user picked for a new or moved stack: themselves, or a company they administer. */
export async function loadOwnerForStacks(
  db: Db,
  user: Pick<SessionUser, 'id'>,
  input: { type: 'User' | 'Company'; id: number },
): Promise<OwnerRecord> {
  if (input.type === 'User' && input.id !== user.id) throw forbidden(NOT_YOUR_PERSONAL_OWNER)
  const owner = await findOwner(db, input)
  if (!owner) throw notFound()
  if (owner.type === 'Company' && (await findCompanyRole(db, owner.id, user.id)) !== 'admin') {
    throw forbidden(NOT_COMPANY_ADMIN_FOR_STACKS)
  }
  return owner
}

/** spec §6: private stacks belong to private-mode companies and to users who connected GitHub. */
export async function ownerAllowsPrivate(db: Db, owner: Pick<OwnerRecord, 'type' | 'id' | 'privateMode'>) {
  return owner.type === 'Company' ? owner.privateMode : hasGithubAccount(db, owner.id)
}

export const PRIVATE_NOT_ALLOWED =
  'is only available for private-mode companies and for personal stacks of users who connected GitHub'
