// Guides a user who has not been through onboarding to it (web/src/lib/onboarding-guide.ts, decision 012): back from
// a GitHub or single sign-on sign-in, they land on it once, unless the sign-in asked for a page (the sign-in screen's
// ?next=, which a private site's wall sets): then they land there and this banner offers the wizard (decision 082) (e-mail sign-ins and sign-ups from the navbar are sent by the sign-in modal
// itself); signed up from an action prompt (Follow, I Use This, a page that needs sign-in), the action runs where they
// were and this banner above the page offers the wizard, which returns to this page when they leave it.
import { useEffect, useSyncExternalStore } from 'react'
import { useLocation, useNavigate } from 'react-router'
import {
  needsOnboarding,
  ONBOARDING_START_PATH,
  offerOnboarding,
  onboardingOfferedTo,
  rememberSignInPage,
  subscribeToOnboardingOffer,
  takeGuidePending,
  withdrawOnboardingOffer,
} from '../lib/onboarding-guide.ts'
import { useCurrentUser } from '../lib/session.tsx'
import { useSiteName } from '../lib/site.ts'
import { Button } from './ui/button.tsx'

export function OnboardingGuide() {
  const { user, isLoading } = useCurrentUser()
  const navigate = useNavigate()
  useEffect(() => {
    if (isLoading || !user) return
    const onReturn = takeGuidePending()
    if (!onReturn) return
    let isCurrent = true
    needsOnboarding(user).then((needed) => {
      if (!needed || !isCurrent) return
      if (onReturn === 'offer') offerOnboarding(user.id)
      else navigate(ONBOARDING_START_PATH)
    })
    return () => {
      isCurrent = false
    }
  }, [isLoading, user, navigate])
  const offeredTo = useSyncExternalStore(subscribeToOnboardingOffer, onboardingOfferedTo, () => null)
  if (!user || offeredTo !== user.id || user.onboarded) return null
  return <OnboardingOffer />
}

function OnboardingOffer() {
  const siteName = useSiteName()
  const location = useLocation()
  const navigate = useNavigate()
  if (location.pathname.startsWith('/onboarding')) return null
  const start = () => {
    rememberSignInPage(location.pathname + location.search)
    withdrawOnboardingOffer()
    navigate(ONBOARDING_START_PATH)
  }
  return (
    <section aria-label="Get started" className="border-b border-brand-100 bg-brand-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <p className="min-w-0 basis-full text-sm text-slate-800 sm:basis-0 sm:flex-1">
          <strong className="font-semibold">Welcome to {siteName}!</strong> Set up your profile and your stack: it takes
          a minute, and brings you back here.
        </p>
        <div className="flex gap-2">
          <Button size="sm" onClick={start}>
            Set up my profile
          </Button>
          <Button size="sm" variant="ghost" onClick={withdrawOnboardingOffer}>
            Not now
          </Button>
        </div>
      </div>
    </section>
  )
}
