// Zod compiles object parsers with `new Function` when it may. Our CSP forbids eval (script-src 'self'), and Zod's
// probe for it is itself an eval that the browser reports as a CSP violation (a failed Lighthouse best practice).
// Zod reads its settings from globalThis.__zod_globalConfig, the object its copies share (zod/v4/core/core.js), and
// keeps one that exists when it loads: set there, before Zod's chunk loads, jitless means it never probes. Calling
// z.config() instead would pull Zod's core into the entry chunk (about 4 kB gzipped) for one flag.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined
}

globalThis.__zod_globalConfig ??= {}
globalThis.__zod_globalConfig.jitless = true
