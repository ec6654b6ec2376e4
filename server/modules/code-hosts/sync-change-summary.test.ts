// The wording of a stack_synced notification merged over several syncs (decision 080).
import { describe, expect, it } from 'vitest'
import { describeSummary, mergeSummaries, parseSummary, type SyncChangeSummary } from './sync-change-summary.ts'

const summary = (parts: Partial<SyncChangeSummary>): SyncChangeSummary => ({
  added: [],
  removed: [],
  flagged: [],
  versionChanged: [],
  changes: 1,
  ...parts,
})

describe('sync change summaries', () => {
  it('lists the tools of both syncs once, earlier first, and counts the syncs', () => {
    const first = summary({ added: ['Express', 'Git', 'Node.js', 'React', 'Redis', 'Vite', 'ESLint', 'Prettier'] })
    const merged = mergeSummaries(first, summary({ added: ['Sentry', 'Stripe', 'Git'] }))
    expect(merged.added).toHaveLength(10)
    expect(merged.changes).toBe(2)
    expect(describeSummary(merged, 'acme/web')).toBe('Express, Git and 8 more were added to acme/web')
  })

  it("tells a tool's latest change: added then flagged is flagged, removed then added back is added", () => {
    const merged = mergeSummaries(
      summary({ added: ['Redis', 'Kafka'], removed: ['Memcached'] }),
      summary({ added: ['Memcached'], flagged: ['Redis'], versionChanged: ['Kafka', 'Express'] }),
    )
    expect(merged).toEqual({
      added: ['Kafka', 'Memcached'],
      removed: [],
      flagged: ['Redis'],
      versionChanged: ['Express'],
      changes: 2,
    })
    expect(describeSummary(merged, 'acme/api')).toBe(
      'Kafka and Memcached were added to acme/api; Redis was flagged for removal',
    )
    expect(describeSummary(summary({ removed: ['Redis'] }), 'acme/api')).toBe('Redis was removed from acme/api')
    expect(describeSummary(summary({ versionChanged: ['Express'] }), 'acme/api')).toBe(
      'Express changed version in acme/api',
    )
  })

  it('reads a stored payload of another shape as nothing earlier', () => {
    expect(parseSummary(null)).toEqual(summary({ changes: 0 }))
    expect(parseSummary({ added: 'Express', removed: [1, 'Redis'] })).toEqual(
      summary({ removed: ['Redis'], changes: 0 }),
    )
  })
})
