// The follow button's messages, apart from the zod schemas of follows.ts so the web's first load can read them
// without loading zod (the tool page's 150 kB budget; README "Benchmarks").

/** spec §5: an impersonated user cannot toggle a follow. */
export const IMPERSONATED_FOLLOW = 'Impersonated users are not allowed to follow'
