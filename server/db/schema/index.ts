// The whole schema, for drizzle's relational queries and drizzle-kit. Add a file per aggregate and list it here.
export * from './analytics.ts'
export * from './auth.ts'
export * from './community.ts'
export * from './companies.ts'
export * from './jobs.ts'
export * from './scans.ts'
export * from './stacks.ts'
export * from './tools.ts'
