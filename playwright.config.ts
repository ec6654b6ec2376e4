// Browser tests against the real server on a fresh PGlite database, in Debian's Chromium (no browser download).
import { defineConfig } from '@playwright/test'
import { E2E_DATA_DIR, PRIVATE_SITE_TAG, privateDataDir } from './e2e/private-site.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.ts'

const port = Number(process.env.E2E_PORT ?? 3100)
/** The private site's server: the next port, its own database. */
const privatePort = port + 1
/** Specs about the private site alone. */
const PRIVATE_ONLY = ['private-mode.spec.ts']

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.tmp/e2e-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/reports/playwright.json' }],
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    { name: 'public', testIgnore: PRIVATE_ONLY },
    // the same journeys on a private site (SITE_MODE=private, issue 17): people sign in first, then all works as in
    // public mode; private-mode.spec.ts checks the wall itself
    // (the journeys tagged PRIVATE_SITE_TOO, e2e/private-site.ts)
    {
      name: 'private',
      grep: [new RegExp(PRIVATE_SITE_TAG), /private-mode\.spec/],
      use: { baseURL: `http://localhost:${privatePort}` },
    },
  ],
  webServer: [server(port, E2E_DATA_DIR), server(privatePort, privateDataDir(E2E_DATA_DIR), { SITE_MODE: 'private' })],
})

/** One server of the browser tests on a fresh database of its own (e2e/serve.ts). */
function server(serverPort: number, dataDir: string, env: Record<string, string> = {}) {
  return {
    command: 'node_modules/.bin/node e2e/serve.ts',
    url: `http://localhost:${serverPort}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(serverPort),
      BASE_URL: `http://localhost:${serverPort}`,
      // E2E_DATA_DIR and E2E_PORT let two runs on one machine keep apart (PGlite allows one process per directory).
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_DISABLED: 'true',
      SCAN_ALLOW_PRIVATE_NETWORKS: 'true',
      // The first admin of a fresh install signs up with this address (docs/decisions/007-admin-bootstrap.md).
      ADMIN_EMAILS: 'admin@example.test',
      ...env,
    },
  }
}
