// /healthz answers while the process does; /readyz answers 503 in the error envelope, saying which check failed, when
// a migration is pending or the database is down (decision 054). Shutting down: server/main.shutdown.test.ts.
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { migrationsFolder } from '../../db/client.ts'
import { TestClient } from '../../test/client.ts'
import { openTestDatabase, testConfig } from '../../test/harness.ts'

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[]
}
const newestMigration = journal.entries.at(-1)!.tag

describe('/healthz and /readyz', () => {
  it('answers /readyz 503 while a migration is pending and 200 once it is applied, then stops reading the table', async () => {
    const database = await openTestDatabase()
    // the newest migration undone in drizzle's table: the database is a version behind this code
    const [last] = (
      (await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)
            returning created_at`,
      )) as unknown as { rows: { created_at: string }[] }
    ).rows
    expect(last).toBeDefined()
    const app = await buildApp({ database, config: testConfig(), logger: false })
    await app.ready()
    try {
      const pending = await new TestClient(app).get('/readyz')
      expect(pending.status).toBe(503)
      expect(pending.headers['cache-control']).toBe('no-store')
      expect(pending.body).toEqual({
        error: {
          code: 'service_unavailable',
          message: `Database migrations are not applied yet: ${newestMigration}.`,
          error_msg: 'migrations_pending',
        },
      })
      // liveness does not depend on it
      expect((await new TestClient(app).get('/healthz')).status).toBe(200)

      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored', ${last!.created_at})`,
      )
      const ready = await new TestClient(app).get('/readyz')
      expect(ready.status).toBe(200)
      expect(ready.body).toEqual({ status: 'ok', database: database.kind })

      // migrations only move forward: once current, the check no longer reads drizzle's table
      await database.db.execute(sql`alter table drizzle.__drizzle_migrations rename to migrations_moved_away`)
      expect((await new TestClient(app).get('/readyz')).status).toBe(200)
    } finally {
      await app.close()
      await database.close()
    }
  })

  it('answers /readyz 503 when the database is down while /healthz still answers 200', async () => {
    const database = await openTestDatabase()
    const app = await buildApp({ database, config: testConfig(), logger: false })
    await app.ready()
    try {
      expect((await new TestClient(app).get('/readyz')).status).toBe(200)
      await database.close()
      const down = await new TestClient(app).get('/readyz')
      expect(down.status).toBe(503)
      expect(down.headers['cache-control']).toBe('no-store')
      expect(down.body).toEqual({
        error: {
          code: 'service_unavailable',
          message: 'The database is not answering.',
          error_msg: 'database_unreachable',
        },
      })
      const live = await new TestClient(app).get('/healthz')
      expect(live.status).toBe(200)
      expect(live.headers['cache-control']).toBe('no-store')
    } finally {
      await app.close()
    }
  })
})
