import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Db } from './client.ts'
import { DbMemo } from './db-memo.ts'

const dbA = {} as Db
const dbB = {} as Db

afterEach(() => vi.useRealTimers())

describe('DbMemo', () => {
  it('keeps a value per database until its time is up', () => {
    vi.useFakeTimers()
    const memo = new DbMemo<string, number>({ name: 'test', ttlMs: 1000, maxEntries: 10 })
    memo.set(dbA, 'react', 1)
    expect(memo.get(dbA, 'react')).toBe(1)
    expect(memo.get(dbB, 'react')).toBeUndefined()
    vi.advanceTimersByTime(999)
    expect(memo.get(dbA, 'react')).toBe(1)
    vi.advanceTimersByTime(1)
    expect(memo.get(dbA, 'react')).toBeUndefined()
    // what /metrics reports of it, per database
    expect(memo.lookupsOf(dbA)).toEqual({ hits: 2, misses: 1 })
    expect(memo.lookupsOf(dbB)).toEqual({ hits: 0, misses: 1 })
  })

  it('drops the oldest entry past its size and forgets one database on clear', () => {
    const memo = new DbMemo<string, number>({ name: 'test', ttlMs: 60_000, maxEntries: 2 })
    memo.set(dbA, 'a', 1)
    memo.set(dbA, 'b', 2)
    memo.set(dbA, 'c', 3)
    expect([memo.get(dbA, 'a'), memo.get(dbA, 'b'), memo.get(dbA, 'c')]).toEqual([undefined, 2, 3])
    memo.set(dbB, 'a', 4)
    memo.clear(dbA)
    expect([memo.get(dbA, 'b'), memo.get(dbB, 'a')]).toEqual([undefined, 4])
  })

  it('keeps nothing a read loaded across a clear, and still answers it', async () => {
    const memo = new DbMemo<string, number>({ name: 'test', ttlMs: 60_000, maxEntries: 10 })
    let release!: () => void
    const reading = memo.readThrough(dbA, ['react'], async () => {
      await new Promise<void>((resolve) => (release = resolve))
      return new Map([['react', 1]])
    })
    memo.clear(dbA)
    release()
    expect(await reading).toEqual(new Map([['react', 1]]))
    expect(memo.get(dbA, 'react')).toBeUndefined()
    // a read that starts after the clear is kept
    await memo.readThrough(dbA, ['react'], async () => new Map([['react', 2]]))
    expect(memo.get(dbA, 'react')).toBe(2)
  })
})
