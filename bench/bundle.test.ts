// The first-load JavaScript budget (issue 2) held by the test suite, not only by `npm run bench`: a module that
// brings a heavy dependency into every page's first load (zod through a contract's schema, say) fails here.
import { describe, expect, it } from 'vitest'
import { BUDGET_BYTES, kB, measureBundles } from './bundle.ts'

describe('first-load JavaScript', () => {
  it('keeps the home and tool pages within the gzipped budget', { timeout: 180_000 }, async () => {
    const { pages } = await measureBundles()
    expect(pages.map((page) => page.name)).toEqual(['home', 'tool page'])
    for (const page of pages) {
      expect(page.module, `${page.name}: ${page.note ?? ''}`).not.toBeNull()
      expect(page.gzipBytes, `${page.name}: ${kB(page.gzipBytes ?? 0)} of ${kB(BUDGET_BYTES)}`).toBeLessThanOrEqual(
        BUDGET_BYTES,
      )
    }
  })
})
