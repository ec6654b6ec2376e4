// The audit log's one writer (decision 050). Every admin or company-admin action calls recordAudit inside its own
// transaction, so the action and its record are written together or not at all:
//   await recordAudit(tx, audit, { action: 'user.role_changed', subjectType: 'user', subjectId: user.id, ... })
// `audit` is the request's AuditContext (auditContextOf(request), read once the route knows who is asking), or
// SYSTEM_AUDIT for what the operator changed through settings.
import { sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { AuditAction, AuditSubjectType } from '#contracts/audit.ts'
import type { SiteMode } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { findLastRecordedSiteMode, findUsername, insertAuditEvent } from './audit.queries.ts'

/** Who acted: the signed-in user as the auth guard gives it (written out here, so that the audit log, which the
 * account code writes to, depends on no part of signing in). */
export interface AuditActor {
  id: number
  username: string
  email: string
  impersonatedBy: number | null
}

/** Who acted and from where, as the request told it. */
export interface AuditContext {
  /** Null for the system or the operator (settings read at startup). */
  actor: AuditActor | null
  ipAddress: string | null
  userAgent: string | null
}

export const SYSTEM_AUDIT: AuditContext = { actor: null, ipAddress: null, userAgent: null }

/** The longest user agent kept: the header is the client's to write. */
const USER_AGENT_MAX = 500

/** The context of a request: its signed-in user (null when signed out), its client address and user agent. */
export async function auditContextOf(request: FastifyRequest, actor?: AuditActor | null): Promise<AuditContext> {
  const user = actor === undefined ? await request.sessionUser() : actor
  const agent = request.headers['user-agent']
  return {
    actor: user
      ? { id: user.id, username: user.username, email: user.email, impersonatedBy: user.impersonatedBy }
      : null,
    ipAddress: request.ip,
    userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : null,
  }
}

export interface AuditEventInput {
  action: AuditAction
  subjectType: AuditSubjectType
  subjectId: number | string | null
  /** The subject's name now (a username, a company name), kept so the record reads after it changes or goes. */
  subjectLabel: string
  /** What changed ({ before, after }) and whatever else explains the action (a reason, the company of a member). */
  details?: Record<string, unknown>
}

export async function recordAudit(db: Db, context: AuditContext, event: AuditEventInput) {
  const { actor } = context
  const impersonatorId = actor?.impersonatedBy ?? null
  return insertAuditEvent(db, {
    actorId: actor?.id ?? null,
    actorUsername: actor?.username ?? null,
    actorEmail: actor?.email ?? null,
    impersonatorId,
    impersonatorUsername: impersonatorId === null ? null : await findUsername(db, impersonatorId),
    action: event.action,
    subjectType: event.subjectType,
    subjectId: event.subjectId === null ? null : String(event.subjectId),
    subjectLabel: event.subjectLabel,
    details: event.details ?? {},
    ipAddress: context.ipAddress,
    userAgent: context.userAgent,
  })
}

/** For the API tokens feature: a token created by its owner (never the secret, only what names it). */
export async function recordTokenCreated(
  db: Db,
  context: AuditContext,
  token: { id: number | string; name: string; scope: string; expiresAt: Date | null },
) {
  return recordAudit(db, context, {
    action: 'token.created',
    subjectType: 'token',
    subjectId: token.id,
    subjectLabel: token.name,
    details: { after: { name: token.name, scope: token.scope, expires_at: token.expiresAt?.toISOString() ?? null } },
  })
}

/** For the API tokens feature: a token revoked (by its owner, or `owner` names whose it was when someone else). */
export async function recordTokenRevoked(
  db: Db,
  context: AuditContext,
  token: { id: number | string; name: string; ownerId?: number },
) {
  return recordAudit(db, context, {
    action: 'token.revoked',
    subjectType: 'token',
    subjectId: token.id,
    subjectLabel: token.name,
    details: token.ownerId === undefined ? {} : { owner_id: token.ownerId },
  })
}

/** Any constant both instances agree on: the advisory lock that makes one of several starting instances write. */
const SITE_MODE_LOCK = 5_050_017

/**
 * At startup: records site.mode_changed when SITE_MODE differs from the mode last recorded (public when none was:
 * the mode every site had before the setting existed). Several instances starting at once take the same
 * transaction-scoped advisory lock, so the first writes and the others then read its record and write nothing.
 */
export async function recordSiteModeIfChanged(db: Db, mode: SiteMode): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SITE_MODE_LOCK})`)
    const last = (await findLastRecordedSiteMode(tx)) ?? 'public'
    if (last === mode) return false
    await recordAudit(tx, SYSTEM_AUDIT, {
      action: 'site.mode_changed',
      subjectType: 'site',
      subjectId: null,
      subjectLabel: 'SITE_MODE',
      details: { before: { mode: last }, after: { mode } },
    })
    return true
  })
}
