// Soft approval (specs/stack-match-and-community.md §4 'Tool approval', §5): the submitter completes the form and
// the tool joins the moderators' queue. Rules: docs/decisions/019-soft-approval-and-moderation.md.
import {
  ALREADY_APPROVED,
  ALREADY_PENDING,
  NAME_TAKEN,
  NOT_YOUR_TOOL,
  type SoftApprovalServiceValues,
} from '#contracts/soft-approval.ts'
import type { Db } from '../../db/client.ts'
import type { SessionUser } from '../../http/auth-guard.ts'
import { conflict, fieldError, forbidden, notFound } from '../../http/errors.ts'
import {
  findSubmission,
  markSubmittedForApproval,
  type SubmissionRow,
  updateSubmissionFields,
} from './soft-approval.queries.ts'
import { findToolIdByName } from './tools.queries.ts'

/** Only the submitter sends their tool; a tool the user may not even see answers 404, like its page. */
export function assertCanSubmitForApproval(user: SessionUser, tool: SubmissionRow | null): asserts tool {
  if (!tool) throw notFound()
  const isPublic = tool.isApproved && !tool.isHidden
  if (tool.submittedById !== user.id) {
    if (isPublic || user.isModerator) throw forbidden(NOT_YOUR_TOOL)
    throw notFound()
  }
  if (tool.isApproved) throw conflict(ALREADY_APPROVED)
  if (tool.submittedForApprovalAt) throw conflict(ALREADY_PENDING)
}

/** Another tool already known by this name (loosely: 'Node.js' and 'nodejs' are one name) cannot be taken. */
export async function assertNameIsFree(db: Db, toolId: number, name: string) {
  const owner = await findToolIdByName(db, name)
  if (owner !== null && owner !== toolId) throw fieldError('name', NAME_TAKEN)
}

export async function submitForApproval(
  db: Db,
  user: SessionUser,
  toolId: number,
  values: SoftApprovalServiceValues,
): Promise<SubmissionRow> {
  return db.transaction(async (tx) => {
    const tool = await findSubmission(tx, toolId)
    assertCanSubmitForApproval(user, tool)
    await assertNameIsFree(tx, tool.id, values.name)
    await updateSubmissionFields(tx, tool, {
      name: values.name,
      title: values.title,
      description: values.description,
      imageUrl: values.image_url,
      twitterUsername: values.twitter_username,
      features: values.features,
    })
    await markSubmittedForApproval(tx, tool.id)
    return (await findSubmission(tx, tool.id))!
  })
}
