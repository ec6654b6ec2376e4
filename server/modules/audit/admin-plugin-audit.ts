// Better Auth's admin plugin writes (POST /api/auth/admin/*: roles, bans, removals, passwords, sessions,
// impersonation) in the audit log, in one place: auth.routes.ts hands every such call here (decision 050).
// Better Auth writes in its own statements, outside any transaction of ours, so the event is written right after its
// answer says the action succeeded; a failure to record is logged as an error (the action has happened).
import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { sessions, users } from '../../db/schema/index.ts'
import { type AuditContext, type AuditEventInput, auditContextOf, recordAudit } from './audit.service.ts'

interface UserSnapshot {
  id: number
  username: string | null
  email: string
  name: string
  role: string
  banned: boolean
  ban_reason: string | null
  ban_expires: string | null
}

async function findUserSnapshot(db: Db, where: { id: number } | { email: string }): Promise<UserSnapshot | null> {
  const [row] = await db
    .select()
    .from(users)
    .where('id' in where ? eq(users.id, where.id) : eq(users.email, where.email))
  if (!row) return null
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    role: row.role,
    banned: Boolean(row.banned),
    ban_reason: row.banReason,
    ban_expires: row.banExpires?.toISOString() ?? null,
  }
}

type Body = Record<string, unknown>
const idOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? Number(value) : Number.NaN)
const pick = (snapshot: UserSnapshot | null, keys: (keyof UserSnapshot)[]) =>
  snapshot ? Object.fromEntries(keys.map((key) => [key, snapshot[key]])) : null

interface AdminPluginAction {
  /** Which user the call is about, read before it runs (the session's user for stop-impersonating). */
  target(db: Db, body: Body, context: AuditContext): Promise<{ id: number } | { email: string } | null>
  /** The event, from the user before and after the call (null: the call changed nothing worth a record). */
  event(before: UserSnapshot | null, after: UserSnapshot | null, body: Body): AuditEventInput | null
}

/** The call's userId when it can be a user's id (an integer column): anything else is Better Auth's to refuse. */
const byUserId = async (_db: Db, body: Body) => {
  const id = idOf(body.userId)
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? { id } : null
}
const label = (user: UserSnapshot) => user.username ?? user.email

/** A change of some of the user's fields: before and after of those fields, or nothing when none changed. */
function userChange(action: AuditEventInput['action'], keys: (keyof UserSnapshot)[]) {
  return (before: UserSnapshot | null, after: UserSnapshot | null): AuditEventInput | null => {
    const subject = after ?? before
    if (!subject) return null
    const was = pick(before, keys)
    const now = pick(after, keys)
    if (JSON.stringify(was) === JSON.stringify(now)) return null
    return {
      action,
      subjectType: 'user',
      subjectId: subject.id,
      subjectLabel: label(subject),
      details: { before: was, after: now },
    }
  }
}

/** A call that is an event whenever it succeeds (its effect is not a field of the user). */
function userEvent(action: AuditEventInput['action'], details: (body: Body) => Record<string, unknown> = () => ({})) {
  return (before: UserSnapshot | null, after: UserSnapshot | null, body: Body): AuditEventInput | null => {
    const subject = after ?? before
    if (!subject) return null
    return { action, subjectType: 'user', subjectId: subject.id, subjectLabel: label(subject), details: details(body) }
  }
}

const ADMIN_PLUGIN_ACTIONS: Record<string, AdminPluginAction> = {
  '/api/auth/admin/set-role': { target: byUserId, event: userChange('user.role_changed', ['role']) },
  '/api/auth/admin/ban-user': {
    target: byUserId,
    event: userChange('user.banned', ['banned', 'ban_reason', 'ban_expires']),
  },
  '/api/auth/admin/unban-user': {
    target: byUserId,
    event: userChange('user.unbanned', ['banned', 'ban_reason', 'ban_expires']),
  },
  '/api/auth/admin/update-user': {
    target: byUserId,
    event: userChange('user.updated', ['username', 'email', 'name', 'role']),
  },
  '/api/auth/admin/create-user': {
    target: async (_db, body) => (typeof body.email === 'string' ? { email: body.email.toLowerCase() } : null),
    event: (_before, after) =>
      after && {
        action: 'user.created',
        subjectType: 'user',
        subjectId: after.id,
        subjectLabel: label(after),
        details: { before: null, after: pick(after, ['username', 'email', 'name', 'role']) },
      },
  },
  '/api/auth/admin/remove-user': {
    target: byUserId,
    event: (before) =>
      before && {
        action: 'user.removed',
        subjectType: 'user',
        subjectId: before.id,
        subjectLabel: label(before),
        details: { before: pick(before, ['username', 'email', 'name', 'role']), after: null },
      },
  },
  // never the password, only that it was set
  '/api/auth/admin/set-user-password': { target: byUserId, event: userEvent('user.password_set') },
  '/api/auth/admin/revoke-user-sessions': { target: byUserId, event: userEvent('user.sessions_revoked') },
  '/api/auth/admin/revoke-user-session': {
    target: async (db, body) => {
      if (typeof body.sessionToken !== 'string') return null
      const [row] = await db
        .select({ userId: sessions.userId })
        .from(sessions)
        .where(eq(sessions.token, body.sessionToken))
      return row ? { id: row.userId } : null
    },
    event: userEvent('user.sessions_revoked', () => ({ sessions: 'one' })),
  },
  '/api/auth/admin/impersonate-user': { target: byUserId, event: userEvent('impersonation.started') },
  // the session's user is the one impersonated, its impersonator the admin who now stops
  '/api/auth/admin/stop-impersonating': {
    target: async (_db, _body, context) => (context.actor ? { id: context.actor.id } : null),
    event: userEvent('impersonation.stopped'),
  },
}

/**
 * Forwards an admin plugin call and, when Better Auth answers that it succeeded, records what it did before the
 * answer leaves (`forward` calls `beforeSend` with Better Auth's status, then sends its answer).
 */
export async function forwardAuditedAdminCall(
  db: Db,
  request: FastifyRequest,
  forward: (beforeSend?: (status: number) => Promise<void>) => Promise<unknown>,
): Promise<unknown> {
  const action = ADMIN_PLUGIN_ACTIONS[request.url.split('?')[0] ?? '']
  if (!action) return forward()
  const body: Body = request.body !== null && typeof request.body === 'object' ? (request.body as Body) : {}
  // who asks, read before the call: impersonating and stopping change the session
  const context = await auditContextOf(request)
  const target = await action.target(db, body, context)
  const before = target ? await findUserSnapshot(db, target) : null
  return forward(async (status) => {
    if (status >= 400 || !target) return
    try {
      const after = await findUserSnapshot(db, target)
      const event = action.event(before, after, body)
      if (event) await recordAudit(db, context, event)
    } catch (error) {
      request.log.error(
        { err: error, url: request.url },
        'an admin action succeeded but its audit event was not written',
      )
    }
  })
}
