// 'Vote For Tools' (spec §2 tool-details, §9): a carousel of the chosen tools' reasons, at most 5 per tool, cards
// 320 px wide, the arrows sliding 200 px. Up and down votes go to POST /api/v1/reasons/toggle_vote; the same vote
// again takes it back.
import { ChevronLeft, ChevronRight, ThumbsDown, ThumbsUp } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { REASONS_PER_TOOL, type Reason, type ServiceWithReasons } from '#contracts/reasons.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { track } from '../../../lib/analytics.ts'
import { ApiError } from '../../../lib/api.ts'
import { useReasons } from '../api/get-reasons.ts'
import { useToggleVote } from '../api/toggle-vote.ts'
import type { BuilderTool } from '../state/wizard-state.ts'

/** spec §9: carousel card width and how far one arrow click slides. */
export const CAROUSEL_CARD_WIDTH_PX = 320
export const SLIDER_STEP_PX = 200

export function ToolVotes({
  tools,
  analyticsPrefix,
  emptyHint,
}: {
  tools: BuilderTool[]
  analyticsPrefix: string
  /** A sentence after 'None of your tools has reasons to vote on yet.' */
  emptyHint?: string
}) {
  const reasons = useReasons(tools.map((tool) => tool.id))
  const vote = useToggleVote()
  const [voteError, setVoteError] = useState<string | null>(null)

  const onVote = (reason: Reason, value: 1 | -1) => {
    setVoteError(null)
    vote.mutate(
      { id: reason.id, vote: value },
      {
        onSuccess: () => track(`${analyticsPrefix}.reason_voted`, { reason_id: reason.id, vote: value }),
        onError: (error) =>
          setVoteError(error instanceof ApiError ? error.message : 'Your vote could not be saved. Please try again.'),
      },
    )
  }

  if (reasons.isPending)
    return (
      <LoadingRegion label="Loading reasons" className="flex gap-4 overflow-hidden">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-64 w-[320px] shrink-0 rounded-2xl" />
        ))}
      </LoadingRegion>
    )
  if (reasons.isError)
    return <Alert tone="error">The reasons could not be loaded. You can still save your stack.</Alert>

  const withReasons = reasons.data.filter((service) => service.reasons.length > 0)
  const without = reasons.data.filter((service) => service.reasons.length === 0)
  return (
    <div className="space-y-4">
      {voteError && <Alert tone="error">{voteError}</Alert>}
      {withReasons.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-slate-200 bg-white px-6 py-10 text-center text-sm text-slate-600">
          None of your tools has reasons to vote on yet.{emptyHint ? ` ${emptyHint}` : ''}
        </p>
      ) : (
        <Carousel services={withReasons} onVote={onVote} isVoting={vote.isPending} />
      )}
      {withReasons.length > 0 && without.length > 0 && (
        <p className="text-xs text-slate-500">
          No reasons yet for {without.map((service) => service.name).join(', ')}.
        </p>
      )}
    </div>
  )
}

function Carousel({
  services,
  onVote,
  isVoting,
}: {
  services: ServiceWithReasons[]
  onVote: (reason: Reason, vote: 1 | -1) => void
  isVoting: boolean
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const [edges, setEdges] = useState({ atStart: true, atEnd: true })
  const measure = useCallback(() => {
    const element = scroller.current
    if (!element) return
    setEdges({
      atStart: element.scrollLeft <= 1,
      atEnd: element.scrollLeft + element.clientWidth >= element.scrollWidth - 1,
    })
  }, [])
  useEffect(() => {
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [measure])
  const slide = (direction: 1 | -1) =>
    scroller.current?.scrollBy({ left: direction * SLIDER_STEP_PX, behavior: 'smooth' })

  return (
    <section aria-roledescription="carousel" aria-label="Reasons to vote on" className="space-y-3">
      <div className="flex items-center justify-end gap-2">
        <button
          type="button"
          onClick={() => slide(-1)}
          disabled={edges.atStart}
          aria-label="Previous tools"
          className="flex size-9 items-center justify-center rounded-full bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-40"
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={() => slide(1)}
          disabled={edges.atEnd}
          aria-label="Next tools"
          className="flex size-9 items-center justify-center rounded-full bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-40"
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div
        ref={scroller}
        onScroll={measure}
        // relative: the cards' screen-reader text (absolutely placed) is clipped here too, instead of widening the
        // page past the phone's screen; phones: a card as wide as the carousel, snapped whole, so none shows cut.
        // A scroller clips both ways (overflow-x makes overflow-y auto too): the padding all round keeps the cards'
        // ring and shadow inside it, the top edge included.
        className="relative -mx-1 overflow-x-auto px-1 pt-1 pb-3 [scrollbar-width:thin] max-sm:snap-x max-sm:snap-mandatory"
        data-testid="reasons-carousel"
      >
        <ul className="flex gap-4">
          {services.map((service) => (
            <li
              key={service.id}
              aria-roledescription="slide"
              aria-label={service.name}
              style={{ width: CAROUSEL_CARD_WIDTH_PX }}
              className="max-w-full shrink-0 snap-start rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            >
              <div className="flex items-center gap-3">
                <ToolLogo src={service.image_url} className="size-10" />
                <h3 className="truncate font-semibold text-slate-900">{service.name}</h3>
              </div>
              <ul className="mt-4 space-y-2">
                {service.reasons.slice(0, REASONS_PER_TOOL).map((reason) => (
                  <li key={reason.id} className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2">
                    <span className="min-w-0 flex-1 text-sm text-slate-800">{reason.text}</span>
                    <span className="w-7 text-center text-sm font-semibold tabular-nums text-slate-700">
                      {reason.cached_votes_total}
                      <span className="sr-only"> votes</span>
                    </span>
                    <VoteButton
                      label={`Upvote “${reason.text}” for ${service.name}`}
                      isOn={reason.user_vote === 1}
                      disabled={isVoting}
                      onClick={() => onVote(reason, 1)}
                    >
                      <ThumbsUp className="size-4" aria-hidden="true" />
                    </VoteButton>
                    <VoteButton
                      label={`Downvote “${reason.text}” for ${service.name}`}
                      isOn={reason.user_vote === -1}
                      disabled={isVoting}
                      onClick={() => onVote(reason, -1)}
                    >
                      <ThumbsDown className="size-4" aria-hidden="true" />
                    </VoteButton>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function VoteButton({
  label,
  isOn,
  onClick,
  disabled,
  children,
}: {
  label: string
  isOn: boolean
  onClick: () => void
  disabled: boolean
  children: React.ReactNode
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={isOn}
      onClick={onClick}
      disabled={disabled}
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-lg ring-1 transition disabled:cursor-wait',
        isOn ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-500 ring-slate-200 hover:text-slate-800',
      )}
    >
      {children}
    </button>
  )
}
