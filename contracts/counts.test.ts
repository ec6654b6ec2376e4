import { describe, expect, it } from 'vitest'
import { formatCappedCount } from './counts.ts'

describe('formatCappedCount', () => {
  it('writes an exact count with thousands separators, and a capped one with a plus', () => {
    expect(formatCappedCount(0, false)).toBe('0')
    expect(formatCappedCount(1234, false)).toBe('1,234')
    expect(formatCappedCount(1000, false)).toBe('1,000')
    expect(formatCappedCount(1000, true)).toBe('1,000+')
  })
})
