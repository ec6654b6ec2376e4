// Runs `npm run admin:create` as a real process against a PGlite data directory, as an operator would.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { type Database, openPglite } from '../../db/client.ts'
import { users } from '../../db/schema/index.ts'
import { buildUser } from '../../test/factories.ts'
import { testConfig } from '../../test/harness.ts'
import { TEMPLATE_DUMP } from '../../test/paths.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const cli = path.join(root, 'server/modules/users/admin-create.cli.ts')
// The CLI needs Node 24 (it runs TypeScript directly); a bare `node` may be an older one.
const node = fs.existsSync(path.join(root, 'node_modules/.bin/node'))
  ? path.join(root, 'node_modules/.bin/node')
  : process.execPath

let dataDir: string
const pgliteDir = () => path.join(dataDir, 'pglite')

/** Opens the data directory the way the server does (same lock), loading the migrated template on first open. */
async function openDataDir(): Promise<Database> {
  const fresh = !fs.existsSync(pgliteDir())
  const useTemplate = fresh && !process.env.TEST_DATABASE_URL && fs.existsSync(TEMPLATE_DUMP)
  const database = await openPglite({
    dataDir: pgliteDir(),
    loadDataDir: useTemplate ? new Blob([fs.readFileSync(TEMPLATE_DUMP)]) : undefined,
  })
  await database.migrate()
  return database
}

function runCli(...args: string[]) {
  // A clean environment: vitest's own variables (BASE_URL='/' among them) are not the operator's.
  const env = { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), DATA_DIR: dataDir, NODE_ENV: 'test' }
  const result = spawnSync(node, [cli, ...args], { cwd: root, env, encoding: 'utf8', timeout: 60_000 })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-admin-create-'))
  const database = await openDataDir()
  const app = await buildApp({ database, config: testConfig({ dataDir }), logger: false })
  await app.ready()
  await buildUser(app, { username: 'future-admin', email: 'future.admin@example.test', verified: false })
  await app.close()
  await database.close()
}, 120_000)

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('npm run admin:create -- <email>', () => {
  it('makes the user with that e-mail an admin and says so', async () => {
    const result = runCli('--', 'Future.Admin@example.test')
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('future.admin@example.test (@future-admin) is now an admin.')
    const database = await openDataDir()
    try {
      const [user] = await database.db.select().from(users).where(eq(users.username, 'future-admin'))
      expect(user!.role).toBe('admin')
      // the operator vouches for the address: a site without SMTP gets its first admin this way (decision 052)
      expect(user!.emailVerified).toBe(true)
    } finally {
      await database.close()
    }
  }, 60_000)

  it('says so when the user is already an admin', () => {
    const result = runCli('future.admin@example.test')
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('is already an admin')
  }, 60_000)

  it('exits 1 and tells them to sign up first when no user has that e-mail', () => {
    const result = runCli('nobody@example.test')
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(
      'No user has the e-mail address nobody@example.test. Sign up on the site with it first, then run this again.',
    )
  }, 60_000)

  it('exits 1 with the lock message while another process (the server) holds the database', async () => {
    const database = await openDataDir()
    try {
      const result = runCli('future.admin@example.test')
      expect(result.status).toBe(1)
      expect(result.stderr).toContain(`is already in use by process ${process.pid}`)
      expect(result.stderr).toContain('PGlite allows one process per data directory')
    } finally {
      await database.close()
    }
  }, 60_000)

  it('prints the help, which explains the lock, with --help, and exits 2 without an e-mail', () => {
    const help = runCli('--help')
    expect(help.status).toBe(0)
    expect(help.stdout).toContain('Usage: npm run admin:create -- <email>')
    expect(help.stdout).toContain('While the server is running')
    const missing = runCli()
    expect(missing.status).toBe(2)
    expect(missing.stderr).toContain('Missing the e-mail address.')
  })
})
