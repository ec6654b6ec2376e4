// /onboarding/welcome (spec §2): 'Welcome To {site}', 'Why share your stack?', three benefits and Continue. A user
// created from a GitHub organisation sees a dismissible note. On arrival the last sign-in page becomes the redirect
// and the server records that the wizard was shown.
import { useQuery } from '@tanstack/react-query'
import { BellRing, FileBadge, Users, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { GithubIcon } from '../../../components/ui/github-icon.tsx'
import { storeOnboardingRedirect } from '../../../lib/onboarding-guide.ts'
import { siteQuery } from '../../../lib/site.ts'
import { startOnboarding } from '../api/start-onboarding.ts'
import { useWizard } from '../state/wizard-context.tsx'

const BENEFITS = [
  {
    icon: FileBadge,
    title: 'Use your stack profile as your tech resume',
    text: 'Show the tools you know and use, on a profile you can share.',
  },
  {
    icon: BellRing,
    title: 'Stay up to date with your favorite tools',
    text: 'Follow the tools of your stack and hear when they change.',
  },
  {
    icon: Users,
    title: 'Share and contribute to the community',
    text: 'Help others pick their tools with what you have learned.',
  },
]

export function WelcomeStep() {
  const wizard = useWizard()
  const { data: site } = useQuery(siteQuery)
  const [isNoteOpen, setNoteOpen] = useState(true)
  useEffect(() => {
    storeOnboardingRedirect()
    // Refused for an admin acting as the user; the wizard works the same either way.
    startOnboarding().catch(() => {})
  }, [])

  const organisations = wizard.info.companies
  return (
    <div className="bg-gradient-to-b from-brand-50 to-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-20">
        <div className="text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Welcome To {site?.name ?? 'Stackatlas'}
          </h1>
          <h2 className="mt-4 text-lg font-semibold text-slate-700">Why share your stack?</h2>
        </div>
        {wizard.info.was_shadow && isNoteOpen && (
          <div
            role="status"
            className="mt-8 flex items-start gap-3 rounded-xl bg-white px-4 py-3 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200"
          >
            <GithubIcon className="mt-0.5 size-4 shrink-0" />
            <p className="min-w-0 flex-1">
              You are already part of the {organisations.join(', ')} GitHub{' '}
              {organisations.length === 1 ? 'organization' : 'organizations'}. We synced your recent stack changes; they
              will show on your profile after onboarding.
            </p>
            <button
              type="button"
              onClick={() => setNoteOpen(false)}
              aria-label="Dismiss"
              className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        )}
        <ul className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-3">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <benefit.icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{benefit.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{benefit.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex justify-center">
          <Button size="lg" className="min-w-44" onClick={() => wizard.advance('welcome')}>
            Continue
          </Button>
        </div>
      </div>
    </div>
  )
}
