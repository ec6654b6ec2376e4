// Following someone, their company or their stack tells them (docs/decisions/010-notifications.md). Tools have no
// owner to tell. Runs inside the follow's transaction.
import type { Db } from '../../db/client.ts'
import type { SessionUser } from '../../http/auth-guard.ts'
import { findCompanyTarget, findStackTarget, listCompanyMemberIds } from '../notifications/notification-targets.ts'
import { notify, notifyEach } from '../notifications/notify.ts'
import type { Followee } from './follows.queries.ts'

export async function notifyFollowed(tx: Db, follower: SessionUser, followee: Followee): Promise<void> {
  const target = { type: followee.type, id: followee.id }
  if (followee.type === 'user') {
    await notify(tx, {
      recipientId: followee.id,
      type: 'follow',
      actorId: follower.id,
      target,
      path: `/${follower.username}`,
      subject: '',
    })
  } else if (followee.type === 'company') {
    const company = await findCompanyTarget(tx, followee.id)
    if (!company) return
    await notifyEach(tx, await listCompanyMemberIds(tx, followee.id), {
      type: 'company_follow',
      actorId: follower.id,
      target,
      path: company.path,
      subject: company.name,
    })
  } else if (followee.type === 'stack') {
    const stack = await findStackTarget(tx, followee.id)
    if (!stack || stack.isPrivate) return
    await notifyEach(tx, stack.ownerIds, {
      type: 'stack_follow',
      actorId: follower.id,
      target,
      path: stack.path,
      subject: stack.name,
    })
  }
}
