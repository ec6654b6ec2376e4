// The audit log (docs/decisions/050-audit-log.md): admin and company-admin actions, read and filtered by site admins
// at /admin/audit and exported as JSON lines.
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'

export const AUDIT_PAGE_SIZE = 50

/** Every action the log records, by area; the server writes only these names. */
export const AUDIT_ACTIONS = [
  'user.role_changed',
  'user.banned',
  'user.unbanned',
  'user.created',
  'user.updated',
  'user.password_set',
  'user.sessions_revoked',
  'user.removed',
  'user.deleted',
  'company.verified',
  'company.verification_declined',
  'company.member_role_changed',
  'company.member_removed',
  'company.member_left',
  'company.deleted',
  'company.radar_tool_moved',
  'company.code_host_connected',
  'company.code_host_replaced',
  'company.code_host_removed',
  'company.code_host_sync_started',
  'tool.approved',
  'tool.rejected',
  'tool.edited',
  'comment.restored',
  'comment.removed',
  'impersonation.started',
  'impersonation.stopped',
  'token.created',
  'token.revoked',
  'invitation.sent',
  'invitation.revoked',
  'site.mode_changed',
] as const
export const AuditAction = z.enum(AUDIT_ACTIONS, { message: 'is not an action of the audit log' })
export type AuditAction = z.infer<typeof AuditAction>

export const AUDIT_SUBJECT_TYPES = [
  'user',
  'company',
  'company_member',
  'tool',
  'comment',
  'token',
  'invitation',
  'site',
] as const
export const AuditSubjectType = z.enum(AUDIT_SUBJECT_TYPES, { message: 'is not a kind of subject of the audit log' })
export type AuditSubjectType = z.infer<typeof AuditSubjectType>

/** A form's empty field ('?actor=') means no filter. */
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value)
const Day = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' })

export const AuditQuery = z
  .object({
    /** The actor's username as recorded (a leading @ is ignored). */
    actor: z.preprocess(
      blankAsMissing,
      z
        .string()
        .trim()
        .max(100, 'is too long (maximum is 100 characters)')
        .transform((value) => value.replace(/^@/, '').toLowerCase())
        .optional(),
    ),
    action: z.preprocess(blankAsMissing, AuditAction.optional()),
    subject_type: z.preprocess(blankAsMissing, AuditSubjectType.optional()),
    /** First day included (UTC). */
    from: z.preprocess(blankAsMissing, Day.optional()),
    /** Last day included (UTC). */
    to: z.preprocess(blankAsMissing, Day.optional()),
    /** The next_cursor of the previous page: events older than it. */
    cursor: z.preprocess(blankAsMissing, z.coerce.number().int().positive().max(2_147_483_647).optional()),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'must not be before the first day',
  })
export type AuditQuery = z.input<typeof AuditQuery>
export type AuditFilter = Omit<z.output<typeof AuditQuery>, 'cursor'>

export const AuditPerson = z.object({
  id: z.number().int().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
})
export type AuditPerson = z.infer<typeof AuditPerson>

export const AuditEvent = z
  .object({
    id: z.number().int(),
    at: z.string(),
    /** Null: the system or the operator (a setting changed at startup). */
    actor: AuditPerson.nullable(),
    /** The admin who really acted, when the actor's session was an impersonation. */
    impersonator: z.object({ id: z.number().int().nullable(), username: z.string().nullable() }).nullable(),
    action: z.string(),
    subject_type: z.string(),
    subject_id: z.string().nullable(),
    subject_label: z.string(),
    details: z.record(z.string(), z.unknown()),
    ip_address: z.string().nullable(),
    user_agent: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'AuditEvent' })
export type AuditEvent = z.infer<typeof AuditEvent>

export const AuditPageResponse = z.object({
  events: z.array(AuditEvent),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.number().int().nullable(),
})
export type AuditPageResponse = z.infer<typeof AuditPageResponse>

/** The export's file name: audit-<first day or 'start'>-to-<last day or today>.jsonl. */
export function auditExportFilename(filter: { from?: string; to?: string }, today: string): string {
  return `audit-${filter.from ?? 'start'}-to-${filter.to ?? today}.jsonl`
}
