import type { FastifyInstance, FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { noMetrics } from './metrics.ts'
import { createPageCache } from './page-cache.ts'

const app = { contentChanges: { subscribe: () => () => {} }, metrics: noMetrics } as unknown as FastifyInstance
const visitor = (url: string) => ({ url, headers: {} }) as FastifyRequest

describe('the page cache', () => {
  it("keeps a visitor's page, but not one that changes by itself before long, nor past that time", async () => {
    const cache = createPageCache(app)
    cache.keep(visitor('/tools/react'), '<p>react</p>', cache.generation)
    expect(cache.get(visitor('/tools/react'))).toBe('<p>react</p>')
    // an open job whose expiry has passed: not kept at all
    cache.keep(visitor('/match/jobs/gone'), '<p>open</p>', cache.generation, Date.now() - 1)
    expect(cache.get(visitor('/match/jobs/gone'))).toBeUndefined()
    // one that expires in a moment: kept until then only
    cache.keep(visitor('/match/jobs/soon'), '<p>open</p>', cache.generation, Date.now() + 30)
    expect(cache.get(visitor('/match/jobs/soon'))).toBe('<p>open</p>')
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(cache.get(visitor('/match/jobs/soon'))).toBeUndefined()
  })

  it('keeps nothing for a signed-in viewer, and gives a reload asking for a fresh copy none', () => {
    const cache = createPageCache(app)
    const signedIn = { url: '/tools/go', headers: { cookie: 'stackatlas.session_token=x' } } as FastifyRequest
    cache.keep(signedIn, '<p>mine</p>', cache.generation)
    expect(cache.get(visitor('/tools/go'))).toBeUndefined()
    cache.keep(visitor('/tools/go'), '<p>go</p>', cache.generation)
    expect(cache.get({ url: '/tools/go', headers: { 'cache-control': 'no-cache' } } as FastifyRequest)).toBeUndefined()
    expect(cache.get(signedIn)).toBeUndefined()
  })
})
