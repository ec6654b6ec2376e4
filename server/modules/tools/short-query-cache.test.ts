import { describe, expect, it } from 'vitest'
import { ShortQueryCache } from './short-query-cache.ts'

describe('ShortQueryCache', () => {
  it('keeps an answer for its time to live, then forgets it', () => {
    let now = 1_000
    const cache = new ShortQueryCache<string>({ ttlMs: 60_000, maxEntries: 10, now: () => now })
    cache.set('r', 'answer')
    now += 59_999
    expect(cache.get('r')).toBe('answer')
    now += 1
    expect(cache.get('r')).toBeUndefined()
  })

  it('drops the oldest entry past its size limit', () => {
    const cache = new ShortQueryCache<number>({ ttlMs: 60_000, maxEntries: 2 })
    cache.set('a', 1)
    cache.set('b', 2)
    cache.set('c', 3)
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3])
  })

  it('takes one- and two-character queries only, counting characters rather than bytes', () => {
    expect(['r', 'js', 'c#', 'é', '日本'].map(ShortQueryCache.isShort)).toEqual([true, true, true, true, true])
    expect(['vue', 'php'].map(ShortQueryCache.isShort)).toEqual([false, false])
  })
})
