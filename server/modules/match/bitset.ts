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
  // sorted: a PostingReader walks them in order (PostgreSQL's array_agg gives no order unless asked)
  if (positions.length * 32 <= size) return { positions: Uint32Array.from(positions).sort() }
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

const NO_POSITIONS = new Uint32Array(0)

/**
 * A posting read in order, a chunk of words at a time (match-memory-search.ts): a bitset's words in place, a list of
 * positions (toPosting sorts them) with a cursor, so reading every chunk costs the list's length once. Chunks are
 * read from the first word on; a chunk may be passed over, never read twice.
 */
export class PostingReader {
  readonly #bits: Bits | undefined
  readonly #positions: Uint32Array
  #next = 0
  #chunk: Bits | undefined

  constructor(posting: Posting | undefined) {
    this.#bits = posting && 'bits' in posting ? posting.bits : undefined
    this.#positions = posting && 'positions' in posting ? posting.positions : NO_POSITIONS
  }

  /** chunk[i] = the posting's word from + i, for i below count. */
  read(chunk: Bits, from: number, count: number) {
    const bits = this.#bits
    if (bits) {
      for (let i = 0; i < count; i++) chunk[i] = bits[from + i]!
      return
    }
    chunk.fill(0, 0, count)
    this.orInto(chunk, from, count)
  }

  /** chunk[i] |= the posting's word from + i. */
  orInto(chunk: Bits, from: number, count: number) {
    const bits = this.#bits
    if (bits) {
      for (let i = 0; i < count; i++) chunk[i]! |= bits[from + i]!
      return
    }
    this.#walk(from, count, (offset) => {
      chunk[offset >>> 5]! |= 1 << (offset & 31)
    })
  }

  /** chunk[i] &= ~(the posting's word from + i). */
  andNotInto(chunk: Bits, from: number, count: number) {
    const bits = this.#bits
    if (bits) {
      for (let i = 0; i < count; i++) chunk[i]! &= ~bits[from + i]!
      return
    }
    this.#walk(from, count, (offset) => {
      chunk[offset >>> 5]! &= ~(1 << (offset & 31))
    })
  }

  /** chunk[i] &= the posting's word from + i. */
  andInto(chunk: Bits, from: number, count: number) {
    const bits = this.#bits
    if (bits) {
      for (let i = 0; i < count; i++) chunk[i]! &= bits[from + i]!
      return
    }
    this.#chunk ??= new Uint32Array(chunk.length)
    this.read(this.#chunk, from, count)
    for (let i = 0; i < count; i++) chunk[i]! &= this.#chunk[i]!
  }

  /** Calls `visit` with each listed position in words [from, from + count), as an offset from the chunk's first row. */
  #walk(from: number, count: number, visit: (offset: number) => void) {
    const positions = this.#positions
    const start = from * 32
    const end = (from + count) * 32
    let next = this.#next
    while (next < positions.length && positions[next]! < start) next++
    for (; next < positions.length && positions[next]! < end; next++) visit(positions[next]! - start)
    this.#next = next
  }
}
