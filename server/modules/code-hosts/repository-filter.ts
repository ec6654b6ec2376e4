// Which listed repositories a company syncs (issue 18 "Sync"): archived ones and forks are skipped unless the
// company says otherwise; include patterns (when any) must match the full name and exclude patterns must not.
// Patterns are globs on the full name ('acme/api-*', 'acme/legacy/**'), matched by node's path.matchesGlob.
import path from 'node:path'
import type { HostedRepository } from './code-host.ts'
import type { CodeHostConnectionRow } from './code-hosts.queries.ts'

type Filters = Pick<CodeHostConnectionRow, 'includePatterns' | 'excludePatterns' | 'skipArchived' | 'skipForks'>

/** Null when the repository is synced, else why not (shown in the admins' list). */
export function skipReasonOf(repository: HostedRepository, filters: Filters): string | null {
  const name = repository.fullName.toLowerCase()
  const matches = (pattern: string) => path.posix.matchesGlob(name, pattern.toLowerCase())
  if (filters.skipArchived && repository.archived) return 'Skipped: archived.'
  if (filters.skipForks && repository.fork) return 'Skipped: a fork.'
  if (filters.includePatterns.length > 0 && !filters.includePatterns.some(matches)) {
    return 'Skipped: matches no include pattern.'
  }
  const excluded = filters.excludePatterns.find(matches)
  if (excluded) return `Skipped: matches the exclude pattern ${excluded}.`
  return null
}
