// What a stack_synced notification says (decision 080): the tool names of one sync, or of every sync since the
// recipient last read it. A later change to a tool wins over an earlier one (added, then removed: it was removed),
// each name is listed once, and `changes` counts the syncs merged in.
import type { StackChangeTool } from '../../db/schema/index.ts'
import { listNames } from '../stacks/stacks.notifications.ts'

/** What one sync changed in a stack (stack-sync.service.ts makes it). */
export interface StackChange {
  stackId: number | null
  added: StackChangeTool[]
  removed: StackChangeTool[]
  flagged: boolean
  versionChanges: Array<StackChangeTool & { before: string | null }>
}

export interface SyncChangeSummary {
  added: string[]
  removed: string[]
  flagged: string[]
  versionChanged: string[]
  changes: number
}

const LISTS = ['added', 'removed', 'flagged', 'versionChanged'] as const

/** One sync's change as a summary. */
export function summaryOf(change: Pick<StackChange, 'added' | 'removed' | 'flagged' | 'versionChanges'>) {
  const removed = change.removed.map((tool) => tool.name)
  return mergeSummaries(emptySummary(), {
    added: change.added.map((tool) => tool.name),
    removed: change.flagged ? [] : removed,
    flagged: change.flagged ? removed : [],
    versionChanged: change.versionChanges.map((tool) => tool.name),
    changes: 1,
  })
}

/**
 * `latest` merged into `earlier`: a name the latest change mentions leaves the other lists (a tool added and then
 * flagged is flagged; a version change of a tool just added is still an addition) and joins its list once.
 */
export function mergeSummaries(earlier: SyncChangeSummary, latest: SyncChangeSummary): SyncChangeSummary {
  const merged: SyncChangeSummary = {
    added: [...earlier.added],
    removed: [...earlier.removed],
    flagged: [...earlier.flagged],
    versionChanged: [...earlier.versionChanged],
    changes: earlier.changes + latest.changes,
  }
  for (const list of LISTS) {
    for (const name of latest[list]) {
      if (list === 'versionChanged' && merged.added.includes(name)) continue
      for (const other of LISTS) if (other !== list) merged[other] = merged[other].filter((entry) => entry !== name)
      if (!merged[list].includes(name)) merged[list].push(name)
    }
  }
  return merged
}

/** A stored payload read back; anything else (a payload of an older shape) counts as nothing earlier. */
export function parseSummary(payload: unknown): SyncChangeSummary {
  const value = (payload ?? {}) as Partial<Record<keyof SyncChangeSummary, unknown>>
  const names = (list: unknown) => (Array.isArray(list) ? list.filter((name) => typeof name === 'string') : [])
  return {
    added: names(value.added),
    removed: names(value.removed),
    flagged: names(value.flagged),
    versionChanged: names(value.versionChanged),
    changes: typeof value.changes === 'number' ? value.changes : 0,
  }
}

/**
 * 'Redis was added to acme/api', 'Redis and Kafka were added to acme/api; Memcached was removed', or null when
 * nothing is left to tell.
 */
export function describeSummary(summary: SyncChangeSummary, stackName: string): string | null {
  const parts: string[] = []
  const verb = (names: string[]) => (names.length === 1 ? 'was' : 'were')
  const { added, removed, flagged, versionChanged } = summary
  if (added.length > 0) parts.push(`${listNames(added)} ${verb(added)} added to ${stackName}`)
  for (const [names, what] of [
    [removed, 'removed'],
    [flagged, 'flagged for removal'],
  ] as const) {
    if (names.length > 0)
      parts.push(`${listNames(names)} ${verb(names)} ${what}${parts.length > 0 ? '' : ` from ${stackName}`}`)
  }
  if (parts.length === 0 && versionChanged.length > 0) {
    parts.push(`${listNames(versionChanged)} changed version in ${stackName}`)
  }
  return parts.length > 0 ? parts.join('; ') : null
}

function emptySummary(): SyncChangeSummary {
  return { added: [], removed: [], flagged: [], versionChanged: [], changes: 0 }
}
