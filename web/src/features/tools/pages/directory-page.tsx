// The tool directory: /tools (every layer, or ?layer=) and /categories/{slug} (one category), 20 tools a page,
// most popular first, with the page in the URL (?page=N) and the layers and categories in a sidebar. Rendered on the
// server with its list and sidebar (prefetch); an unknown layer or category, or a page past the end, answers 404.
// Canonical address, ItemList and BreadcrumbList: docs/decisions/046-seo-of-lists.md.
import { ChevronRight } from 'lucide-react'
import { Link, useParams, useSearchParams } from 'react-router'
import {
  type DirectoryAddress,
  directoryMetaDescription,
  directoryPath,
  directoryStructuredData,
  type LinkedPage,
} from '#contracts/list-page-meta.ts'
import { DIRECTORY_MAX_PAGE, TOOLS_PAGE_SIZE } from '#contracts/tool-limits.ts'
import NotFoundPage from '../../../components/not-found-page.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { Pager } from '../../../components/ui/pager.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { layersQuery, useLayers } from '../../../lib/get-layers.ts'
import { usePageMeta } from '../../../lib/page-meta.ts'
import { plural } from '../../../lib/plural.ts'
import { type Prefetch, redirectToCanonical } from '../../../lib/prefetch.ts'
import { siteOrigin, useRenderedPage } from '../../../lib/rendered-page.ts'
import { directoryToolsQuery, useDirectoryTools } from '../api/get-directory-tools.ts'
import { CategoryNav, CategoryNavSkeleton } from '../components/category-nav.tsx'
import { EmptyCatalog } from '../components/empty-catalog.tsx'
import { ToolList, ToolListSkeleton } from '../components/tool-row.tsx'
import { pageFromParams } from '../hooks/page-param.ts'

/** The list an address asks for: the route's category, else the ?layer= of /tools, and the page. */
function directoryAddress(category: string | undefined, params: URLSearchParams): DirectoryAddress {
  return { layer: category ? undefined : (params.get('layer') ?? undefined), category, page: pageFromParams(params) }
}

/** The page's tools and the sidebar; a category asked in another spelling ('Databases') moves to its own. */
export const prefetch: Prefetch = async (queryClient, { params, request }) => {
  const address = directoryAddress(params.slug, new URL(request.url).searchParams)
  if (address.page > DIRECTORY_MAX_PAGE) return undefined
  const query = directoryToolsQuery(address)
  await Promise.all([queryClient.prefetchQuery(query), queryClient.prefetchQuery(layersQuery)])
  const category = queryClient.getQueryData(query.queryKey)?.category
  return params.slug && category ? redirectToCanonical(request, `/categories/${category.slug}`) : undefined
}

export default function DirectoryPage() {
  const { slug } = useParams()
  const [params] = useSearchParams()
  const address = directoryAddress(slug, params)
  const tools = useDirectoryTools(address)
  // apart from the list, so the not-found page's title and head are the only ones set
  if ((tools.error instanceof ApiError && tools.error.status === 404) || address.page > DIRECTORY_MAX_PAGE)
    return <NotFoundPage />
  return <DirectoryList address={address} />
}

function DirectoryList({ address: { layer, category, page } }: { address: DirectoryAddress }) {
  const tools = useDirectoryTools({ layer, category, page })
  const layers = useLayers()
  const rendered = useRenderedPage()

  const layerSummary = layers.data?.layers.find((candidate) =>
    category ? candidate.categories.some((entry) => entry.slug === category) : candidate.slug === layer,
  )
  const categorySummary = category ? layerSummary?.categories.find((entry) => entry.slug === category) : undefined
  const heading = tools.data?.category?.name ?? tools.data?.layer?.name ?? (category || layer ? null : 'All tools')
  const count = categorySummary?.tools_count ?? layerSummary?.tools_count
  const total = layers.data?.layers.reduce((sum, entry) => sum + entry.tools_count, 0)
  useDocumentTitle(heading ? (page > 1 ? `${heading} (page ${page})` : heading) : 'Tools')
  const listed: LinkedPage[] = tools.data?.tools.map((tool) => ({ name: tool.name, path: tool.canonical_url })) ?? []
  const isPastTheEnd = page > 1 && tools.data?.tools.length === 0
  const trail: LinkedPage[] = [{ name: 'Tools', path: '/tools' }]
  const { layer: listLayer, category: listCategory } = tools.data ?? {}
  if (listLayer) trail.push({ name: listLayer.name, path: directoryPath({ layer: listLayer.slug, page: 1 }) })
  if (listCategory)
    trail.push({ name: listCategory.name, path: directoryPath({ category: listCategory.slug, page: 1 }) })
  usePageMeta(
    heading && tools.data && !isPastTheEnd
      ? {
          description: directoryMetaDescription(
            category || layer ? heading : null,
            listed,
            category || layer ? count : total,
            page,
          ),
          // the list's own address: its category or layer and its page, nothing else the URL may carry
          canonicalPath: directoryPath({ layer: listLayer?.slug, category: listCategory?.slug, page }),
          structuredData: directoryStructuredData(
            { name: heading, tools: listed, firstPosition: (page - 1) * TOOLS_PAGE_SIZE + 1 },
            trail,
            siteOrigin(),
          ),
        }
      : null,
  )
  // a page past the end of the list says so, with a link to the first, and answers 404
  if (rendered && isPastTheEnd) rendered.status = 404

  const hrefFor = (target: number) => directoryPath({ layer, category, page: target })

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <Breadcrumbs trail={trail} />
      <div className="mt-3 flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{heading ?? '\u00a0'}</h1>
        {count !== undefined && <p className="text-sm text-slate-600">{plural(count, 'tool')}, most popular first</p>}
      </div>
      {!category && layers.data && <LayerTabs layers={layers.data.layers} active={layer} />}

      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[16rem_1fr]">
        <aside className="hidden lg:block">
          <div className="sticky top-[88px] max-h-[calc(100vh-108px)] overflow-y-auto pr-1">
            {layers.data ? <CategoryNav layers={layers.data.layers} activeLayer={layer} /> : <CategoryNavSkeleton />}
          </div>
        </aside>

        <section aria-label="Tools" className="min-w-0 space-y-6">
          {/* phones: the categories fold away above the list instead of a sidebar */}
          <details className="rounded-xl bg-white ring-1 ring-slate-200 lg:hidden">
            <summary className="cursor-pointer px-4 py-3 text-sm font-medium text-slate-800">Browse categories</summary>
            <div className="border-t border-slate-100 p-3">
              {layers.data ? <CategoryNav layers={layers.data.layers} activeLayer={layer} /> : <CategoryNavSkeleton />}
            </div>
          </details>
          {tools.isPending ? (
            <ToolListSkeleton count={10} />
          ) : tools.isError ? (
            <Alert tone="error">We couldn't load these tools. Please reload the page.</Alert>
          ) : tools.data.tools.length === 0 ? (
            page > 1 ? (
              <Alert tone="info">
                This page is past the end of the list.{' '}
                <Link to={hrefFor(1)} className="underline">
                  Go to the first page
                </Link>
                .
              </Alert>
            ) : (
              <EmptyCatalog />
            )
          ) : (
            <div className={cn('transition-opacity', tools.isPlaceholderData && 'opacity-60')}>
              <ToolList tools={tools.data.tools} label={heading ?? 'Tools'} />
            </div>
          )}
          {tools.data && <Pager page={page} hasMore={tools.data.has_more} hrefFor={hrefFor} />}
        </section>
      </div>
    </div>
  )
}

/** The trail from /tools to the list shown, the same as its BreadcrumbList. */
function Breadcrumbs({ trail }: { trail: LinkedPage[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-500">
        {trail.map((crumb, index) => (
          <li key={crumb.path} className="flex items-center gap-1">
            {index > 0 && <ChevronRight className="size-4" aria-hidden="true" />}
            {index === trail.length - 1 ? (
              <span aria-current="page" className="text-slate-700">
                {crumb.name}
              </span>
            ) : (
              <Link to={crumb.path} className="hover:text-brand-700">
                {crumb.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

function LayerTabs({ layers, active }: { layers: { slug: string; name: string }[]; active?: string }) {
  const tabs = [{ slug: undefined as string | undefined, name: 'All' }, ...layers]
  return (
    // the layers wrap rather than scroll sideways: on a phone every one shows (docs/decisions/041-phone-layout.md)
    <nav aria-label="Layers" className="mt-5">
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => {
          const isActive = tab.slug === active
          return (
            <li key={tab.slug ?? 'all'}>
              <Link
                to={tab.slug ? `/tools?layer=${tab.slug}` : '/tools'}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'block whitespace-nowrap rounded-full px-4 py-1.5 text-sm font-medium ring-1',
                  isActive
                    ? 'bg-brand-600 text-white ring-brand-600'
                    : 'bg-white text-slate-700 ring-slate-200 hover:ring-brand-500/40',
                )}
              >
                {tab.name}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
