import { Link } from 'react-router'
import type { JobResult } from '#contracts/match.ts'
import { MatchRing } from '../../../components/match-ring.tsx'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { ResultStack } from './result-stack.tsx'

export function JobCard({ job }: { job: JobResult }) {
  const terms = [job.full_time && 'Full-time', job.freelance && 'Freelance', job.remote && 'Remote'].filter(Boolean)
  return (
    <li className="flex gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="job-result">
      <MatchRing match={job.match} />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex items-start gap-3">
          <ToolLogo src={job.company_image_url} className="size-10" />
          <div className="min-w-0">
            <h3 className="font-semibold text-slate-900">
              <Link to={job.canonical_url} className="hover:underline">
                {job.title}
              </Link>
              {job.is_demo && (
                <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">Demo</span>
              )}
            </h3>
            <p className="text-sm text-slate-600">
              <a href={`/companies/${job.company_slug}`} className="hover:underline">
                {job.company_name}
              </a>
              {(job.city || job.location) && <> · {job.city ?? job.location}</>}
              {terms.length > 0 && <> · {terms.join(', ')}</>}
            </p>
          </div>
        </div>
        {job.company_tag_list.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label="Tags">
            {job.company_tag_list.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <ResultStack stack={job.stack} toolsCount={job.tools_count} moreHref={job.canonical_url} />
      </div>
    </li>
  )
}
