// /healthz: 200 with the database kind while the database answers, 503 in the error envelope once it does not.
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { TestClient } from '../../test/client.ts'
import { openTestDatabase, testConfig } from '../../test/harness.ts'

describe('/healthz', () => {
  it('answers 503 in the error envelope when the database is down, and 200 before', async () => {
    const database = await openTestDatabase()
    const app = await buildApp({ database, config: testConfig(), logger: false })
    await app.ready()
    try {
      const up = await new TestClient(app).get('/healthz')
      expect(up.status).toBe(200)
      expect(up.body).toEqual({ status: 'ok', database: database.kind })

      await database.close()
      const down = await new TestClient(app).get('/healthz')
      expect(down.status).toBe(503)
      expect(down.headers['cache-control']).toBe('no-store')
      expect(down.body).toEqual({
        error: { code: 'service_unavailable', message: 'The database is not answering.' },
      })
    } finally {
      await app.close()
    }
  })
})
