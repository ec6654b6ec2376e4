// An up-vote on your pro or con tells you (docs/decisions/010-notifications.md); down-votes do not, and an up-vote
// taken back leaves the notification (decision 038). Runs inside the vote's transaction; up-votes on one reason
// collapse into one notification.
import type { Db } from '../../db/client.ts'
import type { reasons } from '../../db/schema/index.ts'
import { findToolTarget } from '../notifications/notification-targets.ts'
import { forgetNotificationsAbout, notify, withdrawActor } from '../notifications/notify.ts'

type Reason = typeof reasons.$inferSelect

export async function notifyReasonUpvoted(tx: Db, voterId: number, reason: Reason): Promise<void> {
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

export async function withdrawReasonUpvote(tx: Db, voterId: number, reason: Reason): Promise<void> {
  await withdrawActor(tx, { actorId: voterId, types: ['reason_vote'], target: { type: 'reason', id: reason.id } })
}

/** A deleted pro or con: the notifications about it go with it. */
export async function forgetReasonNotifications(tx: Db, reason: Reason): Promise<void> {
  await forgetNotificationsAbout(tx, 'reason', [reason.id])
}
