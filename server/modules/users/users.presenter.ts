import type { Notification, NotificationCounts } from '#contracts/notifications.ts'
import type { CurrentUser, SignInProvider } from '#contracts/users.ts'
import type { SessionUser } from '../../http/auth-guard.ts'
import type { findUserProfile, listPersonalStacks, listUserCompanies } from './users.queries.ts'

type Profile = NonNullable<Awaited<ReturnType<typeof findUserProfile>>>

export function presentCurrentUser(input: {
  session: SessionUser
  profile: Profile
  companies: Awaited<ReturnType<typeof listUserCompanies>>
  personalStacks: Awaited<ReturnType<typeof listPersonalStacks>>
  signInProviders: SignInProvider[]
  pendingEmail: string | null
  notifications: Notification[]
  notificationCounts: NotificationCounts
}): CurrentUser {
  const { session, profile, companies, personalStacks } = input
  const personal = personalStacks[0]
  return {
    id: profile.id,
    username: profile.username ?? session.username,
    name: profile.name,
    email: profile.email,
    image_url: profile.image,
    moderator: session.isModerator,
    is_admin: session.isAdmin,
    impersonated: session.impersonated,
    popularity: profile.popularity,
    has_personal_github_install: input.signInProviders.includes('github'),
    has_password: input.signInProviders.includes('password'),
    sign_in_providers: input.signInProviders,
    email_verified: profile.emailVerified,
    pending_email: input.pendingEmail,
    weekly_digest_subscribed: profile.weeklyDigestSubscribed,
    first_name: profile.firstName,
    last_name: profile.lastName,
    company_name: profile.companyName,
    title: profile.title,
    onboarded: profile.onboardedAt !== null,
    notifications: input.notifications,
    // No event makes a sticky notification (site-wide announcements): docs/decisions/010-notifications.md
    sticky_notifications: [],
    notification_count: input.notificationCounts.notification_count,
    unread_notifications_count: input.notificationCounts.unread_notifications_count,
    counts: { stacks: personalStacks.length, companies: companies.length },
    companies: companies.map((company) => ({
      id: company.id,
      name: company.name,
      slug: company.slug,
      image_url: company.imageUrl,
    })),
    personal_stack: personal
      ? { name: personal.name, canonical_url: `/${profile.username ?? session.username}/${personal.slug}` }
      : null,
  }
}
