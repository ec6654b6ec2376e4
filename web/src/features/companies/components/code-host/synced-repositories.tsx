// The synced repositories, a page at a time as the API pages them: state, last commit (short), last result or
// error, and a link to each one's stack.
import { Link } from 'react-router'
import type { SyncedRepositoriesResponse, SyncedRepositoryState } from '#contracts/code-hosts.ts'
import { cn } from '../../../../components/ui/cn.ts'
import { Pager } from '../../../../components/ui/pager.tsx'
import { shortCommit } from '../../../../lib/commit.ts'

const STATE_STYLES: Record<SyncedRepositoryState, string> = {
  queued: 'bg-slate-100 text-slate-700 ring-slate-200',
  scanning: 'bg-sky-50 text-sky-800 ring-sky-200',
  synced: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  skipped: 'bg-amber-50 text-amber-900 ring-amber-200',
}

export function SyncedRepositories({
  data,
  hrefFor,
}: {
  data: SyncedRepositoriesResponse
  /** The screen's URL at a page of the list. */
  hrefFor: (page: number) => string
}) {
  const { repositories, page, per_page: perPage, total } = data
  return (
    <section aria-labelledby="repositories-heading" className="mt-8">
      <h2 id="repositories-heading" className="text-lg font-semibold text-slate-900">
        Repositories <span className="text-sm font-normal text-slate-500">({total})</span>
      </h2>
      {repositories.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {total === 0 ? 'No repositories yet: press Sync now to list them.' : 'Nothing on this page.'}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
          {repositories.map((repository) => (
            <li key={repository.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-start sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="break-words font-medium text-slate-900">
                  {repository.web_url ? (
                    <a href={repository.web_url} rel="noopener noreferrer nofollow" className="hover:underline">
                      {repository.full_name}
                    </a>
                  ) : (
                    repository.full_name
                  )}
                </p>
                <p className="mt-0.5 break-words text-sm text-slate-600">
                  {repository.last_commit && (
                    <span className="mr-2 font-mono text-slate-500">{shortCommit(repository.last_commit)}</span>
                  )}
                  {repository.last_result ?? (repository.state === 'queued' ? 'Waiting for its turn.' : '')}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-3">
                <span
                  className={cn(
                    'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1',
                    STATE_STYLES[repository.state],
                  )}
                >
                  {repository.state}
                </span>
                {repository.stack && (
                  <Link
                    to={repository.stack.path}
                    className="text-sm font-medium text-brand-700 hover:underline"
                    aria-label={`Stack ${repository.stack.name}`}
                  >
                    {repository.stack.name}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager className="mt-4" page={page} hasMore={page * perPage < total} hrefFor={hrefFor} />
    </section>
  )
}
