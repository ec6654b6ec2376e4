// /onboarding/areas-of-interest (spec §2, §4, §7): six checkbox cards starting from the stored choice (news,
// comparisons and companies until one is saved), read again each time the step opens before the cards show
// (decision 039); Continue posts the interests, Skip leaves them as they are.

import { useQueryClient } from '@tanstack/react-query'
import { BriefcaseBusiness, Building2, Columns2, Layers, type LucideIcon, Newspaper, Telescope } from 'lucide-react'
import { useState } from 'react'
import { INTEREST_KEYS, type InterestKey, type Interests } from '#contracts/onboarding.ts'
import { cn } from '../../../components/ui/cn.ts'
import { currentInterestsQuery, useCurrentInterests } from '../api/get-current-interests.ts'
import { saveInterests } from '../api/save-interests.ts'
import { StepActions } from '../components/step-actions.tsx'
import { StepHeading } from '../components/step-heading.tsx'
import { StepLoading } from '../components/step-loading.tsx'
import { serverErrorNotification, useWizard } from '../state/wizard-context.tsx'

const CARDS: Record<InterestKey, { title: string; text: string; icon: LucideIcon }> = {
  news: { title: 'News', text: 'Latest updates about the tools you use', icon: Newspaper },
  tools: { title: 'Tools', text: 'Find 3000+ of the best and latest tools', icon: Layers },
  comparisons: { title: 'Comparisons', text: 'Side-by-side comparisons', icon: Columns2 },
  deep_dives: { title: 'Deep dives', text: 'How companies scaled their stacks', icon: Telescope },
  companies: { title: 'Companies', text: 'Tech stacks of 10,000+ startups', icon: Building2 },
  jobs: { title: 'Jobs', text: '30,000+ jobs from companies using the same tools', icon: BriefcaseBusiness },
}

export function AreasOfInterestStep() {
  const current = useCurrentInterests()
  if (!current.isFetchedAfterMount || !current.data) return <StepLoading label="Loading your interests" />
  return <AreasOfInterestForm saved={current.data} />
}

function AreasOfInterestForm({ saved }: { saved: Interests }) {
  const wizard = useWizard()
  const queryClient = useQueryClient()
  const [interests, setInterests] = useState<Interests>(saved)

  const toggle = (key: InterestKey) => {
    setInterests((values) => ({ ...values, [key]: !values[key] }))
    if (wizard.isBlocked) wizard.notify(null)
  }
  const submit = async () => {
    wizard.setSaving(true)
    try {
      await saveInterests(interests)
      queryClient.setQueryData(currentInterestsQuery.queryKey, interests)
    } catch (error) {
      wizard.notify(serverErrorNotification(error))
      return
    } finally {
      wizard.setSaving(false)
    }
    await wizard.advance('areas-of-interest')
  }

  return (
    <div className="space-y-6">
      <StepHeading title="What are you interested in?" />
      <fieldset>
        <legend className="sr-only">Areas of interest</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {INTEREST_KEYS.map((key) => {
            const card = CARDS[key]
            const isChecked = interests[key]
            return (
              <label
                key={key}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-xl p-4 ring-1 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                  isChecked ? 'bg-brand-50 ring-brand-500/50' : 'bg-white ring-slate-200 hover:ring-slate-300',
                )}
              >
                <input
                  type="checkbox"
                  name={key}
                  checked={isChecked}
                  onChange={() => toggle(key)}
                  disabled={wizard.isSaving}
                  className="mt-1 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
                />
                <span className="min-w-0">
                  <span className="flex items-center gap-2 font-semibold text-slate-900">
                    <card.icon className="size-4 text-brand-600" aria-hidden="true" />
                    {card.title}
                  </span>
                  <span className="mt-0.5 block text-sm text-slate-600">{card.text}</span>
                </span>
              </label>
            )
          })}
        </div>
      </fieldset>
      <StepActions onContinue={submit} onSkip={() => wizard.advance('areas-of-interest')} />
    </div>
  )
}
