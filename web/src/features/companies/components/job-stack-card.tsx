// The job-stack card (spec §2 'Job-stack card'): with a job stack, 'Your job stack is a' and the match percentage,
// with 'View {company}'s Jobs'; otherwise 'Add your stack' with 'See if you're a match for {company}'s Jobs'. Both
// follow the click path the server gives (Stack Match narrowed to the company's jobs). Shown only when the company
// has open jobs: a link to no jobs helps nobody. docs/decisions/020-tool-pages-and-stackups.md.
import { Briefcase } from 'lucide-react'
import { Link } from 'react-router'
import { formatMatchPercent } from '#contracts/match.ts'
import { MatchRing } from '../../../components/match-ring.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { plural } from '../../../lib/plural.ts'
import { useJobStackCard } from '../api/get-job-stack-card.ts'

export function JobStackCard({ companySlug, className }: { companySlug: string; className?: string }) {
  const { data } = useJobStackCard(companySlug)
  if (!data || data.job_count === 0) return null
  const name = data.company.name
  return (
    <section
      aria-label="Your job stack"
      data-testid="job-stack-card"
      className={cn(
        'flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5',
        className,
      )}
    >
      {data.has_job_stack && data.match !== null ? (
        <>
          <MatchRing match={data.match} />
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">
              Your job stack is a <span data-testid="job-stack-match">{formatMatchPercent(data.match)}</span> match
            </p>
            <Link to={data.path} className="mt-1 inline-block text-sm font-medium text-brand-700 hover:underline">
              View {name}'s Jobs
            </Link>
          </div>
        </>
      ) : (
        <>
          <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Briefcase className="size-6" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">Add your stack</p>
            <Link to={data.path} className="mt-1 inline-block text-sm font-medium text-brand-700 hover:underline">
              See if you're a match for {name}'s Jobs
            </Link>
          </div>
        </>
      )}
      <p className="ml-auto hidden shrink-0 text-sm text-slate-500 sm:block">{plural(data.job_count, 'open job')}</p>
    </section>
  )
}
