// mulberry32: a small seeded PRNG, uniform in [0, 1), so seeded test and bench data is the same on every run.
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Seeded draws for random tests: a number in [0, 1), a whole number in [min, max], one item, `count` distinct items. */
export function seededDraws(seed: number) {
  const random = mulberry32(seed)
  const randInt = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  const pick = <T>(items: T[]): T => items[randInt(0, items.length - 1)]!
  const sample = <T>(items: T[], count: number): T[] =>
    items
      .map((item) => ({ item, key: random() }))
      .sort((a, b) => a.key - b.key)
      .slice(0, count)
      .map(({ item }) => item)
  return { random, randInt, pick, sample }
}
