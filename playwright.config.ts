// Browser tests against the real server on a fresh PGlite database, in Debian's Chromium (no browser download).
import { defineConfig } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.ts'

const port = Number(process.env.E2E_PORT ?? 3100)

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
  webServer: {
    command: 'node_modules/.bin/node e2e/serve.ts',
    url: `http://localhost:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      BASE_URL: `http://localhost:${port}`,
      // E2E_DATA_DIR and E2E_PORT let two runs on one machine keep apart (PGlite allows one process per directory).
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.tmp/e2e-data',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_DISABLED: 'true',
      SCAN_ALLOW_PRIVATE_NETWORKS: 'true',
      // The first admin of a fresh install signs up with this address (docs/decisions/007-admin-bootstrap.md).
      ADMIN_EMAILS: 'admin@example.test',
    },
  },
})
