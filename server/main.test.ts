// Starts the real server process (server/main.ts) where it must refuse to start, as an operator would: the reason is
// printed alone, without a stack trace around it, and the process exits 1 (decision 035).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../', import.meta.url))
const main = path.join(root, 'server/main.ts')
// main.ts needs Node 24 (it runs TypeScript directly); a bare `node` may be an older one.
const node = fs.existsSync(path.join(root, 'node_modules/.bin/node'))
  ? path.join(root, 'node_modules/.bin/node')
  : process.execPath

let dataDir: string
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-main-'))
})
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true })
})

function startServer(extraEnv: Record<string, string> = {}) {
  // A clean environment: vitest's own variables (BASE_URL='/' among them) are not the operator's.
  const env = { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), DATA_DIR: dataDir, PORT: '0', ...extraEnv }
  const result = spawnSync(node, [main], { cwd: root, env, encoding: 'utf8', timeout: 60_000 })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('a server that cannot start', () => {
  it('prints only the message when another process holds the PGlite folder', () => {
    // this test's process is the live holder of the lock, as a first server would be
    fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true })
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.pid))
    const result = startServer()
    expect(result.status).toBe(1)
    expect(result.stderr.trim()).toBe(
      `The database in ${path.join(dataDir, 'pglite')} is already in use by process ${process.pid}. Stop that ` +
        'process first (PGlite allows one process per data directory), or set DATABASE_URL to use PostgreSQL.',
    )
    expect(result.stdout).toBe('')
  })

  it('prints only the configuration error for a bad TRUSTED_PROXIES entry', () => {
    const result = startServer({ TRUSTED_PROXIES: '10.0.0.1, 10.0.0.0/99' })
    expect(result.status).toBe(1)
    expect(result.stderr.trim()).toBe(
      'Invalid configuration:\n  TRUSTED_PROXIES: "10.0.0.0/99" is not an IP address or CIDR range (such as 10.0.0.1 ' +
        'or 10.0.0.0/8)',
    )
  })

  it('prints only the missing settings when STORAGE_URL names a bucket without its keys', () => {
    const result = startServer({ STORAGE_URL: 's3://uploads/site', S3_REGION: 'us-east-1' })
    expect(result.status).toBe(1)
    expect(result.stderr.trim()).toBe(
      'STORAGE_URL=s3://uploads/site needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (S3_ENDPOINT too, unless the ' +
        'bucket is on AWS).',
    )
  })
})
