// The tool directory: /tools (every layer, or ?layer=) and /categories/{slug} (one category), 20 tools a page,
// most popular first, with the page in the URL (?page=N) and the layers and categories in a sidebar.
import { ChevronRight } from 'lucide-react'
import { Link, useParams, useSearchParams } from 'react-router'
import NotFoundPage from '../../../components/not-found-page.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { Pager } from '../../../components/ui/pager.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { useLayers } from '../../../lib/get-layers.ts'
import { plural } from '../../../lib/plural.ts'
import { useDirectoryTools } from '../api/get-directory-tools.ts'
import { CategoryNav, CategoryNavSkeleton } from '../components/category-nav.tsx'
import { EmptyCatalog } from '../components/empty-catalog.tsx'
import { ToolList, ToolListSkeleton } from '../components/tool-row.tsx'
import { pageFromParams } from '../hooks/page-param.ts'

export default function DirectoryPage() {
  const { slug: category } = useParams()
  const [params] = useSearchParams()
  const layer = category ? undefined : (params.get('layer') ?? undefined)
  const page = pageFromParams(params)
  const tools = useDirectoryTools({ layer, category, page })
  const layers = useLayers()

  const layerSummary = layers.data?.layers.find((candidate) =>
    category ? candidate.categories.some((entry) => entry.slug === category) : candidate.slug === layer,
  )
  const categorySummary = category ? layerSummary?.categories.find((entry) => entry.slug === category) : undefined
  const heading = tools.data?.category?.name ?? tools.data?.layer?.name ?? (category || layer ? null : 'All tools')
  const count = categorySummary?.tools_count ?? layerSummary?.tools_count
  useDocumentTitle(heading ? (page > 1 ? `${heading} (page ${page})` : heading) : 'Tools')

  if (tools.error instanceof ApiError && tools.error.status === 404) return <NotFoundPage />

  const basePath = category ? `/categories/${category}` : '/tools'
  const hrefFor = (target: number) => {
    const next = new URLSearchParams()
    if (layer) next.set('layer', layer)
    if (target > 1) next.set('page', String(target))
    const query = next.toString()
    return query ? `${basePath}?${query}` : basePath
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <Breadcrumbs layer={tools.data?.layer ?? null} category={tools.data?.category ?? null} />
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

function Breadcrumbs({
  layer,
  category,
}: {
  layer: { slug: string; name: string } | null
  category: { slug: string; name: string } | null
}) {
  const crumbs = [{ to: '/tools', label: 'Tools' }]
  if (layer) crumbs.push({ to: `/tools?layer=${layer.slug}`, label: layer.name })
  if (category) crumbs.push({ to: `/categories/${category.slug}`, label: category.name })
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-500">
        {crumbs.map((crumb, index) => (
          <li key={crumb.to} className="flex items-center gap-1">
            {index > 0 && <ChevronRight className="size-4" aria-hidden="true" />}
            {index === crumbs.length - 1 ? (
              <span aria-current="page" className="text-slate-700">
                {crumb.label}
              </span>
            ) : (
              <Link to={crumb.to} className="hover:text-brand-700">
                {crumb.label}
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
