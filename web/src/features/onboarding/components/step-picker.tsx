// The numbered step picker (spec §2): on phones a row on top, on wider screens a sidebar with an icon, a title and a
// line of text per step. Completed steps carry a check; every step is a link. Only the steps the wizard walks are
// numbered; areas-of-interest, in the step list but never walked, follows them unnumbered as optional.
import { Check, Layers, type LucideIcon, Sparkles, UserRound } from 'lucide-react'
import { Link } from 'react-router'
import {
  ONBOARDING_NUMBERED_STEPS,
  ONBOARDING_OPTIONAL_STEPS,
  type OnboardingPickerStep,
} from '#contracts/onboarding.ts'
import { cn } from '../../../components/ui/cn.ts'

const STEP_DETAILS: Record<OnboardingPickerStep, { title: string; text: string; icon: LucideIcon }> = {
  'basic-information': { title: 'Basic information', text: 'Tell the community who you are.', icon: UserRound },
  'build-your-stack': { title: 'Build your stack', text: 'Add the tools you use every day.', icon: Layers },
  'areas-of-interest': { title: 'Areas of interest', text: 'Choose what you want to hear about.', icon: Sparkles },
}

interface PickerEntry {
  slug: OnboardingPickerStep
  /** 1-based place in the walk; null for an optional step. */
  number: number | null
  isCurrent: boolean
  isDone: boolean
  title: string
  text: string
  icon: LucideIcon
}

function Marker({ entry }: { entry: PickerEntry }) {
  const { isCurrent, isDone } = entry
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ring-1',
        isCurrent && 'bg-brand-600 text-white ring-brand-600',
        !isCurrent && isDone && 'bg-brand-50 text-brand-700 ring-brand-500/40',
        !isCurrent && !isDone && 'bg-white text-slate-500 ring-slate-300',
      )}
    >
      {isDone && !isCurrent ? (
        <Check className="size-4" />
      ) : entry.number === null ? (
        <entry.icon className="size-3.5" />
      ) : (
        entry.number
      )}
    </span>
  )
}

const optionalLabel = (entry: PickerEntry) => (entry.number === null ? ' (optional)' : '')
const doneLabel = (entry: PickerEntry) => (entry.isDone ? ' (completed)' : '')

export function StepPicker({
  current,
  completed,
  layout,
}: {
  current: string
  completed: ReadonlySet<string>
  layout: 'mobile' | 'desktop'
}) {
  const entry = (slug: OnboardingPickerStep, number: number | null): PickerEntry => ({
    slug,
    number,
    isCurrent: slug === current,
    isDone: completed.has(slug),
    ...STEP_DETAILS[slug],
  })
  const steps = [
    ...ONBOARDING_NUMBERED_STEPS.map((slug, index) => entry(slug, index + 1)),
    ...ONBOARDING_OPTIONAL_STEPS.map((slug) => entry(slug, null)),
  ]

  if (layout === 'mobile')
    return (
      <nav aria-label="Onboarding steps" className="sm:hidden">
        <ol className="flex items-center gap-1">
          {steps.map((step, index) => (
            <li key={step.slug} className={cn('flex min-w-0 items-center gap-1', step.isCurrent && 'flex-1')}>
              {index > 0 && (
                <span
                  aria-hidden="true"
                  className={cn(
                    'h-px w-4 shrink-0',
                    step.number === null ? 'border-t border-dashed border-slate-300' : 'bg-slate-300',
                  )}
                />
              )}
              <Link
                to={`/onboarding/${step.slug}`}
                aria-current={step.isCurrent ? 'step' : undefined}
                className="flex min-w-0 items-center gap-1.5 rounded-full py-1 pl-1 pr-2 hover:bg-slate-100"
              >
                <Marker entry={step} />
                {/* on a phone only the current step is named; the others keep their names for screen readers */}
                <span className={cn('truncate text-sm', step.isCurrent ? 'font-semibold text-slate-900' : 'sr-only')}>
                  {step.title}
                  {/* a phone's row has no room for it: the unnumbered marker and dashed link say it */}
                  <span className="sr-only">{optionalLabel(step)}</span>
                  <span className="sr-only">{doneLabel(step)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </nav>
    )

  return (
    <nav aria-label="Onboarding steps" className="max-sm:hidden">
      <ol className="space-y-1">
        {steps.map((step) => (
          <li key={step.slug} className={cn(step.number === null && 'mt-3 border-t border-slate-200 pt-3')}>
            <Link
              to={`/onboarding/${step.slug}`}
              aria-current={step.isCurrent ? 'step' : undefined}
              className={cn(
                'flex items-start gap-3 rounded-xl p-3 transition',
                step.isCurrent ? 'bg-white shadow-sm ring-1 ring-slate-200' : 'hover:bg-white/70',
              )}
            >
              <Marker entry={step} />
              <span className="min-w-0">
                <span className="flex flex-wrap items-center gap-x-2 text-sm font-semibold text-slate-900">
                  {step.number !== null && <step.icon className="size-4 text-brand-600" aria-hidden="true" />}
                  {step.title}
                  {step.number === null && (
                    <span className="text-xs font-normal text-slate-500">{optionalLabel(step)}</span>
                  )}
                  <span className="sr-only">{doneLabel(step)}</span>
                </span>
                <span className="mt-0.5 block text-xs text-slate-600">{step.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  )
}
