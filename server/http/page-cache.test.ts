import type { FastifyInstance, FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { noMetrics } from './metrics.ts'
import { createPageCache } from './page-cache.ts'

/** The app's parts the cache uses, with `change()` announcing a content change as content-changes.ts does. */
function fakeApp() {
  const listeners: Array<() => void> = []
  const app = {
    contentChanges: { subscribe: (listener: () => void) => listeners.push(listener) },
    metrics: noMetrics,
  } as unknown as FastifyInstance
  const change = () => {
    for (const listener of listeners) listener()
  }
  return { app, change }
}

const visitor = (url: string) => ({ url, headers: {} }) as FastifyRequest
const drawing = (html: string, data = `data of ${html}`) => ({ html, data })

describe('the page cache', () => {
  it("keeps a visitor's page, but not one that changes by itself before long, nor past that time", async () => {
    const cache = createPageCache(fakeApp().app)
    const etag = cache.keep(visitor('/tools/react'), drawing('<p>react</p>'), cache.changes)
    expect(etag).toMatch(/^W\/"/)
    expect(cache.get(visitor('/tools/react'))).toEqual({
      html: '<p>react</p>',
      etag,
      current: true,
      data: 'data of <p>react</p>',
    })
    // an open job whose expiry has passed: not kept at all
    expect(
      cache.keep(visitor('/match/jobs/gone'), drawing('<p>open</p>'), cache.changes, Date.now() - 1),
    ).toBeUndefined()
    expect(cache.get(visitor('/match/jobs/gone'))).toBeUndefined()
    // one that expires in a moment: kept until then only
    cache.keep(visitor('/match/jobs/soon'), drawing('<p>open</p>'), cache.changes, Date.now() + 30)
    expect(cache.get(visitor('/match/jobs/soon'))?.html).toBe('<p>open</p>')
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(cache.get(visitor('/match/jobs/soon'))).toBeUndefined()
  })

  it('keeps nothing for a signed-in viewer, and gives a reload asking for a fresh copy none', () => {
    const cache = createPageCache(fakeApp().app)
    const signedIn = { url: '/tools/go', headers: { cookie: 'stackatlas.session_token=x' } } as FastifyRequest
    expect(cache.keep(signedIn, drawing('<p>mine</p>'), cache.changes)).toBeUndefined()
    expect(cache.get(visitor('/tools/go'))).toBeUndefined()
    cache.keep(visitor('/tools/go'), drawing('<p>go</p>'), cache.changes)
    expect(cache.get({ url: '/tools/go', headers: { 'cache-control': 'no-cache' } } as FastifyRequest)).toBeUndefined()
    expect(cache.get(signedIn)).toBeUndefined()
  })

  it('marks every kept page drawn before a change; one whose data is found the same is current again', () => {
    const { app, change } = fakeApp()
    const cache = createPageCache(app)
    cache.keep(visitor('/tools/react'), drawing('<p>react</p>', 'r1'), cache.changes)
    cache.keep(visitor('/tools/go'), drawing('<p>go</p>', 'g1'), cache.changes)
    change()
    expect(cache.get(visitor('/tools/react'))).toMatchObject({ html: '<p>react</p>', current: false, data: 'r1' })
    expect(cache.get(visitor('/tools/go'))?.current).toBe(false)
    // React's data loaded the same: its drawing is current again; Go's was not confirmed and stays as it was
    cache.confirm(visitor('/tools/react'), 'r1', cache.changes)
    expect(cache.get(visitor('/tools/react'))?.current).toBe(true)
    expect(cache.get(visitor('/tools/go'))?.current).toBe(false)
    // a confirmation of other data than the kept drawing's (another request drew it anew meanwhile) changes nothing
    cache.confirm(visitor('/tools/go'), 'g0', cache.changes)
    expect(cache.get(visitor('/tools/go'))?.current).toBe(false)
  })

  it('keeps a page drawn across a change as drawn before it', () => {
    const { app, change } = fakeApp()
    const cache = createPageCache(app)
    const changesBefore = cache.changes
    change()
    cache.keep(visitor('/tools/react'), drawing('<p>react</p>'), changesBefore)
    expect(cache.get(visitor('/tools/react'))?.current).toBe(false)
    cache.confirm(visitor('/tools/react'), 'data of <p>react</p>', changesBefore)
    expect(cache.get(visitor('/tools/react'))?.current).toBe(false)
    cache.confirm(visitor('/tools/react'), 'data of <p>react</p>', cache.changes)
    expect(cache.get(visitor('/tools/react'))?.current).toBe(true)
  })
})
