import { describe, expect, it } from 'vitest'
import { capMatchPercent, formatMatchPercent, MATCH_PERCENT_CAP, MatchPercent, matchPercent } from './match.ts'

describe('the match percentage, capped just under 100 (spec 002 §5)', () => {
  it('never reaches 100: a full match and no selected tools both read 99', () => {
    expect(MATCH_PERCENT_CAP).toBe(99)
    expect(matchPercent([1, 2], [1, 2, 3])).toBe(99)
    expect(matchPercent([], [1])).toBe(99)
    expect(matchPercent([1, 2, 3], [1, 2])).toBe(66)
    expect(matchPercent([1, 2, 3], [])).toBe(0)
  })

  it('caps whatever number it is given, as the web shows it', () => {
    expect(capMatchPercent(100)).toBe(99)
    expect(capMatchPercent(99.9)).toBe(99)
    expect(capMatchPercent(-5)).toBe(0)
    expect(capMatchPercent(Number.NaN)).toBe(0)
    expect(formatMatchPercent(100)).toBe('99%')
    expect(formatMatchPercent(50)).toBe('50%')
  })

  it('lets no answer carry 100', () => {
    expect(MatchPercent.safeParse(100).success).toBe(false)
    expect(MatchPercent.safeParse(99).success).toBe(true)
  })
})
