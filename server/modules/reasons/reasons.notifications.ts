// An up-vote on your pro or con tells you (docs/decisions/010-notifications.md); down-votes and votes taken back
// do not. Runs inside the vote's transaction; up-votes on one reason collapse while unread.
import type { Db } from '../../db/client.ts'
import type { reasons } from '../../db/schema/index.ts'
import { findToolTarget } from '../notifications/notification-targets.ts'
import { notify } from '../notifications/notify.ts'

export async function notifyReasonUpvoted(tx: Db, voterId: number, reason: typeof reasons.$inferSelect): Promise<void> {
  if (reason.userId === null) return // seeded reasons have no author
  const tool = await findToolTarget(tx, reason.toolId)
  if (!tool) return
  await notify(tx, {
    recipientId: reason.userId,
    type: 'reason_vote',
    actorId: voterId,
    target: { type: 'reason', id: reason.id },
    path: tool.path,
    subject: `${reason.isCon ? 'con' : 'pro'} “${reason.text}” on ${tool.name}`,
  })
}
