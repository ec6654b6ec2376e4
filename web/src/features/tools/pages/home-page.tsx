// The home page: search, popular tools, newest tools, and the layers and categories of the directory. Rendered on
// the server with all three lists (prefetch); its head names the site with the search box's SearchAction.
import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { formatCount, formatInteger } from '#contracts/counts.ts'
import { homeMetaDescription, homeStructuredData } from '#contracts/list-page-meta.ts'
import type { LayerSummary, Tool } from '#contracts/tools.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { layersQuery, useLayers } from '../../../lib/get-layers.ts'
import { usePageMeta } from '../../../lib/page-meta.ts'
import type { Prefetch } from '../../../lib/prefetch.ts'
import { siteOrigin } from '../../../lib/rendered-page.ts'
import { useSiteName } from '../../../lib/site.ts'
import { newestToolsQuery, useNewestTools } from '../api/get-newest-tools.ts'
import { popularToolsQuery, usePopularTools } from '../api/get-popular-tools.ts'
import { EmptyCatalog } from '../components/empty-catalog.tsx'
import { SearchBox } from '../components/search-box.tsx'
import { ToolGrid, ToolGridSkeleton } from '../components/tool-card.tsx'

const POPULAR_SHOWN = 18
const QUICK_LINKS = 6

export const prefetch: Prefetch = async (queryClient) => {
  await Promise.all([
    queryClient.prefetchQuery(popularToolsQuery),
    queryClient.prefetchQuery(newestToolsQuery),
    queryClient.prefetchQuery(layersQuery),
  ])
  return undefined
}

export default function HomePage() {
  useDocumentTitle(null)
  const popular = usePopularTools()
  const newest = useNewestTools()
  const layers = useLayers()
  const siteName = useSiteName()
  const total = layers.data?.layers.reduce((sum, layer) => sum + layer.tools_count, 0)
  usePageMeta({
    description: homeMetaDescription(siteName, total),
    canonicalPath: '/',
    structuredData: homeStructuredData(siteName, siteOrigin()),
  })
  const popularShown = popular.data?.tools.slice(0, POPULAR_SHOWN) ?? []
  const isEmpty = popular.data?.tools.length === 0

  return (
    <>
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6 sm:py-20">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">Find the right tools</h1>
          <p className="mx-auto mt-4 max-w-xl text-base text-slate-600 sm:text-lg">
            Discover the languages, frameworks, databases and services developers build with, and see the stacks that
            use them.
          </p>
          <div className="mt-8 text-left">
            <SearchBox placeholder={total ? `Search ${formatInteger(total)} tools` : undefined} />
          </div>
          {popularShown.length > 0 && (
            <p className="mt-4 flex flex-wrap items-center justify-center gap-2 text-sm text-slate-600">
              <span>Popular:</span>
              {popularShown.slice(0, QUICK_LINKS).map((tool) => (
                <Link
                  key={tool.id}
                  to={tool.canonical_url}
                  className="rounded-full bg-white px-3 py-1 font-medium text-slate-700 ring-1 ring-slate-200 hover:text-brand-700 hover:ring-brand-500/40"
                >
                  {tool.name}
                  {/* a bare name can read as a generic link ("Go"): search engines and screen readers get the rest */}
                  <span className="sr-only"> tool page</span>
                </Link>
              ))}
            </p>
          )}
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-14 px-4 py-12 sm:px-6">
        <section aria-labelledby="popular-heading">
          <SectionHeading
            id="popular-heading"
            title="Popular tools"
            link={{ to: '/tools', label: 'Browse all tools' }}
          />
          {popular.isPending ? (
            <ToolGridSkeleton count={POPULAR_SHOWN} />
          ) : popular.isError ? (
            <Alert tone="error">We couldn't load the popular tools. Please reload the page.</Alert>
          ) : isEmpty ? (
            <EmptyCatalog />
          ) : (
            <ToolGrid tools={popularShown} />
          )}
        </section>

        {!isEmpty && (
          <div className="grid grid-cols-1 gap-14 lg:grid-cols-3 lg:gap-10">
            <section aria-labelledby="categories-heading" className="lg:col-span-2">
              <SectionHeading id="categories-heading" title="Browse by category" />
              {layers.isPending ? (
                <LayersSkeleton />
              ) : layers.data ? (
                <LayerColumns layers={layers.data.layers} />
              ) : null}
            </section>
            <section aria-labelledby="newest-heading">
              <SectionHeading id="newest-heading" title="Newest tools" />
              {newest.isPending ? (
                <NewestSkeleton />
              ) : newest.data && newest.data.tools.length > 0 ? (
                <NewestList tools={newest.data.tools} />
              ) : (
                <p className="text-sm text-slate-600">No new tools yet.</p>
              )}
            </section>
          </div>
        )}
      </div>
    </>
  )
}

function SectionHeading({ id, title, link }: { id: string; title: string; link?: { to: string; label: string } }) {
  return (
    <div className="mb-5 flex items-end justify-between gap-4">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {link && (
        <Link
          to={link.to}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:text-brand-700"
        >
          {link.label}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      )}
    </div>
  )
}

function LayerColumns({ layers }: { layers: LayerSummary[] }) {
  return (
    <div className="grid grid-cols-1 gap-8 sm:grid-cols-2">
      {layers
        .filter((layer) => layer.tools_count > 0)
        .map((layer) => (
          <div key={layer.slug}>
            <h3 className="flex items-baseline justify-between border-b border-slate-200 pb-2">
              <Link to={`/tools?layer=${layer.slug}`} className="font-semibold text-slate-900 hover:text-brand-700">
                {layer.name}
              </Link>
              <span className="text-xs text-slate-500">{formatCount(layer.tools_count)} tools</span>
            </h3>
            {/* phones list a layer's first categories and link to the rest, so the page stays short */}
            <ul className="mt-2 space-y-0.5">
              {layer.categories
                .filter((category) => category.tools_count > 0)
                .map((category) => (
                  <li key={category.slug} className="max-sm:nth-[n+7]:hidden">
                    <Link
                      to={`/categories/${category.slug}`}
                      className="flex items-center justify-between gap-2 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-white hover:text-brand-700"
                    >
                      <span className="truncate">{category.name}</span>
                      <span className="text-xs text-slate-500">{formatCount(category.tools_count)}</span>
                    </Link>
                  </li>
                ))}
            </ul>
            <Link
              to={`/tools?layer=${layer.slug}`}
              className="mt-1 inline-flex items-center gap-1 px-2 text-sm font-medium text-brand-600 sm:hidden"
            >
              All of {layer.name}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
        ))}
    </div>
  )
}

function LayersSkeleton() {
  return (
    <LoadingRegion className="grid grid-cols-1 gap-8 sm:grid-cols-2" label="Loading categories">
      {Array.from({ length: 4 }, (_, column) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={column} className="space-y-2">
          <Skeleton className="h-5 w-40" />
          {Array.from({ length: 6 }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={row} className="h-4 w-full" />
          ))}
        </div>
      ))}
    </LoadingRegion>
  )
}

function NewestList({ tools }: { tools: Tool[] }) {
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
      {tools.map((tool) => (
        <li key={tool.id}>
          <Link to={tool.canonical_url} className="flex items-center gap-3 px-4 py-2.5 hover:bg-slate-50">
            <ToolLogo src={tool.image_url} className="size-8" />
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-slate-900">{tool.name}</span>
              {tool.category && <span className="block truncate text-xs text-slate-500">{tool.category.name}</span>}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

function NewestSkeleton() {
  return (
    <LoadingRegion className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200" label="Loading newest tools">
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="flex items-center gap-3">
          <Skeleton className="size-8 shrink-0 rounded-lg" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ))}
    </LoadingRegion>
  )
}
