// Sets of row positions for the in-memory Stack Match index (match-memory.ts): a row's position is its place in
// recency order, so walking a set's bits in order walks its rows newest first. A posting list is kept in whichever
// form is smaller: a bitset (one bit per row) when it holds more than one row in 32, else its positions.

export type Bits = Uint32Array

/** A tool's, lexeme's or place's rows: a bitset, or their positions. */
export type Posting = { bits: Bits } | { positions: Uint32Array }

export const wordsFor = (size: number) => Math.ceil(size / 32)

/** The set of every position below `size`. */
export function fullBits(size: number): Bits {
  const bits = new Uint32Array(wordsFor(size)).fill(0xffffffff)
  const tail = size % 32
  if (tail > 0) bits[bits.length - 1] = (2 ** tail - 1) >>> 0
  return bits
}

export function toPosting(positions: ArrayLike<number>, size: number): Posting {
  if (positions.length * 32 <= size) return { positions: Uint32Array.from(positions) }
  const bits = new Uint32Array(wordsFor(size))
  for (let i = 0; i < positions.length; i++) bits[positions[i]! >>> 5]! |= 1 << (positions[i]! & 31)
  return { bits }
}

/** The posting as a bitset of `words` words (a new one for positions; the kept one, not to be written, for bits). */
export function bitsOf(posting: Posting | undefined, words: number): Bits {
  if (!posting) return new Uint32Array(words)
  if ('bits' in posting) return posting.bits
  const bits = new Uint32Array(words)
  for (const position of posting.positions) bits[position >>> 5]! |= 1 << (position & 31)
  return bits
}

/** target &= other. */
export function andInto(target: Bits, other: Bits) {
  for (let i = 0; i < target.length; i++) target[i]! &= other[i]!
}

/** target |= other. */
export function orInto(target: Bits, other: Bits) {
  for (let i = 0; i < target.length; i++) target[i]! |= other[i]!
}

/** target &= ~other. */
export function andNotInto(target: Bits, other: Bits) {
  for (let i = 0; i < target.length; i++) target[i]! &= ~other[i]!
}

/** Removes the posting's rows from target without building its bitset. */
export function removePosting(target: Bits, posting: Posting | undefined) {
  if (!posting) return
  if ('bits' in posting) andNotInto(target, posting.bits)
  else for (const position of posting.positions) target[position >>> 5]! &= ~(1 << (position & 31))
}

export function popcount32(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff
}

/** How many positions the set holds, counting no further than `cap`. */
export function countUpTo(bits: Bits, cap: number): number {
  let count = 0
  for (let i = 0; i < bits.length && count < cap; i++) if (bits[i] !== 0) count += popcount32(bits[i]!)
  return Math.min(count, cap)
}

/** Appends to `out` the positions of the set after the first `skip`, until `out` holds `until`; answers how many it
 * skipped (fewer than `skip` when the set ran out). */
export function collect(bits: Bits, skip: number, out: number[], until: number): number {
  let skipped = 0
  for (let i = 0; i < bits.length && out.length < until; i++) {
    let word = bits[i]!
    if (word === 0) continue
    if (skipped < skip) {
      const inWord = popcount32(word)
      if (skipped + inWord <= skip) {
        skipped += inWord
        continue
      }
    }
    while (word !== 0 && out.length < until) {
      const low = word & -word
      if (skipped < skip) skipped++
      else out.push(i * 32 + 31 - Math.clz32(low))
      word = (word ^ low) >>> 0
    }
  }
  return skipped
}
