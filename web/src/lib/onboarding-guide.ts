// Who is guided to the onboarding wizard, and where it returns (specs/onboarding-customers-teams-notifications.md
// §2 'Onboarding wizard', docs/decisions/012-onboarding-wizard.md): after a sign-up or sign-in, a user who has not
// finished onboarding and was never shown the wizard lands on it once; the page they signed in on is remembered,
// and the welcome screen stores it as the redirect for when the wizard is left.
import type { OnboardingInfo } from '#contracts/onboarding.ts'
import type { CurrentUser } from '#contracts/users.ts'
import { apiFetch } from './api.ts'

export const ONBOARDING_START_PATH = '/onboarding/welcome'

const LAST_SIGN_IN_PAGE = 'stackatlas.last-sign-in-page'
const ONBOARDING_REDIRECT = 'stackatlas.onboarding-redirect'
/**
 * Set before leaving for a provider's sign-in (GitHub, single sign-on): the app checks the guide once it is back, and
 * opens the wizard ('open') or offers it above the page the sign-in asked for ('offer', decision 082).
 */
const GUIDE_PENDING = 'stackatlas.onboarding-guide-pending'
/** The id of a user who signed up from an action prompt: the guide offers the wizard beside what they were doing. */
const GUIDE_OFFERED = 'stackatlas.onboarding-guide-offered'
const OFFER_CHANGED = 'stackatlas:onboarding-offer'

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.sessionStorage.removeItem(key)
    else window.sessionStorage.setItem(key, value)
  } catch {
    // Storage refused (private mode): the wizard then ends on its startup redirect path.
  }
}

/** Only a path of this site, and never the wizard itself (it would loop). */
function isReturnablePath(path: string | null): path is string {
  return Boolean(path?.startsWith('/') && !path.startsWith('//') && !/^\/onboarding(\/|$|\?)/.test(path))
}

export function rememberSignInPage(path: string) {
  if (isReturnablePath(path)) write(LAST_SIGN_IN_PAGE, path)
}

/** spec §2: on arrival at the welcome screen the last sign-in page becomes the post-onboarding redirect. */
export function storeOnboardingRedirect() {
  const page = read(LAST_SIGN_IN_PAGE)
  if (isReturnablePath(page)) write(ONBOARDING_REDIRECT, page)
}

/** The stored redirect, else the path supplied at startup; the stored value is used once. */
export function takeOnboardingRedirect(fallback: string): string {
  const stored = read(ONBOARDING_REDIRECT)
  write(ONBOARDING_REDIRECT, null)
  write(LAST_SIGN_IN_PAGE, null)
  return isReturnablePath(stored) ? stored : fallback
}

export type GuideOnReturn = 'open' | 'offer'

export function markGuidePending(onReturn: GuideOnReturn = 'open') {
  write(GUIDE_PENDING, onReturn)
}

export function takeGuidePending(): GuideOnReturn | null {
  const pending = read(GUIDE_PENDING)
  write(GUIDE_PENDING, null)
  // '1': what a tab that left before this version stored
  return pending === 'offer' ? 'offer' : pending === 'open' || pending === '1' ? 'open' : null
}

/** A sign-up from an action prompt: the action continues, and the guide offers the wizard (decision 012). */
export function offerOnboarding(userId: number) {
  write(GUIDE_OFFERED, String(userId))
  window.dispatchEvent(new Event(OFFER_CHANGED))
}

export function withdrawOnboardingOffer() {
  write(GUIDE_OFFERED, null)
  window.dispatchEvent(new Event(OFFER_CHANGED))
}

/** The user the wizard is offered to, if any (for useSyncExternalStore). */
export function onboardingOfferedTo(): number | null {
  const value = Number(read(GUIDE_OFFERED))
  return Number.isInteger(value) && value > 0 ? value : null
}

export function subscribeToOnboardingOffer(onChange: () => void): () => void {
  window.addEventListener(OFFER_CHANGED, onChange)
  return () => window.removeEventListener(OFFER_CHANGED, onChange)
}

/** True for a user who has not finished onboarding and was never shown the wizard (an admin acting as them never). */
export async function needsOnboarding(user: CurrentUser): Promise<boolean> {
  if (user.onboarded || user.impersonated) return false
  try {
    const info = await apiFetch<OnboardingInfo>('/api/v1/onboarding')
    return !info.started && !info.onboarded
  } catch {
    return false
  }
}
