// /pros-and-cons (specs/stack-match-and-community.md §2 'Pros & Cons page', §4, §5, §9; decision 018): the user's
// avatar, username and points, the explainer, and an endless list of tool cards walked through the lists of §4.
// Rendered on the server with the first page of cards the viewer would load (prefetch): a visitor's are the tools
// lacking reasons, listed in its JSON-LD ItemList (docs/decisions/046-seo-of-lists.md).
import { useInfiniteQuery } from '@tanstack/react-query'
import { ArrowDown, Trophy } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { PROS_CONS_PATH, pageItemList, prosConsMetaDescription } from '#contracts/list-page-meta.ts'
import {
  PROS_CONS_EXPLAINER,
  PROS_CONS_SCROLL_OFFSET_PX,
  PROS_CONS_SCROLL_THRESHOLD_PX,
  PROS_CONS_TITLE,
  type ProsConsTool,
} from '#contracts/reasons.ts'
import type { CurrentUser } from '#contracts/users.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Avatar } from '../../../components/ui/avatar.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TooltipProvider } from '../../../components/ui/tooltip.tsx'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { usePageMeta } from '../../../lib/page-meta.ts'
import type { Prefetch } from '../../../lib/prefetch.ts'
import { siteOrigin } from '../../../lib/rendered-page.ts'
import { currentUserQuery, useCurrentUser, useSignInModal } from '../../../lib/session.tsx'
import { flattenProsConsPages, prosConsQuery } from '../api/get-pros-cons-page.ts'
import { AnimatedPoints } from '../components/animated-points.tsx'
import { ToolCard, toolCardHeadingId, toolCardId } from '../components/tool-card.tsx'

/** Scrolls a card to just under the navbar (68 + 20 px) and moves the focus to its name. */
function scrollToCard(toolId: number) {
  const card = document.getElementById(toolCardId(toolId))
  if (!card) return
  const top = card.getBoundingClientRect().top + window.scrollY - PROS_CONS_SCROLL_OFFSET_PX
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  window.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' })
  document.getElementById(toolCardHeadingId(toolId))?.focus({ preventScroll: true })
}

/** spec §9: more loads within about a tenth of the page height plus 1000 px of the bottom. */
function isNearBottom() {
  const height = document.documentElement.scrollHeight
  return window.innerHeight + window.scrollY >= height - (height / 10 + PROS_CONS_SCROLL_THRESHOLD_PX)
}

/** The viewer's first page of cards: the list starts where theirs does (a visitor's at the tools lacking reasons). */
export const prefetch: Prefetch = async (queryClient) => {
  // the layout loads the viewer too; the one request answers both
  await queryClient.prefetchQuery(currentUserQuery)
  const viewerId = queryClient.getQueryData(currentUserQuery.queryKey)?.user?.id ?? null
  await queryClient.prefetchInfiniteQuery(prosConsQuery(viewerId))
  return undefined
}

export default function ProsConsPage() {
  useDocumentTitle(PROS_CONS_TITLE)
  const { user, isLoading: isUserLoading } = useCurrentUser()
  const viewerId = user?.id ?? null
  const list = useInfiniteQuery({ ...prosConsQuery(viewerId), enabled: !isUserLoading })
  const cards = useMemo(() => flattenProsConsPages(list.data?.pages), [list.data])
  // the cards of the first page, which the server drew: later pages come with scrolling
  const firstCards = useMemo(
    () =>
      flattenProsConsPages(list.data?.pages.slice(0, 1)).map((tool) => ({ name: tool.name, path: tool.canonical_url })),
    [list.data],
  )
  usePageMeta(
    list.data
      ? {
          description: prosConsMetaDescription(firstCards),
          canonicalPath: PROS_CONS_PATH,
          structuredData: pageItemList(PROS_CONS_TITLE, firstCards, siteOrigin()),
        }
      : null,
  )
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = list

  // Infinite scroll: check on scroll and resize, and again after each page (isFetchingNextPage turning false), since
  // a short page may not fill the screen.
  useEffect(() => {
    const check = () => {
      if (hasNextPage && !isFetchingNextPage && !isError && isNearBottom()) void fetchNextPage()
    }
    check()
    window.addEventListener('scroll', check, { passive: true })
    window.addEventListener('resize', check)
    return () => {
      window.removeEventListener('scroll', check)
      window.removeEventListener('resize', check)
    }
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage])

  /** 'Next Tool': the card after `index`, loading the next page first when it is the last one shown. */
  const goToNext = useCallback(
    async (index: number) => {
      const next = cards[index + 1]
      if (next) return scrollToCard(next.id)
      if (!hasNextPage) return
      const result = await fetchNextPage()
      const loaded = flattenProsConsPages(result.data?.pages)[index + 1]
      if (loaded) requestAnimationFrame(() => scrollToCard(loaded.id))
    },
    [cards, hasNextPage, fetchNextPage],
  )

  /**
   * The mobile button: the first card whose top is below the navbar offset, i.e. the one after the card in view.
   * A second tap while the smooth scroll is still moving goes one further rather than to the same card.
   */
  const lastJump = useRef<{ index: number; at: number } | null>(null)
  const goToNextFromView = useCallback(() => {
    let index = cards.findIndex((card) => {
      const element = document.getElementById(toolCardId(card.id))
      return element ? element.getBoundingClientRect().top > PROS_CONS_SCROLL_OFFSET_PX + 1 : false
    })
    const last = lastJump.current
    if (last && performance.now() - last.at < 1000 && index <= last.index) index = last.index + 1
    lastJump.current = { index, at: performance.now() }
    if (index >= 0 && index < cards.length) scrollToCard(cards[index]!.id)
    else void goToNext(cards.length - 1)
  }, [cards, goToNext])

  return (
    <TooltipProvider delayDuration={200}>
      <div className="mx-auto max-w-4xl px-4 pt-8 pb-24 sm:px-6 sm:py-10">
        <Header user={user} isLoading={isUserLoading} />
        <section className="mt-6 rounded-2xl bg-gradient-to-r from-brand-600 to-brand-700 px-6 py-5 text-white shadow-sm">
          {/* spec §2: the explainer verbatim, one string; only the page's name stands out */}
          <h1 className="text-lg leading-snug text-brand-50" data-testid="pros-cons-explainer">
            <span className="text-2xl font-semibold text-white">{PROS_CONS_TITLE}</span>
            {PROS_CONS_EXPLAINER.slice(PROS_CONS_TITLE.length)}
          </h1>
        </section>

        <div className="mt-6 space-y-6" data-testid="pros-cons-list">
          {list.isPending ? (
            <CardSkeletons />
          ) : list.isError && cards.length === 0 ? (
            <Alert tone="error">
              We couldn't load the tools.{' '}
              <Button variant="link" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            cards.map((tool: ProsConsTool, index) => (
              <ToolCard
                key={tool.id}
                tool={tool}
                viewerId={viewerId}
                onNext={index < cards.length - 1 || hasNextPage ? () => void goToNext(index) : null}
              />
            ))
          )}
        </div>

        <div className="flex min-h-16 items-center justify-center py-6 text-sm text-slate-500">
          {isFetchingNextPage ? (
            <Spinner label="Loading more tools" />
          ) : list.isError && cards.length > 0 ? (
            <Button variant="secondary" onClick={() => void fetchNextPage()}>
              Load more
            </Button>
          ) : !list.isPending && !hasNextPage ? (
            <p data-testid="pros-cons-end">
              {cards.length === 0 ? 'No tools need pros and cons right now.' : "That's every tool for now."}
            </p>
          ) : null}
        </div>

        {cards.length > 1 && (
          <button
            type="button"
            onClick={goToNextFromView}
            className="fixed right-4 bottom-4 z-20 inline-flex items-center gap-1.5 rounded-full bg-brand-600 px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-brand-700 sm:hidden"
            data-testid="mobile-next-tool"
          >
            Next Tool <ArrowDown className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
    </TooltipProvider>
  )
}

function Header({ user, isLoading }: { user: CurrentUser | null; isLoading: boolean }) {
  const modal = useSignInModal()
  if (isLoading)
    return (
      <LoadingRegion label="Loading your points" className="flex items-center gap-4">
        <Skeleton className="size-14 rounded-full" />
        <Skeleton className="h-6 w-40" />
      </LoadingRegion>
    )
  if (!user)
    return (
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <p className="flex items-center gap-2 text-slate-700">
          <Trophy className="size-5 text-amber-500" aria-hidden="true" />
          Sign in to add pros and cons, vote, and earn points.
        </p>
        <Button onClick={() => modal.open({ reason: 'Sign in to earn points on Pros & Cons.' })}>Sign in</Button>
      </div>
    )
  return (
    <div className="flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <Avatar user={user} className="size-14 text-xl" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-lg font-semibold text-slate-900" data-testid="pros-cons-username">
          {user.username}
        </p>
        <p className="text-sm text-slate-500">Your contributions to Pros & Cons</p>
      </div>
      <div className="text-right">
        <p className="flex items-center justify-end gap-1.5 text-2xl font-bold text-slate-900 tabular-nums">
          <Trophy className="size-5 text-amber-500" aria-hidden="true" />
          <AnimatedPoints value={user.popularity} />
        </p>
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Points</p>
      </div>
    </div>
  )
}

function CardSkeletons() {
  return (
    <LoadingRegion label="Loading tools" className="space-y-6">
      {[0, 1].map((key) => (
        <div key={key} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <div className="flex items-center gap-4">
            <Skeleton className="size-12" />
            <Skeleton className="h-5 w-48" />
          </div>
          <div className="mt-5 grid grid-cols-1 gap-6 md:grid-cols-2">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        </div>
      ))}
    </LoadingRegion>
  )
}
