// The three-step timeline of the wizard and the edit area (spec §2): Stack Info, Tools Selection, Tools Details.
import { Check } from 'lucide-react'
import type { MouseEvent } from 'react'
import { Link } from 'react-router'
import { cn } from '../../../components/ui/cn.ts'

export const TIMELINE_STEPS = ['Stack Info', 'Tools Selection', 'Tools Details'] as const
export type TimelineStep = 0 | 1 | 2

export function Timeline({
  current,
  hrefs,
  onNavigate,
  label = 'Progress',
}: {
  current: TimelineStep
  /** The edit area's steps are links; the wizard's are not (its Back button moves between steps). */
  hrefs?: readonly [string, string, string]
  /** Lets the page stop a move (the edit area leaves info only when it validates). */
  onNavigate?: (event: MouseEvent<HTMLAnchorElement>, step: TimelineStep) => void
  label?: string
}) {
  return (
    // Phones: three equal columns, each label under its number (a row of all three names is wider than 390 px).
    <ol aria-label={label} className="grid grid-cols-3 gap-1 sm:flex sm:items-center sm:gap-3">
      {TIMELINE_STEPS.map((name, index) => {
        const step = index as TimelineStep
        const isDone = step < current
        const isCurrent = step === current
        const marker = (
          <span
            className={cn(
              'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ring-1',
              isCurrent && 'bg-brand-600 text-white ring-brand-600',
              isDone && 'bg-brand-50 text-brand-700 ring-brand-500/40',
              !isCurrent && !isDone && 'bg-white text-slate-500 ring-slate-300',
            )}
            aria-hidden="true"
          >
            {isDone ? <Check className="size-4" /> : index + 1}
          </span>
        )
        const text = (
          <span
            className={cn(
              'text-sm max-sm:text-center max-sm:text-xs max-sm:leading-tight',
              isCurrent ? 'font-semibold text-slate-900' : isDone ? 'text-slate-700' : 'text-slate-500',
            )}
          >
            {name}
          </span>
        )
        return (
          <li key={name} className="flex min-w-0 items-center justify-center gap-2 sm:gap-3">
            {index > 0 && (
              <span
                aria-hidden="true"
                className={cn('h-px w-10 shrink-0 max-sm:hidden', step <= current ? 'bg-brand-500' : 'bg-slate-300')}
              />
            )}
            {hrefs ? (
              <Link
                to={hrefs[index]!}
                aria-current={isCurrent ? 'step' : undefined}
                onClick={(event) => onNavigate?.(event, step)}
                className="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-slate-100 max-sm:flex-col max-sm:gap-1 max-sm:rounded-lg max-sm:px-1"
              >
                {marker}
                {text}
              </Link>
            ) : (
              <span
                aria-current={isCurrent ? 'step' : undefined}
                className="flex items-center gap-2 py-1 max-sm:flex-col max-sm:gap-1"
              >
                {marker}
                {text}
              </span>
            )}
          </li>
        )
      })}
    </ol>
  )
}
