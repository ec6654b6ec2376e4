// A company's Tech Radar (docs/decisions/064-company-tech-radar.md): every ring move an admin made, the history shown
// per tool. A tool's ring is its newest move's `to_ring`, else the default from its use (contracts/radar.ts), so the
// ring and its history cannot disagree. The moves stay while the tool leaves the company's stacks and apply again if
// it comes back; they go with the company or the tool.
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { companies } from './companies.ts'
import { tools } from './tools.ts'

export const radarMoves = pgTable(
  'radar_move',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    toolId: integer('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    /** adopt | trial | assess | hold (contracts/radar.ts RadarRing). */
    fromRing: text('from_ring').notNull(),
    toRing: text('to_ring').notNull(),
    reason: text('reason').notNull(),
    /** Null once the admin's account is deleted: the page then names nobody (the audit log keeps the name). */
    movedById: integer('moved_by_id').references(() => users.id, { onDelete: 'set null' }),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('radar_move_company_tool_idx').on(table.companyId, table.toolId, table.id.desc()),
    index('radar_move_moved_by_idx').on(table.movedById),
    check('radar_move_rings', sql`${table.fromRing} <> ${table.toRing}`),
  ],
)
