// /tools/{slug}: logo, name, title, description, website, category and layer, and the public stacks using it.
// Unknown, hidden and unapproved tools answer 404 and show the not-found page.
import { useQueryClient } from '@tanstack/react-query'
import { ChevronRight, ExternalLink, Layers } from 'lucide-react'
import { Link, useParams } from 'react-router'
import type { ToolDetail, ToolStack } from '#contracts/tools.ts'
import { Comments } from '../../../components/comments/lazy-comments.tsx'
import { FollowButton } from '../../../components/follow-button.tsx'
import { IUseThisButton } from '../../../components/i-use-this-button.tsx'
import NotFoundPage from '../../../components/not-found-page.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { toolQuery, useTool } from '../api/get-tool.ts'
import { plural } from '../components/format.ts'
import { ToolCustomers } from '../components/tool-customers.tsx'

export default function ToolPage() {
  const { slug = '' } = useParams()
  const { data, error, isPending } = useTool(slug)
  const queryClient = useQueryClient()
  const tool = data?.tool
  useDocumentTitle(tool ? (tool.title ? `${tool.name} - ${tool.title}` : tool.name) : null)
  // The catalog's title is often the description's first sentence: repeat nothing the header already says.
  const about = tool?.description && tool.description.trim() !== tool.title?.trim() ? tool.description : null

  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />
  if (isPending) return <ToolPageSkeleton />
  if (!tool)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <Alert tone="error">We couldn't load this tool. Please reload the page.</Alert>
      </div>
    )

  return (
    <article className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <SoftwareApplicationData tool={tool} />
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
        <ToolLogo src={tool.image_url} name={tool.name} className="size-20 rounded-2xl p-2" />
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
          {tool.website_url && (
            <a
              href={tool.website_url}
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

      <div className={cn('mt-8 grid gap-8', about && 'md:grid-cols-3')}>
        {about && (
          <section aria-labelledby="about-heading" className="md:col-span-2">
            <h2 id="about-heading" className="text-lg font-semibold text-slate-900">
              About {tool.name}
            </h2>
            <p className="mt-2 whitespace-pre-line text-slate-700">{about}</p>
          </section>
        )}
        <aside aria-label="Details" className={cn('space-y-3 text-sm', !about && 'md:max-w-md')}>
          <dl className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
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
            {tool.website_url && (
              <Detail label="Website">
                <a
                  href={tool.website_url}
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
        </aside>
      </div>

      <section aria-labelledby="stacks-heading" className="mt-10">
        <h2 id="stacks-heading" className="text-lg font-semibold text-slate-900">
          Stacks using {tool.name}
        </h2>
        {tool.stacks.length === 0 ? (
          <p className="mt-2 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
            No public stack uses {tool.name} yet.
          </p>
        ) : (
          <>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
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

      <ToolCustomers slug={tool.slug} toolName={tool.name} />
      <Comments commentableType="tool" commentableId={tool.id} />
    </article>
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

/** schema.org SoftwareApplication for search engines (a data block: no script runs). */
function SoftwareApplicationData({ tool }: { tool: ToolDetail }) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: tool.name,
    description: tool.description ?? tool.title ?? undefined,
    url: tool.website_url ?? undefined,
    image: new URL(tool.image_url, window.location.origin).toString(),
    applicationCategory: tool.category?.name,
  }
  // '<' escaped so a description can never close the script element
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data block, escaped above
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
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
