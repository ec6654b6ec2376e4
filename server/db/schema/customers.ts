// Company customers (docs/decisions/016-company-customers.md): the companies a vendor company lists as using one of
// its tools. The status is derived on read (Added when the customer lists the tool in a public stack), so only the
// e-mail's history is stored here.
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { companies } from './companies.ts'
import { tools } from './tools.ts'

export const companyCustomers = pgTable(
  'company_customer',
  {
    id: serial('id').primaryKey(),
    /** The company whose customer this is (the tool's vendor). */
    vendorCompanyId: integer('vendor_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    toolId: integer('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    /** The customer's company when it is on the site; null for a name only (or once that company is deleted). */
    customerCompanyId: integer('customer_company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The name as typed, or the company's name when it was added; shown when there is no company. */
    companyName: text('company_name').notNull(),
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    copiedAt: timestamp('copied_at', { withTimezone: true }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // spec §8: one customer per e-mail address per vendor
    uniqueIndex('company_customer_vendor_email_idx').on(table.vendorCompanyId, sql`lower(${table.email})`),
    index('company_customer_tool_idx').on(table.toolId, table.id.desc()),
    index('company_customer_customer_idx').on(table.customerCompanyId),
  ],
)
