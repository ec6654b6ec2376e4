// /companies/{slug}: a company's logo, name, website, description and verified badge, and the stacks the viewer
// may see (issue 4 "Pages"), the job-stack card (issue 7), and for its admins the way to its jobs
// (/companies/{slug}/jobs). Unknown companies show the not-found page. Rendered on the server with its stacks and
// job-stack card, its title, meta description, canonical link, share image and JSON-LD (Organization, home → company
// breadcrumbs); the follow state and the comments load in the browser.
import { BadgeCheck, Briefcase, ExternalLink, Layers, Radar, UsersRound } from 'lucide-react'
import { Link, useParams } from 'react-router'
import type { CompanyPage as CompanyPageData } from '#contracts/companies.ts'
import { companyMetaDescription, companyPageTitle, companyStructuredData } from '#contracts/company-page-meta.ts'
import { httpUrlOf } from '#contracts/http-links.ts'
import { companyRadarPath } from '#contracts/radar.ts'
import { prefetchComments } from '../../../components/comments/api/get-comments.ts'
import { Comments } from '../../../components/comments/lazy-comments.tsx'
import { FollowButton, prefetchFollowStatus } from '../../../components/follow-button.tsx'
import NotFoundPage from '../../../components/not-found-page.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { OwnerLogo } from '../../../components/ui/owner-logo.tsx'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { usePageMeta } from '../../../lib/page-meta.ts'
import { type Prefetch, redirectToCanonical } from '../../../lib/prefetch.ts'
import { siteOrigin } from '../../../lib/rendered-page.ts'
import { useSiteName } from '../../../lib/site.ts'
import { websiteLabel } from '../../../lib/website.ts'
import { companyPageQuery, useCompanyPage } from '../api/get-company-page.ts'
import { jobStackCardQuery } from '../api/get-job-stack-card.ts'
import { CompanyAdminActions } from '../components/company-admin-actions.tsx'
import { CompanyStackCard } from '../components/company-stack-card.tsx'
import { JobStackCard } from '../components/job-stack-card.tsx'

/** The company and its stacks, and the job-stack card; the slug in other capitals moves to the canonical address. */
export const prefetch: Prefetch = async (queryClient, { params, request }) => {
  const query = companyPageQuery(params.slug ?? '')
  await Promise.all([queryClient.prefetchQuery(query), queryClient.prefetchQuery(jobStackCardQuery(params.slug ?? ''))])
  const company = queryClient.getQueryData(query.queryKey)?.company
  await Promise.all([
    prefetchComments(queryClient, company && { type: 'company', id: company.id }),
    prefetchFollowStatus(queryClient, company && { type: 'company', id: company.id }),
  ])
  return redirectToCanonical(request, company?.path)
}

/** The company's share card (1200x630), made by the server. */
const shareImagePath = (company: CompanyPageData['company']) => `/share/companies/${company.slug}.png`

export default function CompanyPage() {
  const { slug = '' } = useParams()
  const { data, error, isPending } = useCompanyPage(slug)
  const siteName = useSiteName()
  useDocumentTitle(data ? companyPageTitle(data.company) : null)
  usePageMeta(
    data
      ? {
          description: companyMetaDescription(data.company, data.stacks),
          canonicalPath: data.company.path,
          // a private-mode company keeps a private directory: it gets no card to share
          imagePath: data.company.private_mode ? undefined : shareImagePath(data.company),
          structuredData: companyStructuredData(data.company, siteOrigin(), siteName),
        }
      : null,
  )

  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />
  if (isPending) return <CompanyPageSkeleton />
  if (!data)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <Alert tone="error">We couldn't load this company. Please reload the page.</Alert>
      </div>
    )

  const { company, stacks } = data
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
      <CompanyHeader company={company} />
      <CompanyAdminActions company={company} />
      <JobStackCard companySlug={company.slug} className="mt-4" />
      <section aria-labelledby="stacks-heading" className="mt-8">
        <h2 id="stacks-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Layers className="size-5 text-slate-400" aria-hidden="true" />
          Stacks
          {stacks.length > 0 && <span className="text-sm font-normal text-slate-500">({stacks.length})</span>}
        </h2>
        {stacks.length === 0 ? (
          <div className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
            <p className="font-medium text-slate-700">No stacks yet</p>
            <p className="mt-1 text-sm text-slate-600">When {company.name} shares a stack, it shows up here.</p>
          </div>
        ) : (
          <ul className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
            {stacks.map((stack) => (
              <CompanyStackCard key={stack.id} stack={stack} />
            ))}
          </ul>
        )}
      </section>
      <Comments commentableType="company" commentableId={company.id} />
    </div>
  )
}

function CompanyHeader({ company }: { company: CompanyPageData['company'] }) {
  const href = httpUrlOf(company.website_url)
  // Phones: logo beside the name, the description and Follow below at full width. Wider: logo, a text column, Follow.
  return (
    <header className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:gap-x-5 sm:gap-y-2 sm:p-6">
      <OwnerLogo owner={company} className="size-14 self-start p-1 text-2xl sm:row-span-2 sm:size-20 sm:text-3xl" />
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {company.name}
          </h1>
          {company.verified && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">
              <BadgeCheck className="size-3.5" aria-hidden="true" /> Verified
            </span>
          )}
        </div>
        {href && company.website_url && (
          <a
            href={href}
            target="_blank"
            rel="nofollow noopener"
            className="mt-1 inline-flex max-w-full items-center gap-1 text-sm text-brand-700 hover:underline"
          >
            <span className="truncate">{websiteLabel(company.website_url)}</span>
            <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
      </div>
      <div className="col-span-2 min-w-0 sm:col-span-1 sm:col-start-2">
        {company.description ? (
          <p className="max-w-3xl whitespace-pre-line break-words text-slate-700">{company.description}</p>
        ) : (
          <p className="text-slate-500 italic">No company description.</p>
        )}
      </div>
      <div className="col-span-2 flex flex-wrap gap-2 sm:col-span-1 sm:col-start-3 sm:row-start-1 sm:flex-col sm:self-start">
        <FollowButton followeeType="company" followeeId={company.id} followeeName={company.name} />
        <Link
          to={companyRadarPath(company.slug)}
          className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-white px-4 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          <Radar className="size-4" aria-hidden="true" /> Tech Radar
        </Link>
        {company.current_user_member && (
          <Link
            to={`/companies/${company.slug}/team`}
            className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-white px-4 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            <UsersRound className="size-4" aria-hidden="true" /> {company.current_user_admin ? 'Manage Team' : 'Team'}
          </Link>
        )}
        {company.current_user_admin && (
          <Link
            to={`/companies/${company.slug}/jobs`}
            className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-white px-4 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            <Briefcase className="size-4" aria-hidden="true" /> Manage jobs
          </Link>
        )}
      </div>
    </header>
  )
}

function CompanyPageSkeleton() {
  return (
    <LoadingRegion className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-8" label="Loading company">
      <div className="flex items-center gap-5 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        <Skeleton className="size-20 shrink-0 rounded-2xl" />
        <div className="w-full space-y-3">
          <Skeleton className="h-8 w-56" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      </div>
      <div className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Skeleton className="h-32 w-full rounded-xl" />
        <Skeleton className="h-32 w-full rounded-xl" />
      </div>
    </LoadingRegion>
  )
}
