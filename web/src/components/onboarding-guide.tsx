// Back from a GitHub sign-in, a user who has not been through onboarding lands on it once (web/src/lib/onboarding-guide.ts;
// e-mail sign-ins and sign-ups are guided by the sign-in modal itself).
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { needsOnboarding, ONBOARDING_START_PATH, takeGuidePending } from '../lib/onboarding-guide.ts'
import { useCurrentUser } from '../lib/session.tsx'

export function OnboardingGuide() {
  const { user, isLoading } = useCurrentUser()
  const navigate = useNavigate()
  useEffect(() => {
    if (isLoading || !takeGuidePending() || !user) return
    let isCurrent = true
    needsOnboarding(user).then((needed) => {
      if (needed && isCurrent) navigate(ONBOARDING_START_PATH)
    })
    return () => {
      isCurrent = false
    }
  }, [isLoading, user, navigate])
  return null
}
