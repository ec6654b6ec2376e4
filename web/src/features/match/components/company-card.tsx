import { COMPANY_DESCRIPTION_MAX_SHOWN, type CompanyResult } from '#contracts/match.ts'
import { MatchRing } from '../../../components/match-ring.tsx'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { ResultStack } from './result-stack.tsx'

/** spec §9: descriptions are cut at 320 characters. */
export function truncateDescription(text: string): string {
  return text.length > COMPANY_DESCRIPTION_MAX_SHOWN
    ? `${text.slice(0, COMPANY_DESCRIPTION_MAX_SHOWN).trimEnd()}...`
    : text
}

export function CompanyCard({ company }: { company: CompanyResult }) {
  return (
    <li className="flex gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="company-result">
      <MatchRing match={company.match} />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex items-start gap-3">
          <ToolLogo src={company.image_url} className="size-10" />
          <div className="min-w-0">
            <h3 className="font-semibold text-slate-900">
              <a href={company.company_url} className="hover:underline">
                {company.name}
              </a>
              {company.verified && <span className="ml-2 text-xs text-green-700">Verified</span>}
            </h3>
            <p className="text-sm text-slate-600">
              {company.city && <>{company.city} · </>}
              {company.job_count} {company.job_count === 1 ? 'job' : 'jobs'}
            </p>
          </div>
        </div>
        <p className="text-sm text-slate-700">
          {company.description ? truncateDescription(company.description) : 'No company description.'}
        </p>
        {company.tag_list.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label="Tags">
            {company.tag_list.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <ResultStack stack={company.stack} toolsCount={company.tools_count} />
      </div>
    </li>
  )
}
