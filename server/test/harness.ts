// One fresh, migrated database and app per test file: a copy of the PGlite template (default) or a PostgreSQL
// database cloned from the template when TEST_DATABASE_URL is set (templates: server/test/global-setup.ts).
// Tests use app.inject(), never a port.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { type App, buildApp } from '../app.ts'
import { type AppConfig, OPEN_SITE } from '../config.ts'
import { type Database, openPglite, openPostgres } from '../db/client.ts'
import { withDatabase } from './paths.ts'

export const TEST_ORIGIN = 'http://localhost:3000'

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    siteName: 'Stackatlas',
    baseUrl: TEST_ORIGIN,
    authSecret: 'test-secret-test-secret-test-secret-0123456789',
    trustedOrigins: [TEST_ORIGIN],
    trustedProxies: [],
    mailFrom: 'Stackatlas <no-reply@stackatlas.test>',
    scanAllowPrivateNetworks: true,
    codeHostAllowPrivateNetworks: true,
    rateLimitEnabled: false,
    uploadDir: fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-uploads-')),
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-data-')),
    isProduction: false,
    logLevel: 'silent',
    ...OPEN_SITE,
    ...overrides,
  }
}

export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    const dump = new Blob([fs.readFileSync(inject('templateDump'))])
    return openPglite({ loadDataDir: dump })
  }
  const name = `stackatlas_test_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`)
  await admin.end()
  const database = await openPostgres(withDatabase(url, name), { max: 5 })
  return {
    ...database,
    close: async () => {
      await database.close()
      const dropper = new pg.Client({ connectionString: url })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await dropper.end()
    },
  }
}

export interface TestContext {
  app: App
  database: Database
  close(): Promise<void>
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: Pick<Parameters<typeof buildApp>[0], 'createCodeHostClient'> = {},
): Promise<TestContext> {
  const database = await openTestDatabase()
  const app = await buildApp({ database, config: testConfig(overrides), logger: false, ...options })
  await app.ready()
  return {
    app,
    database,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}
