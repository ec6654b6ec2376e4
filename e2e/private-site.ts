// The journeys that run on a private site too (SITE_MODE=private; the 'private' project of playwright.config.ts):
// each signs its people in before it reads anything, and reads nothing signed out, so the same steps hold behind the
// sign-in wall. A journey opts in with `test(title, PRIVATE_SITE_TOO, ...)`.
export const PRIVATE_SITE_TAG = '@private-site'
export const PRIVATE_SITE_TOO = { tag: PRIVATE_SITE_TAG }

/** Where the browser tests' public server keeps its database (and, beside it, its mailbox: e2e/serve.ts). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'

/** The private site's server keeps its own database beside the public one's. */
export const privateDataDir = (dataDir: string) => `${dataDir}-private`
