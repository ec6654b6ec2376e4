// Every field of the onboarding's answers, named as the spec names them (§3 'Onboarding user info').
import { DEFAULT_INTERESTS, type Interests, ONBOARDING_NAME_MAX, type OnboardingInfo } from '#contracts/onboarding.ts'
import { toolLogoUrl } from '../tools/tools.presenter.ts'
import type { OnboardingUserRow, ProfileToolRow } from './onboarding.queries.ts'

export function presentOnboardingInfo(
  user: OnboardingUserRow,
  profileTools: ProfileToolRow[],
  githubLogin: string | null,
): OnboardingInfo {
  const names = namesOf(user)
  return {
    user_id: user.id,
    user_img: user.image,
    first_name: names.first,
    last_name: names.last,
    company_name: user.companyName,
    job_title: user.title,
    is_private: user.isPrivate,
    was_shadow: user.githubOrganizations.length > 0,
    companies: user.githubOrganizations,
    services: profileTools.map((tool) => ({
      id: tool.id,
      name: tool.name,
      slug: tool.slug,
      image_url: tool.imageUrl ?? toolLogoUrl(tool.slug),
      is_approved: tool.isApproved,
      is_package: tool.isPackage,
      just_added: false,
    })),
    weekly_digest_subscribed: user.weeklyDigestSubscribed,
    email_feed_weekly: user.emailFeedWeekly,
    started: user.onboardingStartedAt !== null,
    onboarded: user.onboardedAt !== null,
    // Without a stored redirect the wizard ends on the user's profile, where the new stack shows.
    redirect_path: `/${user.username}`,
    oauth: githubLogin ? { provider: 'GitHub', icon: 'github' } : null,
  }
}

/**
 * The first and last name saved, or until either is saved, the name given at sign-up split at its first space (the
 * basic-information step starts from them: decision 039), each cut to the step's limit.
 */
function namesOf(user: OnboardingUserRow): { first: string | null; last: string | null } {
  if (user.firstName !== null || user.lastName !== null) return { first: user.firstName, last: user.lastName }
  const [first = '', ...rest] = user.name.trim().split(/\s+/)
  const cut = (value: string) => value.slice(0, ONBOARDING_NAME_MAX).trim() || null
  return { first: cut(first), last: cut(rest.join(' ')) }
}

/** spec §4: the defaults until the user has saved their own. */
export function presentInterests(stored: Interests | null): Interests {
  return { ...DEFAULT_INTERESTS, ...(stored ?? {}) }
}
