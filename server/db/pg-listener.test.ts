// The LISTEN connection on a real PostgreSQL server (TEST_DATABASE_URL): a backend terminated under it neither
// crashes the process nor leaves the subscriber deaf. Each test works in a database of its own, so terminating
// "the listener" can never reach another test run's connections.
import crypto from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withDatabase } from '../test/paths.ts'
import { LISTENER_APPLICATION_NAME, PostgresListener } from './pg-listener.ts'

const postgresUrl = process.env.TEST_DATABASE_URL

/** Resolves on the next call of the returned callback (bounded, so a deaf listener fails instead of hanging). */
function nextCall<T = void>(timeoutMs = 5_000) {
  let resolve!: (value: T) => void
  const calls: T[] = []
  let waiting: Promise<T> | null = null
  const callback = (value: T) => {
    calls.push(value)
    resolve?.(value)
  }
  const next = () => {
    waiting = new Promise<T>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`not called within ${timeoutMs} ms`)), timeoutMs)
      resolve = (value) => {
        clearTimeout(timer)
        done(value)
      }
    })
    return waiting
  }
  return { callback, next, calls }
}

describe.skipIf(!postgresUrl)('PostgresListener on PostgreSQL', () => {
  const name = `stackatlas_notify_listen_${crypto.randomBytes(5).toString('hex')}`
  let url: string
  let admin: pg.Client

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    url = withDatabase(postgresUrl!, name)
  })

  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  })

  /** Kills this database's listening backend, as an operator, a failover or a connection-killing proxy would. */
  async function terminateListener(): Promise<number> {
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = $1 and application_name = $2 and query ilike 'LISTEN%'`,
      [name, LISTENER_APPLICATION_NAME],
    )
    return rowCount ?? 0
  }

  async function notify(channel: string, payload: string) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    await client.query('select pg_notify($1, $2)', [channel, payload])
    await client.end()
  }

  it('reconnects after its backend is terminated, LISTENs every channel again, and tells subscribers to catch up', async () => {
    const listener = new PostgresListener(url, { baseMs: 20, maxMs: 200 })
    const first = nextCall<string>()
    const second = nextCall<string>()
    const reconnected = nextCall()
    const errors: Error[] = []
    await listener.listen('first_channel', first.callback, {
      onReconnect: () => reconnected.callback(),
      onError: (error) => errors.push(error),
    })
    await listener.listen('second_channel', second.callback)

    let heard = first.next()
    await notify('first_channel', 'before')
    expect(await heard).toBe('before')

    const back = reconnected.next()
    expect(await terminateListener()).toBe(1)
    await back
    expect(errors.length).toBeGreaterThan(0)
    expect(listener.isConnected).toBe(true)

    heard = first.next()
    const heardSecond = second.next()
    await notify('first_channel', 'after')
    await notify('second_channel', 'after too')
    expect(await heard).toBe('after')
    expect(await heardSecond).toBe('after too')
    expect(first.calls).toEqual(['before', 'after'])
    await listener.close()
  })

  it('keeps trying while PostgreSQL refuses connections, and comes back when it accepts them again', async () => {
    const listener = new PostgresListener(url, { baseMs: 20, maxMs: 100 })
    const heard = nextCall<string>()
    const reconnected = nextCall()
    const failed = nextCall<Error>()
    await listener.listen('outage_channel', heard.callback, {
      onReconnect: () => reconnected.callback(),
      onError: failed.callback,
    })
    // nobody may connect to the database for a while: the reconnects fail, then succeed once it is allowed again
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`)
    const someFailures = (async () => {
      while (failed.calls.length < 3) await failed.next()
    })()
    await terminateListener()
    await someFailures
    expect(listener.isConnected).toBe(false)
    const back = reconnected.next()
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`)
    await back
    const next = heard.next()
    await notify('outage_channel', 'after the outage')
    expect(await next).toBe('after the outage')
    await listener.close()
  })

  it('closes for good: no reconnect after close, and unsubscribing the last channel drops the connection', async () => {
    const listener = new PostgresListener(url, { baseMs: 20, maxMs: 100 })
    const unsubscribe = await listener.listen('closing_channel', () => {})
    expect(listener.isConnected).toBe(true)
    await unsubscribe()
    expect(listener.isConnected).toBe(false)
    await listener.listen('closing_channel', () => {})
    await listener.close()
    expect(listener.isConnected).toBe(false)
    await expect(listener.listen('closing_channel', () => {})).rejects.toThrow(/closed/)
  })
})
