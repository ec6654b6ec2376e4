// /companies/{slug}/radar: the company's Tech Radar (issue 18, docs/decisions/064-company-tech-radar.md). Rendered
// on the server with the radar as SVG, its legend and the numbered list, so it reads without JavaScript; company
// admins move tools between rings from the list. The JSON for Zalando's tech-radar page and Backstage is linked.
import { ArrowLeft, Download } from 'lucide-react'
import { Link, useParams } from 'react-router'
import {
  ADOPT_MIN_STACKS,
  type CompanyRadar,
  companyRadarPath,
  QUADRANT_READING_ORDER,
  RADAR_QUADRANTS,
  RADAR_RINGS,
} from '#contracts/radar.ts'
import NotFoundPage from '../../../components/not-found-page.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { usePageMeta } from '../../../lib/page-meta.ts'
import { type Prefetch, redirectToCanonical } from '../../../lib/prefetch.ts'
import { companyRadarQuery, useCompanyRadar } from '../api/get-company-radar.ts'
import { RadarDrawing } from '../components/radar-drawing.tsx'
import { RadarList } from '../components/radar-list.tsx'

/** The radar; the slug in other capitals moves to the canonical address. */
export const prefetch: Prefetch = async (queryClient, { params, request }) => {
  const query = companyRadarQuery(params.slug ?? '')
  await queryClient.prefetchQuery(query)
  const radar = queryClient.getQueryData(query.queryKey)
  return redirectToCanonical(request, radar && companyRadarPath(radar.company.slug))
}

const QUADRANT_PLACES = ['bottom right', 'bottom left', 'top left', 'top right']

export default function CompanyRadarPage() {
  const { slug = '' } = useParams()
  const { data, error, isPending } = useCompanyRadar(slug)
  useDocumentTitle(data ? `${data.company.name} Tech Radar` : null)
  usePageMeta(
    data
      ? {
          description: `The tools ${data.company.name} uses, on a Tech Radar: Adopt, Trial, Assess and Hold by area.`,
          canonicalPath: companyRadarPath(data.company.slug),
          structuredData: null,
        }
      : null,
  )

  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />
  if (isPending) return <RadarPageSkeleton />
  if (!data)
    return (
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <Alert tone="error">We couldn't load this radar. Please reload the page.</Alert>
      </div>
    )

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <Link to={data.company.path} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> {data.company.name}
      </Link>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {data.company.name} Tech Radar
        </h1>
        {data.entries.length > 0 && <RadarDownloads radar={data} />}
      </div>
      {data.entries.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="font-medium text-slate-700">No tools on the radar yet</p>
          <p className="mt-1 text-sm text-slate-600">
            The radar shows the tools of {data.company.name}'s stacks once it shares one.
          </p>
        </div>
      ) : (
        <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0">
            <RadarDrawing radar={data} />
            <RadarLegend radar={data} />
          </div>
          <section aria-labelledby="radar-list-heading" className="min-w-0">
            <h2 id="radar-list-heading" className="text-lg font-semibold text-slate-900">
              {data.entries.length} {data.entries.length === 1 ? 'tool' : 'tools'}
            </h2>
            <div className="mt-3">
              <RadarList radar={data} />
            </div>
          </section>
        </div>
      )}
    </div>
  )
}

function RadarLegend({ radar }: { radar: CompanyRadar }) {
  return (
    <section
      aria-labelledby="radar-legend-heading"
      className="mt-4 rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200"
    >
      <h2 id="radar-legend-heading" className="font-semibold text-slate-900">
        Legend
      </h2>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Rings, from the centre</h3>
          <ul className="mt-1 space-y-1">
            {RADAR_RINGS.map((ring) => (
              <li key={ring.slug} className="flex items-center gap-2">
                <span
                  className="size-3 shrink-0 rounded-full"
                  style={{ backgroundColor: ring.color }}
                  aria-hidden="true"
                />
                <span className="font-medium text-slate-800">{ring.name}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-600">
            Until an admin moves it, a tool is in Adopt when at least half of the {radar.stacks_count}{' '}
            {radar.stacks_count === 1 ? 'stack' : 'stacks'} (and at least {ADOPT_MIN_STACKS}) use it, Trial when a
            quarter do, else Assess.
          </p>
        </div>
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Quadrants: catalog layers</h3>
          <ul className="mt-1 space-y-1">
            {QUADRANT_READING_ORDER.map((index) => (
              <li key={index} className="text-slate-800">
                <span className="font-medium">{RADAR_QUADRANTS[index]!.name}</span>{' '}
                <span className="text-slate-500">({QUADRANT_PLACES[index]})</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-600">● no recent move · ▲ moved in · ▼ moved out (last 90 days)</p>
        </div>
      </div>
    </section>
  )
}

function RadarDownloads({ radar }: { radar: CompanyRadar }) {
  const base = `/api/v1/companies/${radar.company.slug}/radar`
  const linkClass =
    'inline-flex h-8 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50'
  return (
    <div className="flex flex-wrap gap-2">
      <a href={`${base}?format=zalando`} className={linkClass}>
        <Download className="size-4" aria-hidden="true" /> Zalando JSON
      </a>
      <a href={`${base}?format=backstage`} className={linkClass}>
        <Download className="size-4" aria-hidden="true" /> Backstage JSON
      </a>
    </div>
  )
}

function RadarPageSkeleton() {
  return (
    <LoadingRegion className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8" label="Loading radar">
      <Skeleton className="h-8 w-64" />
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="aspect-square w-full rounded-2xl" />
        <Skeleton className="h-96 w-full rounded-xl" />
      </div>
    </LoadingRegion>
  )
}
