// The numbered step picker (spec §2): on phones a row on top, on wider screens a sidebar with an icon, a title and a
// line of text per step. Completed steps carry a check; every step is a link.
import { Check, Layers, type LucideIcon, Sparkles, UserRound } from 'lucide-react'
import { Link } from 'react-router'
import { ONBOARDING_PICKER_STEPS } from '#contracts/onboarding.ts'
import { cn } from '../../../components/ui/cn.ts'

type PickerStep = (typeof ONBOARDING_PICKER_STEPS)[number]

const STEP_DETAILS: Record<PickerStep, { title: string; text: string; icon: LucideIcon }> = {
  'basic-information': { title: 'Basic information', text: 'Tell the community who you are.', icon: UserRound },
  'build-your-stack': { title: 'Build your stack', text: 'Add the tools you use every day.', icon: Layers },
  'areas-of-interest': { title: 'Areas of interest', text: 'Choose what you want to hear about.', icon: Sparkles },
}

function Marker({ index, isCurrent, isDone }: { index: number; isCurrent: boolean; isDone: boolean }) {
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
      {isDone && !isCurrent ? <Check className="size-4" /> : index + 1}
    </span>
  )
}

export function StepPicker({
  current,
  completed,
  layout,
}: {
  current: string
  completed: ReadonlySet<string>
  layout: 'mobile' | 'desktop'
}) {
  const steps = ONBOARDING_PICKER_STEPS.map((slug, index) => ({
    slug,
    index,
    isCurrent: slug === current,
    isDone: completed.has(slug),
    ...STEP_DETAILS[slug],
  }))
  const doneLabel = (isDone: boolean) => (isDone ? ' (completed)' : '')

  if (layout === 'mobile')
    return (
      <nav aria-label="Onboarding steps" className="sm:hidden">
        <ol className="flex items-center gap-1">
          {steps.map((step) => (
            <li key={step.slug} className={cn('flex min-w-0 items-center gap-1', step.isCurrent && 'flex-1')}>
              {step.index > 0 && <span aria-hidden="true" className="h-px w-4 shrink-0 bg-slate-300" />}
              <Link
                to={`/onboarding/${step.slug}`}
                aria-current={step.isCurrent ? 'step' : undefined}
                className="flex min-w-0 items-center gap-1.5 rounded-full py-1 pl-1 pr-2 hover:bg-slate-100"
              >
                <Marker index={step.index} isCurrent={step.isCurrent} isDone={step.isDone} />
                {/* on a phone only the current step is named; the others keep their names for screen readers */}
                <span className={cn('truncate text-sm', step.isCurrent ? 'font-semibold text-slate-900' : 'sr-only')}>
                  {step.title}
                  <span className="sr-only">{doneLabel(step.isDone)}</span>
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
          <li key={step.slug}>
            <Link
              to={`/onboarding/${step.slug}`}
              aria-current={step.isCurrent ? 'step' : undefined}
              className={cn(
                'flex items-start gap-3 rounded-xl p-3 transition',
                step.isCurrent ? 'bg-white shadow-sm ring-1 ring-slate-200' : 'hover:bg-white/70',
              )}
            >
              <Marker index={step.index} isCurrent={step.isCurrent} isDone={step.isDone} />
              <span className="min-w-0">
                <span className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                  <step.icon className="size-4 text-brand-600" aria-hidden="true" />
                  {step.title}
                  <span className="sr-only">{doneLabel(step.isDone)}</span>
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
