// The API document (/api/openapi.json, /api/docs): OpenAPI 3.1 from the routes' zod schemas. Its named components are
// the schemas registered in contracts/api-schemas.ts by the contracts this process's routes import; zod's global
// registry only lends the other metadata (descriptions). A second evaluation of the contracts in this process (the
// page renderer's: Vite's SSR, dist/server's bundle) fills a registry of its own that nothing here reads, so no name
// can stand for two schemas (acceptance 2026-12-01, major 1: "Duplicate schema id Notification").
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiSchemas } from '#contracts/api-schemas.ts'
import type { AppConfig } from '../config.ts'

type Metadata = Record<string, unknown>

/**
 * The document's registry: names from apiSchemas, other metadata from zod's global registry with any name it holds
 * left out (a name there may belong to another evaluation's copy). Built afresh for each document.
 */
export function documentRegistry() {
  const registry = z.registry<Metadata>()
  const metadataOf = (schema: z.core.$ZodType): Metadata | undefined => {
    const { id: _unnamed, ...described } = (z.globalRegistry._map.get(schema) ?? {}) as Metadata
    const named = apiSchemas._map.get(schema)
    const metadata = { ...described, ...named }
    return Object.keys(metadata).length > 0 ? metadata : undefined
  }
  // the registry's own lookups (and fastify-type-provider-zod's copies of it) read _map
  registry._map = {
    get: metadataOf,
    has: (schema: z.core.$ZodType) => metadataOf(schema) !== undefined,
  } as unknown as WeakMap<z.core.$ZodType, Metadata>
  registry._idmap = apiSchemas._idmap
  return registry
}

export async function registerApiDocument(app: FastifyInstance, config: AppConfig) {
  const schemaRegistry = documentRegistry()
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${config.siteName} API`, version: '1.0.0', description: 'The API behind the site.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'stackatlas.session_token' },
          // personal API tokens (settings, "API tokens"): read-only ones are refused on every write (decision 049)
          bearer: { type: 'http', scheme: 'bearer', description: 'A personal API token (sa_pat_...) from settings' },
        },
      },
      // every route takes either; a route that needs neither says so in its summary
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: createJsonSchemaTransform({ schemaRegistry }),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry }),
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
