// The journeys that run on a private site too (SITE_MODE=private; the 'private' project of playwright.config.ts):
// each signs its people in before it reads anything, and reads nothing signed out, so the same steps hold behind the
// sign-in wall. A journey opts in with `test(title, PRIVATE_SITE_TOO, ...)`.
export const PRIVATE_SITE_TAG = '@private-site'
export const PRIVATE_SITE_TOO = { tag: PRIVATE_SITE_TAG }
