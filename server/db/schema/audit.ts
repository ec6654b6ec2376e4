// The audit log (docs/decisions/050-audit-log.md): every admin and company-admin action, with who (as they were
// called then), what, when and from where. Append-only: a trigger refuses UPDATE and DELETE (the migration's last
// block), and no foreign key points out of it, so deleting an account, a company or a comment never touches it.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

export const auditEvents = pgTable(
  'audit_event',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The account that acted (the impersonated one when an admin acts as someone); null for the system/operator.
     * No foreign key: the id stays after the account is deleted (ids are never reused), beside the copied names. */
    actorId: integer('actor_id'),
    /** The actor's username and e-mail when it happened, so the record reads the same after a rename or deletion. */
    actorUsername: text('actor_username'),
    actorEmail: text('actor_email'),
    /** The admin who really acted, when the actor's session was an impersonation (Better Auth's admin plugin). */
    impersonatorId: integer('impersonator_id'),
    impersonatorUsername: text('impersonator_username'),
    /** A dotted name: user.role_changed, company.member_removed, impersonation.started, site.mode_changed, ... */
    action: text('action').notNull(),
    /** user | company | company_member | tool | comment | session | token | site */
    subjectType: text('subject_type').notNull(),
    /** Text, so any kind of subject fits; no foreign key (the subject may be gone). */
    subjectId: text('subject_id'),
    /** The subject's name when it happened (username, company name, tool name, comment excerpt). */
    subjectLabel: text('subject_label').notNull(),
    /** What changed ({ before, after }) and anything else the action says (a reason, a company id). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    /** The client address Fastify resolved (TRUSTED_PROXIES, decision 035); null for the system. */
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('audit_event_at_idx').on(table.at.desc()),
    index('audit_event_action_idx').on(table.action, table.id.desc()),
    index('audit_event_actor_idx').on(table.actorUsername, table.id.desc()),
    index('audit_event_subject_idx').on(table.subjectType, table.subjectId, table.id.desc()),
  ],
)
