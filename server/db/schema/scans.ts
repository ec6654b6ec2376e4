// Scans of a website or repository URL (the create-stack wizard's first step). Kept in the database so any
// instance can answer a poll, a running scan is joined rather than started twice, and a recent result is reused.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { ScannedTool, ScanStage, ScanState } from '#contracts/scan.ts'
import { users } from './auth.ts'

/** A scanned tool as stored: results from before issue 19's second round carry no package_ecosystem. */
export type StoredScanTool = Omit<ScannedTool, 'package_ecosystem'> & { package_ecosystem?: string | null }

export const scans = pgTable(
  'scan',
  {
    id: serial('id').primaryKey(),
    /** What scans of the same thing share: 'web:example.com', 'git:github.com/owner/repo#branch'. */
    targetKey: text('target_key').notNull(),
    /** The URL as scanned. */
    url: text('url').notNull(),
    kind: text('kind', { enum: ['website', 'repository', 'folder'] }).notNull(),
    state: text('state').$type<ScanState>().notNull().default('scanning'),
    stage: text('stage').$type<ScanStage>().notNull().default('queued'),
    // results stored before issue 19's second round carry no package_ecosystem (the presenter answers null)
    tools: jsonb('tools').$type<StoredScanTool[]>().notNull().default([]),
    error: text('error'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Which server instance runs it; a scan whose runner stopped answering is abandoned (scan.service.ts). */
    runner: text('runner'),
    durationMs: integer('duration_ms'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Touched at each stage: a scanning row not touched for a while has lost its runner. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('scan_target_key_idx').on(table.targetKey, table.startedAt.desc()),
    index('scan_user_started_idx').on(table.userId, table.startedAt.desc()),
  ],
)
