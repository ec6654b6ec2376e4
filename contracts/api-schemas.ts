// The named schemas of the API document (/api/openapi.json): each response shape that appears there as a component
// is registered here under its name, never with zod's `.meta({ id })`. zod keeps `.meta()` in one registry per
// process (globalThis), and the page renderer evaluates the contracts a second time in the server's process (Vite's
// SSR in development, dist/server's bundle in production): its copies came in under the same names, and the document
// failed with "Duplicate schema id" after the first signed-in page (acceptance 2026-12-01, major 1). This registry is
// a module of its own, so each evaluation of the contracts fills its own copy, and the server reads only the one its
// routes use (server/http/openapi.ts).
import { z } from 'zod'

/** Named in the document: `Schema.register(apiSchemas, { id: 'Name' })`. */
export const apiSchemas = z.registry<{ id: string }>()
