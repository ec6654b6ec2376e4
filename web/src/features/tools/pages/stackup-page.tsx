// /stackups/{a}-vs-{b}: two tools side by side (issue 8 "Tool pages"): name, title, description, category,
// followers, stacks, top pros and cons with votes, and the companies using each. The pair's canonical order is
// alphabetical (contracts/tool-page-meta.ts stackupSlug): the other order redirects, here and on the server.
// Unknown tools show the not-found page. docs/decisions/020-tool-pages-and-stackups.md.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, Navigate, useLocation, useParams } from 'react-router'
import { formatCappedCount, formatInteger } from '#contracts/counts.ts'
import { stackupShareImagePath } from '#contracts/share-images.ts'
import type { StackupResponse, StackupSide } from '#contracts/tool-page.ts'
import { stackupMetaDescription, stackupStructuredData, stackupTitle } from '#contracts/tool-page-meta.ts'
import { FollowButton, prefetchFollowStatus } from '../../../components/follow-button.tsx'
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
import { stackupQuery, useStackup } from '../api/get-stackup.ts'
import { CompanyGrid } from '../components/company-grid.tsx'
import { ReasonColumns } from '../components/reason-columns.tsx'

/** The comparison's answer; the pair asked in the other order moves to the canonical address. */
export const prefetch: Prefetch = async (queryClient, { params, request }) => {
  const query = stackupQuery(params.pair ?? '')
  await queryClient.prefetchQuery(query)
  const data = queryClient.getQueryData(query.queryKey)
  await Promise.all(
    (data?.tools ?? []).map((side) => prefetchFollowStatus(queryClient, { type: 'tool', id: side.tool.id })),
  )
  return redirectToCanonical(request, data?.canonical_url)
}

export default function StackupPage() {
  const { pair = '' } = useParams()
  const location = useLocation()
  const queryClient = useQueryClient()
  const { data, error, isPending } = useStackup(pair)
  const { user } = useCurrentUser()
  const [first, second] = data?.tools ?? []
  const myVotes = useReasonVotes(first && second ? [first.tool.id, second.tool.id] : [], Boolean(user))
  const isCanonical = data?.slug === pair
  useDocumentTitle(first && second && isCanonical ? stackupTitle(first.tool, second.tool) : null)
  usePageMeta(
    data && first && second && isCanonical
      ? {
          description: stackupMetaDescription(first.tool, second.tool),
          canonicalPath: data.canonical_url,
          imagePath: stackupShareImagePath(first.tool.slug, second.tool.slug),
          structuredData: stackupStructuredData(first.tool, second.tool, data.canonical_url, siteOrigin()),
        }
      : null,
  )
  useEffect(() => {
    // the same comparison asked in the other order: keep what was fetched for the canonical address
    if (data && data.slug !== pair) queryClient.setQueryData<StackupResponse>(stackupQuery(data.slug).queryKey, data)
  }, [data, pair, queryClient])

  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />
  if (isPending) return <StackupSkeleton />
  if (!data || !first || !second)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <Alert tone="error">We couldn't load this comparison. Please reload the page.</Alert>
      </div>
    )
  if (!isCanonical) return <Navigate to={`${data.canonical_url}${location.search}`} replace />

  return (
    <article className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <header className="text-center">
        <div className="flex items-center justify-center gap-4">
          <ToolLogo src={first.tool.image_url} className="size-14 rounded-xl p-1.5" />
          <span className="text-sm font-semibold uppercase tracking-wide text-slate-500" aria-hidden="true">
            vs
          </span>
          <ToolLogo src={second.tool.image_url} className="size-14 rounded-xl p-1.5" />
        </div>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {first.tool.name} vs {second.tool.name}
        </h1>
        <p className="mt-2 text-slate-600">
          Followers, stacks, pros and cons, and the companies using each, side by side.
        </p>
      </header>

      <div className="mt-8 grid grid-cols-2 gap-3 sm:gap-6">
        <ToolSummary side={first} />
        <ToolSummary side={second} />
      </div>

      <section aria-labelledby="glance-heading" className="mt-10">
        <h2 id="glance-heading" className="text-lg font-semibold text-slate-900">
          At a glance
        </h2>
        <div className="mt-3 overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
          <table className="w-full table-fixed text-sm">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <td className="w-1/4 px-3 py-2 sm:w-1/3" />
                <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
                  {first.tool.name}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
                  {second.tool.name}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              <GlanceRow label="Category" values={[first, second].map((side) => side.tool.category?.name ?? '—')} />
              <GlanceRow label="Followers" values={[first, second].map((side) => count(side.followers_count))} />
              <GlanceRow label="Stacks" values={[first, second].map((side) => count(side.tool.stacks_count))} />
              <GlanceRow label="Companies" values={[first, second].map(companiesCount)} />
              <GlanceRow label="Pros" values={[first, second].map((side) => count(side.pros_count))} />
              <GlanceRow label="Cons" values={[first, second].map((side) => count(side.cons_count))} />
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="reasons-heading" className="mt-10">
        <h2 id="reasons-heading" className="text-lg font-semibold text-slate-900">
          Pros &amp; Cons
        </h2>
        <div className="mt-3 grid grid-cols-1 gap-6 md:grid-cols-2">
          {[first, second].map((side) => (
            <div key={side.tool.id}>
              <ReasonColumns
                toolName={side.tool.name}
                pros={side.pros}
                cons={side.cons}
                prosCount={side.pros_count}
                consCount={side.cons_count}
                myVotes={myVotes}
                isStacked
              />
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="companies-heading" className="mt-10">
        <h2 id="companies-heading" className="text-lg font-semibold text-slate-900">
          Companies using them
        </h2>
        <div className="mt-3 grid grid-cols-1 gap-6 md:grid-cols-2">
          {[first, second].map((side) => (
            <div key={side.tool.id}>
              <h3 className="font-semibold text-slate-800">
                {side.tool.name} <span className="text-sm font-normal text-slate-500">({companiesCount(side)})</span>
              </h3>
              {side.companies.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">No company has shared a stack with {side.tool.name} yet.</p>
              ) : (
                <CompanyGrid companies={side.companies} className="mt-2 sm:grid-cols-2" />
              )}
            </div>
          ))}
        </div>
      </section>
    </article>
  )
}

const count = formatInteger
const companiesCount = (side: StackupSide) => formatCappedCount(side.companies_count, side.is_companies_count_capped)

/** The catalog's title is often the description's first words cut with '…': then the description adds nothing new
 * to a half-width card. */
function repeatsTitle(description: string, title: string | null): boolean {
  if (!title) return false
  const start = title.trim().replace(/…$/, '').trim()
  return description.trim().startsWith(start)
}

function GlanceRow({ label, values }: { label: string; values: string[] }) {
  return (
    <tr>
      <th scope="row" className="px-3 py-2 text-left font-medium text-slate-500">
        {label}
      </th>
      {values.map((value, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: always two cells, one per tool, in a fixed order
        <td key={index} className="break-words px-3 py-2 text-slate-800">
          {value}
        </td>
      ))}
    </tr>
  )
}

function ToolSummary({ side }: { side: StackupSide }) {
  const { tool } = side
  return (
    <section
      aria-label={tool.name}
      className="flex min-w-0 flex-col rounded-2xl bg-white p-3 ring-1 ring-slate-200 sm:p-5"
      data-testid="stackup-tool"
    >
      <div className="flex items-center gap-3">
        <ToolLogo src={tool.image_url} className="hidden size-12 rounded-xl sm:block" />
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold text-slate-900">
            <Link to={tool.canonical_url} className="hover:text-brand-700">
              {tool.name}
            </Link>
          </h2>
          {tool.title && <p className="line-clamp-2 text-sm text-slate-600">{tool.title}</p>}
        </div>
      </div>
      {tool.description && !repeatsTitle(tool.description, tool.title) && (
        <p className="mt-3 line-clamp-4 hidden text-sm text-slate-700 sm:block">{tool.description}</p>
      )}
      <p className="mt-3 text-xs text-slate-500">
        {plural(tool.stacks_count, 'stack')} · {plural(side.followers_count, 'follower')}
      </p>
      <div className="mt-auto pt-4">
        <FollowButton followeeType="tool" followeeId={tool.id} followeeName={tool.name} />
      </div>
    </section>
  )
}

function StackupSkeleton() {
  return (
    <LoadingRegion className="mx-auto max-w-5xl px-4 py-8 sm:px-6" label="Loading comparison">
      <div className="flex flex-col items-center gap-4">
        <Skeleton className="h-14 w-40" />
        <Skeleton className="h-8 w-64" />
      </div>
      <div className="mt-8 grid grid-cols-2 gap-6">
        <Skeleton className="h-48 w-full rounded-2xl" />
        <Skeleton className="h-48 w-full rounded-2xl" />
      </div>
    </LoadingRegion>
  )
}
