// Every field of an audit event that leaves the server (the page and the JSON lines export).
import type { AuditEvent } from '#contracts/audit.ts'
import type { AuditEventRow } from './audit.queries.ts'

export function presentAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor:
      row.actorId === null && row.actorUsername === null
        ? null
        : { id: row.actorId, username: row.actorUsername, email: row.actorEmail },
    impersonator: row.impersonatorId === null ? null : { id: row.impersonatorId, username: row.impersonatorUsername },
    action: row.action,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    subject_label: row.subjectLabel,
    details: row.details,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
  }
}
