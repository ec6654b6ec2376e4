// "A tool you follow is added to a stack you follow" (issue 5, docs/decisions/010-notifications.md): runs inside
// the transaction that adds tools to a public stack and tells each follower of the stack who follows any of them.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { follows, tools } from '../../db/schema/index.ts'
import { findStackTarget } from '../notifications/notification-targets.ts'
import { notify } from '../notifications/notify.ts'

export async function notifyToolsAdded(tx: Db, actorId: number, stackId: number, toolIds: number[]): Promise<void> {
  if (toolIds.length === 0) return
  const stackFollows = sql.raw('"stack_follow"')
  const rows = await tx
    .select({
      userId: follows.userId,
      toolIds: sql<number[]>`array_agg(${follows.followeeId} order by ${follows.followeeId})`,
    })
    .from(follows)
    .where(
      and(
        eq(follows.followeeType, 'tool'),
        inArray(follows.followeeId, toolIds),
        sql`exists (select 1 from ${follows} as ${stackFollows} where ${stackFollows}.user_id = ${follows.userId}
          and ${stackFollows}.followee_type = 'stack' and ${stackFollows}.followee_id = ${stackId})`,
      ),
    )
    .groupBy(follows.userId)
  if (rows.length === 0) return
  const stack = await findStackTarget(tx, stackId)
  if (!stack || stack.isPrivate) return
  const names = new Map(
    (await tx.select({ id: tools.id, name: tools.name }).from(tools).where(inArray(tools.id, toolIds))).map((tool) => [
      tool.id,
      tool.name,
    ]),
  )
  for (const row of rows) {
    // keep the order the tools were added in
    const followed = toolIds.filter((id) => row.toolIds.map(Number).includes(id)).map((id) => names.get(id) ?? '')
    await notify(tx, {
      recipientId: row.userId,
      type: 'stack_tool_added',
      actorId,
      target: { type: 'stack', id: stackId },
      path: stack.path,
      subject: `${listNames(followed)} to ${stack.name}`,
    })
  }
}

/** 'React', 'React and Vue', 'React, Vue and 3 more'. */
export function listNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  if (names.length === 2) return `${names[0]} and ${names[1]}`
  return `${names[0]}, ${names[1]} and ${names.length - 2} more`
}
