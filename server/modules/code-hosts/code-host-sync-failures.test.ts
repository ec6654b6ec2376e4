// A sync whose listing fails in a way nobody expected (security report F-11: `new Request` throwing a TypeError that
// names the address with its password): the run ends with a generic error, and neither the log nor the error the job
// queue stores holds the password.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../app.ts'
import type { Database } from '../../db/client.ts'
import { codeHostConnections } from '../../db/schema/index.ts'
import { buildCompany, buildUser } from '../../test/factories.ts'
import { openTestDatabase, testConfig } from '../../test/harness.ts'
import { captureLog } from '../../test/log-capture.ts'
import type { CodeHostClient } from './code-host.ts'
import { redactedError, withoutUrlCredentials } from './code-host-http.ts'
import { SYNC_FAILED_MESSAGE } from './code-host-sync.ts'

const PASSWORD = 'secretpw-f11'
const { stream: logStream, lines: logged } = captureLog()
let database: Database
let app: App
beforeAll(async () => {
  database = await openTestDatabase()
  const failingClient: CodeHostClient = {
    // what `new Request` threw for an address with credentials, before the check that now comes first
    listRepositories: () => ({
      [Symbol.asyncIterator]: () => ({
        next: () =>
          Promise.reject(
            new TypeError(
              `Request cannot be constructed from a URL that includes credentials: http://user:${PASSWORD}@gitlab.acme.test/api/v4/groups/acme/projects`,
            ),
          ),
      }),
    }),
    cloneHeaders: async () => ({}),
  }
  app = await buildApp({
    database,
    config: testConfig({ logLevel: 'error' }),
    logStream,
    createCodeHostClient: () => failingClient,
  })
  await app.ready()
}, 60_000)
afterAll(async () => {
  await app?.close()
  await database?.close()
})

describe('a sync whose listing fails unexpectedly', () => {
  it('ends the run with a generic error and logs and stores no password', async () => {
    const admin = await buildUser(app)
    const company = await buildCompany(app.db, { members: [{ userId: admin.id, role: 'admin' }] })
    const path = `/api/v1/companies/${company.slug}/code-host`
    const connect = await admin.client.put(path, { kind: 'github', owner: 'acme', auth: { type: 'token', token: 't' } })
    expect(connect.status).toBe(200)
    expect((await admin.client.post(`${path}/sync`)).status).toBe(202)
    let connection: typeof codeHostConnections.$inferSelect | undefined
    for (let tries = 0; tries < 300; tries++) {
      ;[connection] = await app.db
        .select()
        .from(codeHostConnections)
        .where(eq(codeHostConnections.companyId, company.id))
      if (connection?.lastSyncFinishedAt) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(connection).toMatchObject({ lastSyncError: SYNC_FAILED_MESSAGE })
    expect(connection?.lastSyncFinishedAt).toBeInstanceOf(Date)
    // the failure was logged, without the password
    await new Promise((resolve) => setTimeout(resolve, 200))
    const log = JSON.stringify(logged)
    expect(log).toContain('code-host listing failed')
    expect(log).toContain('http://[redacted]@gitlab.acme.test')
    expect(log).not.toContain(PASSWORD)
    // nor in what the job queue keeps of the job
    const jobs = await app.db.execute(sql`select output::text as output from pgboss.job where output is not null`)
    expect(JSON.stringify(jobs)).not.toContain(PASSWORD)
  })
})

describe('redactedError', () => {
  it('takes the credentials out of every URL in the message and the stack, and keeps the kind', () => {
    const error = redactedError(new TypeError(`bad https://a:${PASSWORD}@x.test and ssh://git:${PASSWORD}@y.test/r`))
    expect(error.name).toBe('TypeError')
    expect(error.message).toBe('bad https://[redacted]@x.test and ssh://[redacted]@y.test/r')
    expect(error.stack).not.toContain(PASSWORD)
    expect(withoutUrlCredentials('https://x.test/a@b')).toBe('https://x.test/a@b')
  })
})
