// The profile page's (/{username}) address, title, meta description and structured data: plain functions apart from
// the zod schemas (contracts/profiles.ts), so the web reads them without zod. The server writes them into the page's
// head when it renders the page (server/http/page-head.ts). Nothing here names an e-mail address: the profile's
// answer holds none.
import { clipDescription } from './tool-page-meta.ts'

/** Stacks named in the meta description before it is cut to length. */
const DESCRIPTION_STACKS_MAX = 6

interface ProfileMeta {
  user: {
    username: string
    name: string
    image_url: string | null
    created_at: string
    companies: Array<{ name: string; slug: string }>
  }
  stacks: Array<{ name: string }>
}

/** The profile's address: usernames are kept in lower case, so '/Ada' is '/ada'. */
export const profilePath = (username: string) => `/${username}`

/** '{name} (@{username})': the page's title before ' | {site}'. */
export function profilePageTitle(user: Pick<ProfileMeta['user'], 'name' | 'username'>): string {
  return `${user.name} (@${user.username})`
}

/** '{name} (@{username}) shares 2 stacks: A, B. Member of Acme.', at most META_DESCRIPTION_MAX characters. */
export function profileMetaDescription({ user, stacks }: ProfileMeta): string {
  const names = stacks.slice(0, DESCRIPTION_STACKS_MAX).map((stack) => stack.name)
  const shares =
    names.length > 0
      ? ` shares ${stacks.length} ${stacks.length === 1 ? 'stack' : 'stacks'}: ${names.join(', ')}.`
      : ': their stacks, companies and points.'
  const companies = user.companies.length > 0 ? ` Member of ${user.companies.map((c) => c.name).join(', ')}.` : ''
  return clipDescription(`${profilePageTitle(user)}${shares}${companies}`)
}

/** schema.org ProfilePage whose mainEntity is the Person (name, handle, page, picture, companies). */
export function profileStructuredData({ user }: ProfileMeta, origin: string) {
  const url = new URL(profilePath(user.username), origin).toString()
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url,
    dateCreated: user.created_at,
    mainEntity: {
      '@type': 'Person',
      name: user.name,
      alternateName: `@${user.username}`,
      identifier: user.username,
      url,
      image: user.image_url ? new URL(user.image_url, origin).toString() : undefined,
      memberOf:
        user.companies.length > 0
          ? user.companies.map((company) => ({
              '@type': 'Organization',
              name: company.name,
              url: new URL(`/companies/${company.slug}`, origin).toString(),
            }))
          : undefined,
    },
  }
}
