import { describe, expect, it } from 'vitest'
import { PublicAnswerCache } from './public-answer-cache.ts'

const answer = (body: string) => ({ body, etag: `W/"${body}"` })

describe('PublicAnswerCache', () => {
  it('keeps an answer for its time to live, then forgets it', () => {
    let now = 1_000
    const cache = new PublicAnswerCache({ ttlMs: 60_000, maxEntries: 10, now: () => now })
    cache.set('r', answer('a'), cache.generation)
    now += 59_999
    expect(cache.get('r')).toEqual(answer('a'))
    now += 1
    expect(cache.get('r')).toBeUndefined()
    expect(cache.get('never kept')).toBeUndefined()
    // what /metrics reports of it
    expect(cache.lookups).toEqual({ hits: 1, misses: 2 })
  })

  it("keeps an answer given a shorter time to live for that long, and never longer than the cache's", () => {
    let now = 1_000
    const cache = new PublicAnswerCache({ ttlMs: 60_000, maxEntries: 10, now: () => now })
    cache.set('short', answer('a'), cache.generation, 5_000)
    cache.set('long', answer('b'), cache.generation, 600_000)
    now += 5_000
    expect(cache.get('short')).toBeUndefined()
    now += 54_999
    expect(cache.get('long')).toEqual(answer('b'))
    now += 1
    expect(cache.get('long')).toBeUndefined()
  })

  it('shows a kept answer to peek without counting a lookup or marking it used', () => {
    let now = 1_000
    const cache = new PublicAnswerCache({ ttlMs: 60_000, maxEntries: 2, now: () => now })
    cache.set('a', answer('1'), cache.generation)
    cache.set('b', answer('2'), cache.generation)
    expect(cache.peek('a')).toEqual(answer('1'))
    expect(cache.lookups).toEqual({ hits: 0, misses: 0 })
    // 'a' is still the least recently used
    cache.set('c', answer('3'), cache.generation)
    expect(cache.peek('a')).toBeUndefined()
    now += 60_000
    expect(cache.peek('b')).toBeUndefined()
  })

  it('drops the least recently used entry past its size limit', () => {
    const cache = new PublicAnswerCache({ ttlMs: 60_000, maxEntries: 2 })
    cache.set('a', answer('1'), cache.generation)
    cache.set('b', answer('2'), cache.generation)
    expect(cache.get('a')).toEqual(answer('1'))
    cache.set('c', answer('3'), cache.generation)
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([answer('1'), undefined, answer('3')])
  })

  it('forgets everything on clear, and never keeps an answer computed before the clear', () => {
    const cache = new PublicAnswerCache({ ttlMs: 60_000, maxEntries: 10 })
    cache.set('a', answer('1'), cache.generation)
    const generation = cache.generation
    cache.clear()
    expect(cache.get('a')).toBeUndefined()
    cache.set('b', answer('stale'), generation)
    expect(cache.get('b')).toBeUndefined()
    cache.set('b', answer('fresh'), cache.generation)
    expect(cache.get('b')).toEqual(answer('fresh'))
  })
})
