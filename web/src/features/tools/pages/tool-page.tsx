// /tools/{slug} (issue 8 "Tool pages"): logo, name, title, follow, I Use This; about, pros and cons with votes,
// stacks and companies using it, comments; details, alternatives of its category with 'Compare', and jobs asking for
// it (all on /match/{slug}). The first screen is one API answer; the viewer's votes and follow state, the comments
// and I Use This's menu load apart. Title, meta description, canonical link and JSON-LD: usePageMeta (the server
// puts the same into the HTML of a first load). Unknown, hidden and unapproved tools show the not-found page.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Briefcase, ChevronRight, ExternalLink, Layers, MapPin } from 'lucide-react'
import { Link, Navigate, useLocation, useParams } from 'react-router'
import { formatCappedCount, formatInteger } from '#contracts/counts.ts'
import { httpUrlOf } from '#contracts/http-links.ts'
import { toolShareImagePath } from '#contracts/share-images.ts'
import type { ToolPageResponse } from '#contracts/tool-page.ts'
import {
  toolAlternativesPath,
  toolMetaDescription,
  toolPageTitle,
  toolStructuredData,
} from '#contracts/tool-page-meta.ts'
import type { ToolDetail, ToolStack } from '#contracts/tools.ts'
import { prefetchComments } from '../../../components/comments/api/get-comments.ts'
import { Comments } from '../../../components/comments/lazy-comments.tsx'
import { FollowButton, followStatusQuery, prefetchFollowStatus } from '../../../components/follow-button.tsx'
import { IUseThisButton } from '../../../components/i-use-this-button.tsx'
import NotFoundPage from '../../../components/not-found-page.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { usePageMeta } from '../../../lib/page-meta.ts'
import { plural } from '../../../lib/plural.ts'
import { type Prefetch, redirectToCanonical } from '../../../lib/prefetch.ts'
import { siteOrigin } from '../../../lib/rendered-page.ts'
import { useCurrentUser } from '../../../lib/session.tsx'
import { useReasonVotes } from '../api/get-reason-votes.ts'
import { toolQuery, useTool } from '../api/get-tool.ts'
import { AlternativeRow } from '../components/alternative-row.tsx'
import { CompanyGrid } from '../components/company-grid.tsx'
import { ReasonColumns } from '../components/reason-columns.tsx'
import { ToolCustomers } from '../components/tool-customers.tsx'

/** The tool's answer; an alias or another spelling of its slug moves to the canonical address. */
export const prefetch: Prefetch = async (queryClient, { params, request }) => {
  const query = toolQuery(params.slug ?? '')
  await queryClient.prefetchQuery(query)
  const tool = queryClient.getQueryData(query.queryKey)?.tool
  await Promise.all([
    prefetchComments(queryClient, tool && { type: 'tool', id: tool.id }),
    prefetchFollowStatus(queryClient, tool?.is_approved ? { type: 'tool', id: tool.id } : undefined),
  ])
  return redirectToCanonical(request, tool?.canonical_url)
}

export default function ToolPage() {
  const { slug = '' } = useParams()
  const location = useLocation()
  const { data, error, isPending } = useTool(slug)
  const queryClient = useQueryClient()
  const { user } = useCurrentUser()
  const tool = data?.tool
  const myVotes = useReasonVotes(tool ? [tool.id] : [], Boolean(user))
  useDocumentTitle(tool ? toolPageTitle(tool) : null)
  usePageMeta(
    tool
      ? {
          description: toolMetaDescription(tool),
          canonicalPath: tool.canonical_url,
          imagePath: toolShareImagePath(tool.slug),
          structuredData: toolStructuredData(tool, siteOrigin()),
        }
      : null,
  )
  // The catalog's title is often the description's first sentence: repeat nothing the header already says.
  const about = tool?.description && tool.description.trim() !== tool.title?.trim() ? tool.description : null
  // The follow button's answer (the same query, no second request) keeps the count in step after a toggle.
  const followStatus = useQuery({ ...followStatusQuery('tool', tool?.id ?? 0), enabled: Boolean(tool?.is_approved) })

  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />
  if (isPending) return <ToolPageSkeleton />
  if (!data || !tool)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <Alert tone="error">We couldn't load this tool. Please reload the page.</Alert>
      </div>
    )
  // another spelling of the tool's name (/tools/nodejs): the server answers 301, a link inside the app moves here
  if (tool.slug !== slug) return <Navigate to={`${tool.canonical_url}${location.search}`} replace />
  // stored addresses from before the http(s) rule are shown, never linked (decision 036)
  const websiteHref = httpUrlOf(tool.website_url)

  return (
    <article className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <Breadcrumbs tool={tool} />
      {!tool.is_approved && (
        <Alert tone="warning" className="mt-4">
          {tool.just_added
            ? 'You added this tool. It is visible only to you until a moderator approves it.'
            : 'This tool is waiting for approval and is not public yet.'}
        </Alert>
      )}
      {tool.hidden && (
        <Alert tone="warning" className="mt-4">
          A moderator has hidden this tool from public lists.
        </Alert>
      )}

      <header className="mt-6 flex flex-col gap-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:flex-row sm:items-center">
        <ToolLogo src={tool.image_url} className="size-20 rounded-2xl p-2" />
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{tool.name}</h1>
          {tool.title && <p className="mt-1 text-lg text-slate-600">{tool.title}</p>}
          <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-600">
            <Layers className="size-4 text-slate-400" aria-hidden="true" />
            <span>
              <strong className="font-semibold text-slate-900">{plural(tool.stacks_count, 'stack')}</strong>{' '}
              {tool.stacks_count === 1 ? 'uses' : 'use'} {tool.name}
            </span>
          </p>
          {tool.is_approved && (
            <FollowButton followeeType="tool" followeeId={tool.id} followeeName={tool.name} className="mt-4" />
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 sm:flex-col sm:items-stretch">
          {tool.is_approved && (
            // Adding the tool to a public stack puts that stack in the list below: refetch the page.
            <IUseThisButton
              serviceId={tool.id}
              toolName={tool.name}
              onChanged={() => queryClient.invalidateQueries({ queryKey: toolQuery(slug).queryKey })}
            />
          )}
          {websiteHref && (
            <a
              href={websiteHref}
              target="_blank"
              rel="nofollow noopener"
              className="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
            >
              Visit website
              <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>
      </header>

      <div className="mt-8 grid grid-cols-1 gap-10 md:grid-cols-3 md:gap-8">
        <div className="min-w-0 space-y-10 md:col-span-2">
          {about && (
            <section aria-labelledby="about-heading">
              <h2 id="about-heading" className="text-lg font-semibold text-slate-900">
                About {tool.name}
              </h2>
              <p className="mt-2 whitespace-pre-line text-slate-700">{about}</p>
            </section>
          )}

          <section aria-labelledby="reasons-heading">
            <h2 id="reasons-heading" className="text-lg font-semibold text-slate-900">
              {tool.name} Pros &amp; Cons
            </h2>
            <div className="mt-3">
              <ReasonColumns
                toolName={tool.name}
                pros={data.pros}
                cons={data.cons}
                prosCount={data.pros_count}
                consCount={data.cons_count}
                myVotes={myVotes}
              />
            </div>
          </section>

          <StacksSection tool={tool} />

          <section aria-labelledby="companies-heading">
            <h2 id="companies-heading" className="text-lg font-semibold text-slate-900">
              Companies with {tool.name} in their stack
              {data.companies_count > 0 && (
                <span className="ml-2 text-sm font-normal text-slate-500">
                  ({formatCappedCount(data.companies_count, data.is_companies_count_capped)})
                </span>
              )}
            </h2>
            {data.companies.length === 0 ? (
              <EmptyNote>No company has shared a stack with {tool.name} yet.</EmptyNote>
            ) : (
              <>
                <CompanyGrid companies={data.companies} className="mt-3" />
                {data.companies_count > data.companies.length && (
                  <p className="mt-3 text-sm text-slate-600">
                    and{' '}
                    {plural(
                      data.companies_count - data.companies.length,
                      'more company',
                      'more companies',
                      data.is_companies_count_capped,
                    )}
                  </p>
                )}
              </>
            )}
          </section>

          {/* The vendor's customer list (decision 016): its own section, spaced like the others */}
          <div className="empty:hidden [&>section]:mt-0">
            <ToolCustomers slug={tool.slug} toolName={tool.name} />
          </div>

          <Comments commentableType="tool" commentableId={tool.id} />
        </div>

        <aside aria-label={`More about ${tool.name}`} className="min-w-0 space-y-8 text-sm">
          <dl className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <Detail label="Followers">
              {formatInteger(followStatus.data?.data.follower_count ?? data.followers_count)}
            </Detail>
            {tool.category && (
              <Detail label="Category">
                <Link to={`/categories/${tool.category.slug}`} className="text-brand-700 hover:underline">
                  {tool.category.name}
                </Link>
              </Detail>
            )}
            {tool.layer && (
              <Detail label="Layer">
                <Link to={`/tools?layer=${tool.layer.slug}`} className="text-brand-700 hover:underline">
                  {tool.layer.name}
                </Link>
              </Detail>
            )}
            {websiteHref && tool.website_url && (
              <Detail label="Website">
                <a
                  href={websiteHref}
                  target="_blank"
                  rel="nofollow noopener"
                  className="break-all text-brand-700 hover:underline"
                >
                  {displayUrl(tool.website_url)}
                </a>
              </Detail>
            )}
            {tool.is_package && <Detail label="Kind">Package</Detail>}
          </dl>
          <AlternativesSection page={data} />
          <JobsSection page={data} />
        </aside>
      </div>
    </article>
  )
}

function EmptyNote({ children }: { children: React.ReactNode }) {
  return (
    <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
      {children}
    </p>
  )
}

function StacksSection({ tool }: { tool: ToolDetail }) {
  return (
    <section aria-labelledby="stacks-heading">
      <h2 id="stacks-heading" className="text-lg font-semibold text-slate-900">
        Stacks using {tool.name}
      </h2>
      {tool.stacks.length === 0 ? (
        <EmptyNote>No public stack uses {tool.name} yet.</EmptyNote>
      ) : (
        <>
          <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
            {tool.stacks.map((stack) => (
              <li key={stack.id}>
                <StackCard stack={stack} />
              </li>
            ))}
          </ul>
          {tool.stacks_count > tool.stacks.length && (
            <p className="mt-3 text-sm text-slate-600">
              and {plural(tool.stacks_count - tool.stacks.length, 'more stack')}
            </p>
          )}
        </>
      )}
    </section>
  )
}

/** The most popular tools of the same category, each with a link to compare it side by side. */
function AlternativesSection({ page }: { page: ToolPageResponse }) {
  const { tool, alternatives } = page
  if (!tool.category || alternatives.length === 0) return null
  return (
    <section aria-labelledby="alternatives-heading">
      <h2 id="alternatives-heading" className="text-base font-semibold text-slate-900">
        {tool.name} alternatives
      </h2>
      <p className="mt-0.5 text-xs text-slate-500">The most popular in {tool.category.name}</p>
      <ul className="mt-3 space-y-2">
        {alternatives.map((alternative) => (
          <AlternativeRow key={alternative.id} of={tool} alternative={alternative} />
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1">
        <Link to={toolAlternativesPath(tool.slug)} className="text-brand-700 hover:underline">
          See all alternatives
        </Link>
        <Link to={`/categories/${tool.category.slug}`} className="text-brand-700 hover:underline">
          All {tool.category.name}
        </Link>
      </div>
    </section>
  )
}

/** The newest open jobs asking for the tool; Stack Match (/match/{slug}) lists them all. */
function JobsSection({ page }: { page: ToolPageResponse }) {
  const { tool, jobs, jobs_count: count, is_jobs_count_capped: capped } = page
  const matchPath = `/match/${tool.slug}`
  return (
    <section aria-labelledby="jobs-heading">
      <h2 id="jobs-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Briefcase className="size-4 text-slate-400" aria-hidden="true" />
        Jobs using {tool.name}
        {count > 0 && <span className="text-sm font-normal text-slate-500">({formatCappedCount(count, capped)})</span>}
      </h2>
      {jobs.length === 0 ? (
        <p className="mt-2 text-slate-600">No open job asks for {tool.name} right now.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {jobs.map((job) => (
            <li key={job.id} className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
              <Link to={job.canonical_url} className="font-medium text-slate-900 hover:text-brand-700">
                {job.title}
              </Link>
              <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 text-xs text-slate-500">
                <span>{job.company_name}</span>
                {(job.location || job.remote) && (
                  <>
                    <MapPin className="size-3" aria-hidden="true" />
                    <span>
                      {[job.location, job.remote && !job.location ? 'Remote' : null].filter(Boolean).join(' ')}
                    </span>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Link to={matchPath} className="mt-3 inline-block font-medium text-brand-700 hover:underline">
        {count > 0
          ? `See all ${plural(count, 'job', 'jobs', capped)} in Stack Match`
          : `Find ${tool.name} jobs in Stack Match`}
      </Link>
    </section>
  )
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right font-medium text-slate-800">{children}</dd>
    </div>
  )
}

function Breadcrumbs({ tool }: { tool: ToolDetail }) {
  const crumbs = [{ to: '/tools', label: 'Tools' }]
  if (tool.layer) crumbs.push({ to: `/tools?layer=${tool.layer.slug}`, label: tool.layer.name })
  if (tool.category) crumbs.push({ to: `/categories/${tool.category.slug}`, label: tool.category.name })
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-500">
        {crumbs.map((crumb) => (
          <li key={crumb.to} className="flex items-center gap-1">
            <Link to={crumb.to} className="hover:text-brand-700">
              {crumb.label}
            </Link>
            <ChevronRight className="size-4" aria-hidden="true" />
          </li>
        ))}
        <li aria-current="page" className="text-slate-700">
          {tool.name}
        </li>
      </ol>
    </nav>
  )
}

function StackCard({ stack }: { stack: ToolStack }) {
  const image = stack.image_url ?? stack.owner.image_url
  return (
    <Link
      to={stack.canonical_url}
      className="flex items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200 hover:ring-brand-500/40"
    >
      {image ? (
        <img src={image} alt="" className="size-10 shrink-0 rounded-lg object-cover" loading="lazy" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 font-semibold text-brand-700"
        >
          {stack.owner.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="min-w-0">
        <span className="block truncate font-medium text-slate-900">{stack.name}</span>
        <span className="block truncate text-xs text-slate-500">
          {stack.owner.type === 'Company' ? stack.owner.name : `@${stack.owner.slug}`}
        </span>
      </span>
    </Link>
  )
}

function displayUrl(url: string): string {
  return url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '')
}

function ToolPageSkeleton() {
  return (
    <LoadingRegion className="mx-auto max-w-5xl px-4 py-8 sm:px-6" label="Loading tool">
      <Skeleton className="h-4 w-64" />
      <div className="mt-6 flex items-center gap-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        <Skeleton className="size-20 shrink-0 rounded-2xl" />
        <div className="w-full space-y-3">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-32" />
        </div>
      </div>
      <div className="mt-8 space-y-2">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    </LoadingRegion>
  )
}
