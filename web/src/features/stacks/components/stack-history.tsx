// A synced stack's "Synced" badge and its History section (issue 18 "Keep current", decision 063): what each rescan
// of the repository added, removed (or flagged for review) and whose version changed, newest first.
import { GitCommitHorizontal } from 'lucide-react'
import { Link } from 'react-router'
import type { StackPage, StackSyncChange } from '#contracts/stacks.ts'
import { shortCommit } from '../../../lib/commit.ts'

type Synced = NonNullable<StackPage['synced']>

// UTC and a fixed locale: the server's and the browser's drawing agree (no hydration mismatch). Built when a synced
// stack first draws them, not when every stack page loads this module: a browser's first Intl formatter costs tens
// of milliseconds of a phone's hydration (contracts/counts.ts).
let formats: { day: Intl.DateTimeFormat; dayAndTime: Intl.DateTimeFormat } | undefined
const dateFormats = () =>
  (formats ??= {
    day: new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }),
    dayAndTime: new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
  })

export function SyncedBadge({ synced }: { synced: Synced }) {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200"
      title={`Kept current from its repository: commit ${synced.commit}, ${dateFormats().dayAndTime.format(new Date(synced.synced_at))} UTC`}
    >
      <GitCommitHorizontal className="size-3" aria-hidden="true" />
      Synced <span className="font-mono">{shortCommit(synced.commit)}</span>
      <span className="text-emerald-700">· {dateFormats().day.format(new Date(synced.synced_at))}</span>
    </span>
  )
}

export function StackHistory({ history }: { history: StackPage['history'] }) {
  return (
    <section id="history" aria-labelledby="history-heading" className="mt-10 scroll-mt-20">
      <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
        History
      </h2>
      {history.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No changes recorded yet.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {history.map((change) => (
            <HistoryEntry key={`${change.commit}-${change.at}`} change={change} />
          ))}
        </ol>
      )}
    </section>
  )
}

function HistoryEntry({ change }: { change: StackSyncChange }) {
  return (
    <li className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
      <p className="text-slate-600">
        <time dateTime={change.at}>{dateFormats().dayAndTime.format(new Date(change.at))} UTC</time>, commit{' '}
        <span className="font-mono text-slate-800">{shortCommit(change.commit)}</span>
      </p>
      <ul className="mt-2 space-y-1 break-words text-slate-800">
        {change.added.length > 0 && (
          <li>
            <span className="font-medium text-emerald-700">Added:</span> <ToolLinks tools={change.added} />
          </li>
        )}
        {change.removed.length > 0 && (
          <li>
            <span className="font-medium text-amber-700">{change.flagged ? 'Flagged for review:' : 'Removed:'}</span>{' '}
            <ToolLinks tools={change.removed} />
          </li>
        )}
        {change.version_changes.length > 0 && (
          <li>
            <span className="font-medium text-slate-700">Versions:</span>{' '}
            {change.version_changes.map((tool, index) => (
              <span key={tool.slug}>
                {index > 0 && ', '}
                <Link to={`/tools/${tool.slug}`} className="text-brand-700 hover:underline">
                  {tool.name}
                </Link>{' '}
                {tool.before ?? 'none'} → {tool.version ?? 'none'}
              </span>
            ))}
          </li>
        )}
      </ul>
    </li>
  )
}

function ToolLinks({ tools }: { tools: StackSyncChange['added'] }) {
  return tools.map((tool, index) => (
    <span key={tool.slug}>
      {index > 0 && ', '}
      <Link to={`/tools/${tool.slug}`} className="text-brand-700 hover:underline">
        {tool.name}
      </Link>
      {tool.version && <span className="text-slate-500"> {tool.version}</span>}
    </span>
  ))
}
