// Every field of the onboarding's answers, named as the spec names them (§3 'Onboarding user info').
import { DEFAULT_INTERESTS, type Interests, type OnboardingInfo } from '#contracts/onboarding.ts'
import { toolLogoUrl } from '../tools/tools.presenter.ts'
import type { OnboardingUserRow, ProfileToolRow } from './onboarding.queries.ts'

export function presentOnboardingInfo(
  user: OnboardingUserRow,
  profileTools: ProfileToolRow[],
  githubLogin: string | null,
): OnboardingInfo {
  return {
    user_id: user.id,
    user_img: user.image,
    first_name: user.firstName,
    last_name: user.lastName,
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

/** spec §4: the defaults until the user has saved their own. */
export function presentInterests(stored: Interests | null): Interests {
  return { ...DEFAULT_INTERESTS, ...(stored ?? {}) }
}
