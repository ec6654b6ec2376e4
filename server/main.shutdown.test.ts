// SIGTERM to the real server process (server/main.ts), as an orchestrator stops an instance (decision 054): it takes
// no new connection, answers /readyz 503, finishes the request in flight, ends the live stream with a retry hint,
// hands back the mail it was sending (its job, to the queue), and exits 0.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from './app.ts'
import { type Database, openPglite } from './db/client.ts'
import { mailOutbox } from './db/schema/index.ts'
import { createApiTokenFor } from './test/api-token-fixtures.ts'
import { buildTool, buildUser } from './test/factories.ts'
import { openTestDatabase, testConfig } from './test/harness.ts'
import { withDatabase } from './test/paths.ts'
import { startStallingSmtpServer } from './test/smtp-receiver.ts'

const root = fileURLToPath(new URL('../', import.meta.url))
const node = path.join(root, 'node_modules/.bin/node')
const postgresUrl = process.env.TEST_DATABASE_URL
const cleanups: (() => Promise<unknown> | unknown)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/**
 * A database with a user, their API token and their sign-up's verification mail queued, and one tool (so the server
 * skips seeding the catalog): the test database itself on PostgreSQL, a PGlite folder otherwise.
 */
async function prepareDatabase(): Promise<{
  env: Record<string, string>
  secret: string
  reopen(): Promise<Database>
}> {
  const database = await openTestDatabase()
  const config = testConfig()
  const app = await buildApp({ database, config, logger: false })
  await app.ready()
  const user = await buildUser(app)
  const { secret } = await createApiTokenFor(user, { scope: 'read' })
  await buildTool(database.db)
  await app.close()
  const env = { AUTH_SECRET: config.authSecret, BASE_URL: config.baseUrl }
  if (postgresUrl) {
    cleanups.push(() => database.close())
    const [row] = (
      (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
    ).rows
    return {
      env: { ...env, DATABASE_URL: withDatabase(postgresUrl, row!.name) },
      secret,
      reopen: async () => database,
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-shutdown-'))
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  const dump = await database.dump!()
  await database.close()
  await (await openPglite({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: dump })).close()
  return {
    env: { ...env, DATA_DIR: dataDir },
    secret,
    reopen: () => openPglite({ dataDir: path.join(dataDir, 'pglite') }),
  }
}

/** Starts server/main.ts on a free port; resolves with its port once it listens. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number; log: string[] }> {
  const child = spawn(node, [path.join(root, 'server/main.ts')], {
    cwd: root,
    // a clean environment: vitest's own variables are not the operator's
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  cleanups.push(() => child.exitCode === null && child.kill('SIGKILL'))
  const log: string[] = []
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        log.push(line)
        const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(line)
        if (listening) resolve(Number(listening[1]))
      }
    })
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before listening: ${log.join('\n')}`)))
  })
  return { child, port, log }
}

/** The server-sent events stream, as a browser holds it; `text` grows as events come, `ended` resolves at its end. */
function openStream(port: number, secret: string) {
  const state = { status: 0, text: '', ended: null as Promise<void> | null }
  return new Promise<typeof state>((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/v1/notifications/stream', headers: { authorization: `Bearer ${secret}` } },
      (response) => {
        state.status = response.statusCode ?? 0
        state.ended = new Promise((ended) => response.on('end', ended))
        response.on('data', (chunk: Buffer) => {
          state.text += chunk.toString()
          if (state.text.includes('event: counts')) resolve(state)
        })
      },
    )
    request.on('error', reject)
  })
}

/** A raw connection, to hold a request half sent and to pipeline a second one behind it. */
function openSocket(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  let received = ''
  socket.on('data', (chunk) => {
    received += chunk.toString()
  })
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  return { socket, closed, received: () => received }
}

describe('SIGTERM', () => {
  it('drains: no new connection, /readyz 503, the request in flight answered, the stream told to retry, exit 0', async () => {
    const prepared = await prepareDatabase()
    const smtp = await startStallingSmtpServer()
    cleanups.push(() => smtp.close())
    const server = await startServer({ ...prepared.env, SMTP_URL: smtp.url })
    // the mail worker has the sign-up's verification mail and waits for the SMTP server's answer
    await smtp.arrived

    const stream = await openStream(server.port, prepared.secret)
    expect(stream.status).toBe(200)

    // a write whose body is still coming when the signal arrives
    const body = JSON.stringify({ name: 'shutdown.test', properties: {} })
    const inFlight = openSocket(server.port)
    inFlight.socket.write(
      'POST /api/v1/analytics/track HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    )
    await new Promise((resolve) => setTimeout(resolve, 300))

    const exited = new Promise<number | null>((resolve) => server.child.on('exit', (code) => resolve(code)))
    server.child.kill('SIGTERM')
    // the live stream ends at once, with a short retry hint for the browser's reconnection elsewhere
    await stream.ended
    expect(stream.text).toMatch(/retry: \d+\n\n$/)
    // no new connection is taken
    await expect(fetch(`http://127.0.0.1:${server.port}/healthz`)).rejects.toThrow()

    // the rest of the body, and behind it, on the same connection, a balancer's readiness check
    inFlight.socket.write(`${body.slice(10)}GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
    await inFlight.closed
    const [write, readiness] = inFlight.received().split(/(?=HTTP\/1\.1 )/)
    expect(write).toMatch(/^HTTP\/1\.1 200 /)
    expect(write).toContain('{"ok":true}')
    expect(readiness).toMatch(/^HTTP\/1\.1 503 /)
    expect(readiness!.toLowerCase()).toContain('connection: close')
    expect(readiness).toContain(
      '{"error":{"code":"service_unavailable","message":"The server is shutting down.","error_msg":"shutting_down"}}',
    )

    expect(await exited).toBe(0)
    expect(server.log.some((line) => line.includes('"mail attempt handed back"'))).toBe(true)
    // the mail it was sending is handed back: its job to the queue, for another instance to send now
    const database = await prepared.reopen()
    if (!postgresUrl) cleanups.push(() => database.close())
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'))
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row).toMatchObject({ claimedBy: null, claimedUntil: null })
  }, 90_000)
})
