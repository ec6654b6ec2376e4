import { describe, expect, it } from 'vitest'
import { formatCappedCount, formatCount, formatInteger } from './counts.ts'

describe('formatCappedCount', () => {
  it('writes an exact count with thousands separators, and a capped one with a plus', () => {
    expect(formatCappedCount(0, false)).toBe('0')
    expect(formatCappedCount(1234, false)).toBe('1,234')
    expect(formatCappedCount(1000, false)).toBe('1,000')
    expect(formatCappedCount(1000, true)).toBe('1,000+')
  })
})

// Intl is the oracle: the hand-written formatters must write what it writes for every count a page shows
const sampleCounts = (() => {
  const counts = new Set<number>()
  for (let n = 0; n <= 12_000; n++) counts.add(n)
  for (let power = 3; power <= 15; power++) {
    const unit = 10 ** power
    for (const near of [-1, 0, 1]) {
      for (const k of [1, 5, 9.5, 9.95, 9.999, 99.95, 999.5, 999.95, 999.9499]) counts.add(Math.round(k * unit) + near)
      counts.add(unit * 1.05 - 1)
      counts.add(unit * 1.05)
    }
  }
  // a fixed pseudo-random walk over every size, so a failure is the same on every run
  let seed = 42
  for (let i = 0; i < 20_000; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    counts.add(Math.floor((seed / 2 ** 31) ** 4 * 1e14))
  }
  return [...counts].filter((n) => Number.isSafeInteger(n) && n >= 0)
})()

describe('formatInteger', () => {
  it('writes what Intl.NumberFormat en-US writes', () => {
    const intl = new Intl.NumberFormat('en-US')
    for (const count of [...sampleCounts, -1, -1234, -1_000_000, 2 ** 53 - 1, 1234.5, 0.25])
      expect(formatInteger(count), String(count)).toBe(intl.format(count))
  })
})

describe('formatCount', () => {
  it('writes what Intl.NumberFormat en compact (one fraction digit) writes', () => {
    const intl = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 })
    for (const count of [...sampleCounts, 1e15, 1234.5, -1500])
      expect(formatCount(count), String(count)).toBe(intl.format(count))
  })
})
