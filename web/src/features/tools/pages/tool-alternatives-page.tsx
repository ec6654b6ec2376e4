// /tools/{slug}/alternatives (acceptance 2026-12-01, minor 12): every alternative of a public tool, the other tools
// of its category most popular first (the tool page's six and the rest), each with 'Compare', 20 at a time behind
// "Load more". Drawn on the server with its first page; an alias of the tool moves to the canonical address.
import { useInfiniteQuery } from '@tanstack/react-query'
import { ChevronRight } from 'lucide-react'
import { Link, Navigate, useLocation, useParams } from 'react-router'
import { pageItemList } from '#contracts/list-page-meta.ts'
import {
  toolAlternativesMetaDescription,
  toolAlternativesPath,
  toolAlternativesTitle,
} from '#contracts/tool-page-meta.ts'
import NotFoundPage from '../../../components/not-found-page.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { usePageMeta } from '../../../lib/page-meta.ts'
import { type Prefetch, redirectToCanonical } from '../../../lib/prefetch.ts'
import { siteOrigin } from '../../../lib/rendered-page.ts'
import { toolAlternativesQuery } from '../api/get-tool-alternatives.ts'
import { AlternativeRow } from '../components/alternative-row.tsx'

/** The first page; the tool asked by an alias or another spelling moves to its canonical address. */
export const prefetch: Prefetch = async (queryClient, { params, request }) => {
  const query = toolAlternativesQuery(params.slug ?? '')
  await queryClient.prefetchInfiniteQuery(query)
  const tool = queryClient.getQueryData(query.queryKey)?.pages[0]?.tool
  return redirectToCanonical(request, tool && toolAlternativesPath(tool.slug))
}

export default function ToolAlternativesPage() {
  const { slug = '' } = useParams()
  const location = useLocation()
  const list = useInfiniteQuery(toolAlternativesQuery(slug))
  const tool = list.data?.pages[0]?.tool
  const alternatives = list.data?.pages.flatMap((page) => page.tools) ?? []
  useDocumentTitle(tool ? toolAlternativesTitle(tool) : null)
  usePageMeta(
    tool
      ? {
          description: toolAlternativesMetaDescription(tool),
          canonicalPath: toolAlternativesPath(tool.slug),
          // the first page's alternatives, as the server draws them
          structuredData: pageItemList(
            toolAlternativesTitle(tool),
            (list.data?.pages[0]?.tools ?? []).map((item) => ({ name: item.name, path: item.canonical_url })),
            siteOrigin(),
          ),
        }
      : null,
  )

  if (list.error instanceof ApiError && list.error.status === 404) return <NotFoundPage />
  if (list.isPending) return <AlternativesSkeleton />
  if (!tool)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <Alert tone="error">We couldn't load these alternatives. Please reload the page.</Alert>
      </div>
    )
  if (tool.slug !== slug) return <Navigate to={`${toolAlternativesPath(tool.slug)}${location.search}`} replace />

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-1 text-sm text-slate-500">
        <Link to={tool.canonical_url} className="hover:text-brand-700">
          {tool.name}
        </Link>
        <ChevronRight className="size-3.5" aria-hidden="true" />
        <span className="text-slate-700">Alternatives</span>
      </nav>
      <div className="mt-3 flex items-center gap-3">
        <ToolLogo src={tool.image_url} className="size-12" />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{tool.name} alternatives</h1>
          {tool.category && (
            <p className="text-sm text-slate-600">
              The most popular in{' '}
              <Link to={`/categories/${tool.category.slug}`} className="text-brand-700 hover:underline">
                {tool.category.name}
              </Link>
            </p>
          )}
        </div>
      </div>

      {alternatives.length === 0 ? (
        <p className="mt-6 text-slate-600">No other tool of its category is listed yet.</p>
      ) : (
        <ol className="mt-6 space-y-2" data-testid="alternatives-list">
          {alternatives.map((alternative) => (
            <AlternativeRow key={alternative.id} of={tool} alternative={alternative} withTitle />
          ))}
        </ol>
      )}

      <div className="flex min-h-16 items-center justify-center py-6 text-sm text-slate-500">
        {list.isFetchingNextPage ? (
          <Spinner label="Loading more alternatives" />
        ) : list.hasNextPage ? (
          <Button variant="secondary" onClick={() => void list.fetchNextPage()}>
            Load more
          </Button>
        ) : list.isFetchNextPageError ? (
          <Alert tone="error">We couldn't load more. Please try again.</Alert>
        ) : null}
      </div>
    </div>
  )
}

function AlternativesSkeleton() {
  return (
    <LoadingRegion label="Loading alternatives" className="mx-auto max-w-3xl space-y-3 px-4 py-8 sm:px-6">
      <Skeleton className="h-8 w-64" />
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} className="h-16 w-full" />
      ))}
    </LoadingRegion>
  )
}
