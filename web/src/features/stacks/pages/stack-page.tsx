// /{ownerSlug}/{stackSlug}: a stack's owner, details and tools grouped by layer and category (issue 4 "Pages").
// Unknown stacks, and private stacks the viewer may not see, answer 404 and show the not-found page. Rendered on the
// server with its title, meta description, canonical link, share image and JSON-LD (the tools as an ItemList, the
// owner → stack breadcrumbs); the follow state and the comments load in the browser. Its Export menu downloads the
// stack as a stack file (decision 061).
import { ExternalLink, Lock, Pencil } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { httpUrlOf } from '#contracts/http-links.ts'
import { ownerPath, stackMetaDescription, stackPageTitle, stackStructuredData } from '#contracts/stack-page-meta.ts'
import type { StackPage as StackPageData } from '#contracts/stacks.ts'
import { prefetchComments } from '../../../components/comments/api/get-comments.ts'
import { Comments } from '../../../components/comments/lazy-comments.tsx'
import { FollowButton, prefetchFollowStatus } from '../../../components/follow-button.tsx'
import NotFoundPage from '../../../components/not-found-page.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { OwnerLogo } from '../../../components/ui/owner-logo.tsx'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { usePageMeta } from '../../../lib/page-meta.ts'
import { plural } from '../../../lib/plural.ts'
import { type Prefetch, redirectToCanonical } from '../../../lib/prefetch.ts'
import { siteOrigin } from '../../../lib/rendered-page.ts'
import { websiteLabel } from '../../../lib/website.ts'
import { stackPageQuery, useStackPage } from '../api/get-stack-page.ts'
import { ExportMenu } from '../components/export-menu.tsx'
import { StackHistory, SyncedBadge } from '../components/stack-history.tsx'
import { StackLayerSection } from '../components/stack-layer-section.tsx'

/** The stack's answer; the address in other capitals moves to the canonical one. */
export const prefetch: Prefetch = async (queryClient, { params, request }) => {
  const query = stackPageQuery(params.ownerSlug ?? '', params.stackSlug ?? '')
  await queryClient.prefetchQuery(query)
  const stack = queryClient.getQueryData(query.queryKey)
  const followee = stack && !stack.private ? ({ type: 'stack', id: stack.id } as const) : undefined
  await Promise.all([prefetchComments(queryClient, followee), prefetchFollowStatus(queryClient, followee)])
  return redirectToCanonical(request, stack?.path)
}

/** The stack's share card (1200x630), made by the server. */
const shareImagePath = (stack: StackPageData) => `/share/stacks/${stack.owner.slug}/${stack.slug}.png`

export default function StackPage() {
  const { ownerSlug = '', stackSlug = '' } = useParams()
  const { data: stack, error, isPending } = useStackPage(ownerSlug, stackSlug)
  useDocumentTitle(stack ? stackPageTitle(stack) : null)
  usePageMeta(
    stack
      ? {
          description: stackMetaDescription(stack),
          canonicalPath: stack.path,
          // a private stack's page is its owners' alone: no card to share
          imagePath: stack.private ? undefined : shareImagePath(stack),
          structuredData: stackStructuredData(stack, siteOrigin()),
        }
      : null,
  )

  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />
  if (isPending) return <StackPageSkeleton />
  if (!stack)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <Alert tone="error">We couldn't load this stack. Please reload the page.</Alert>
      </div>
    )

  return (
    <article className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
      <StackHeader stack={stack} />
      <section aria-labelledby="tools-heading" className="mt-8">
        <h2 id="tools-heading" className="sr-only">
          Tools
        </h2>
        {stack.layers.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">
            This stack has no tools yet.
          </p>
        ) : (
          <div className="space-y-8">
            {stack.layers.map((layer) => (
              <StackLayerSection key={layer.slug} layer={layer} />
            ))}
          </div>
        )}
      </section>
      {(stack.synced || stack.history.length > 0) && <StackHistory history={stack.history} />}
      {!stack.private && <Comments commentableType="stack" commentableId={stack.id} />}
    </article>
  )
}

function StackHeader({ stack }: { stack: StackPageData }) {
  const { owner } = stack
  const href = httpUrlOf(stack.website_url)
  // Phones: logo beside the name; details, Edit and Follow below. Wider: logo, text column, Edit and Follow on the right.
  return (
    <header className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:gap-x-5 sm:gap-y-2 sm:p-6">
      {stack.image_url ? (
        <img
          src={stack.image_url}
          alt=""
          className="size-14 shrink-0 self-start rounded-2xl bg-white object-contain ring-1 ring-slate-200 sm:row-span-2 sm:size-20"
        />
      ) : (
        <OwnerLogo owner={owner} className="size-14 self-start text-2xl sm:row-span-2 sm:size-20 sm:text-3xl" />
      )}
      <div className="min-w-0">
        <Link
          to={ownerPath(owner)}
          className="inline-flex max-w-full items-center gap-2 text-sm font-medium text-slate-600 hover:text-brand-700"
        >
          {/* the big picture above is the owner's when the stack has none of its own */}
          {stack.image_url && <OwnerLogo owner={owner} className="size-6 text-xs" />}
          <span className="truncate">{owner.name}</span>
          {owner.type === 'User' && (
            <span className="hidden truncate font-normal text-slate-500 sm:inline">@{owner.slug}</span>
          )}
        </Link>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {stack.name}
          </h1>
          {stack.private && (
            <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200">
              <Lock className="size-3" aria-hidden="true" /> Private
            </span>
          )}
          {stack.synced && <SyncedBadge synced={stack.synced} />}
        </div>
      </div>
      <div className="col-span-2 min-w-0 sm:col-span-1 sm:col-start-2 sm:row-start-2">
        {stack.description && (
          <p className="max-w-3xl whitespace-pre-line break-words text-slate-700">{stack.description}</p>
        )}
        <ul
          className={cn(
            'flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600',
            stack.description && 'mt-3',
          )}
        >
          <li>
            <strong className="font-semibold text-slate-900">{plural(stack.tools_count, 'tool')}</strong>
            {stack.layers.length > 0 && <> in {plural(stack.layers.length, 'layer')}</>}
          </li>
          {href && stack.website_url && (
            <li className="min-w-0">
              <a
                href={href}
                target="_blank"
                rel="nofollow noopener"
                className="inline-flex max-w-full items-center gap-1 text-brand-700 hover:underline"
              >
                <span className="truncate">{websiteLabel(stack.website_url)}</span>
                <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          )}
        </ul>
      </div>
      {/* whoever sees the stack may export it (decision 061); on phones its menu spans this row (export-menu.tsx) */}
      <div className="relative col-span-2 flex flex-wrap gap-2 sm:col-span-1 sm:col-start-3 sm:row-start-1 sm:row-span-2 sm:flex-col sm:items-end sm:self-start">
        {stack.can_edit && (
          <Link
            to={stack.edit_path}
            className="inline-flex h-10 w-[125px] items-center justify-center gap-2 rounded-lg bg-white px-4 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            <Pencil className="size-4" aria-hidden="true" />
            Edit<span className="sr-only"> {stack.name}</span>
          </Link>
        )}
        {/* the follower count is the button's own */}
        {!stack.private && <FollowButton followeeType="stack" followeeId={stack.id} followeeName={stack.name} />}
        <ExportMenu ownerSlug={owner.slug} stackSlug={stack.slug} />
      </div>
    </header>
  )
}

function StackPageSkeleton() {
  return (
    <LoadingRegion className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-8" label="Loading stack">
      <div className="flex items-center gap-5 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        <Skeleton className="size-20 shrink-0 rounded-2xl" />
        <div className="w-full space-y-3">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-8 w-56" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      </div>
      <div className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Skeleton className="h-40 w-full rounded-xl" />
        <Skeleton className="h-40 w-full rounded-xl" />
      </div>
    </LoadingRegion>
  )
}
