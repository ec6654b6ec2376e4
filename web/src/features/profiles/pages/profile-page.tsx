// /{username}: who a person is, the companies they belong to, their stacks, followers and what they follow. Rendered
// on the server with its title, meta description, canonical link and JSON-LD (a ProfilePage about the Person); the
// follow state loads in the browser. Unknown usernames show the not-found page.
import { Building2, CalendarDays, Layers, Trophy } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { formatInteger } from '#contracts/counts.ts'
import {
  profileMetaDescription,
  profilePageTitle,
  profilePath,
  profileStructuredData,
} from '#contracts/profile-page-meta.ts'
import { FollowButton, prefetchFollowStatus } from '../../../components/follow-button.tsx'
import { NotFoundPage } from '../../../components/not-found-page.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Avatar } from '../../../components/ui/avatar.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { usePageMeta } from '../../../lib/page-meta.ts'
import { type Prefetch, redirectToCanonical } from '../../../lib/prefetch.ts'
import { siteOrigin } from '../../../lib/rendered-page.ts'
import { useCurrentUser } from '../../../lib/session.tsx'
import { followersQuery } from '../api/get-followers.ts'
import { followingQuery } from '../api/get-following.ts'
import { profileQuery, useProfile } from '../api/get-profile.ts'
import { FollowLists } from '../components/follow-lists.tsx'
import { ProfileStackCard } from '../components/profile-stack-card.tsx'

// in UTC, so the server and every browser write the same month
const joinedFormat = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** The profile, its followers and what it follows; the username in other capitals moves to the canonical address. */
export const prefetch: Prefetch = async (queryClient, { params, request }) => {
  const username = params.username ?? ''
  const query = profileQuery(username)
  await Promise.all([
    queryClient.prefetchQuery(query),
    queryClient.prefetchQuery(followersQuery(username)),
    queryClient.prefetchQuery(followingQuery(username)),
  ])
  const user = queryClient.getQueryData(query.queryKey)?.user
  await prefetchFollowStatus(queryClient, user && { type: 'user', id: user.id })
  return redirectToCanonical(request, user && profilePath(user.username))
}

export default function ProfilePage() {
  const { username = '' } = useParams()
  const { data, error, isPending } = useProfile(username)
  const { user: viewer } = useCurrentUser()
  useDocumentTitle(data ? profilePageTitle(data.user) : null)
  usePageMeta(
    data
      ? {
          description: profileMetaDescription(data),
          canonicalPath: profilePath(data.user.username),
          structuredData: profileStructuredData(data, siteOrigin()),
        }
      : null,
  )
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />
  if (isPending) return <PageSpinner />
  if (!data)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <Alert tone="error">We couldn't load this profile. Please reload the page.</Alert>
      </div>
    )
  const { user, stacks } = data
  const isOwn = viewer?.id === user.id

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <section className="flex flex-col gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center">
        <Avatar user={user} className="size-20 text-3xl sm:size-24" />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-semibold text-slate-900">{user.name}</h1>
          <p className="text-slate-500">@{user.username}</p>
          <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
            <CalendarDays className="size-4" aria-hidden="true" />
            Joined {joinedFormat.format(new Date(user.created_at))}
          </p>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600" data-testid="profile-points">
            <Trophy className="size-4 text-amber-500" aria-hidden="true" />
            <Link to="/pros-and-cons" className="hover:text-brand-700 hover:underline">
              {`${formatInteger(user.points)} ${user.points === 1 ? 'point' : 'points'}`}
            </Link>
          </p>
        </div>
        {!isOwn && (
          <FollowButton
            followeeType="user"
            followeeId={user.id}
            followeeName={`@${user.username}`}
            className="self-start sm:self-center"
          />
        )}
        {isOwn && (
          <Link
            to="/settings/profile"
            className="self-start rounded-lg px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 sm:self-center"
          >
            Edit profile
          </Link>
        )}
      </section>

      {user.companies.length > 0 && (
        <section className="mt-8" aria-labelledby="companies-heading">
          <h2 id="companies-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Building2 className="size-5 text-slate-400" aria-hidden="true" /> Companies
          </h2>
          <ul className="mt-3 flex flex-wrap gap-3">
            {user.companies.map((company) => (
              <li key={company.slug}>
                <Link
                  to={`/companies/${company.slug}`}
                  className="flex items-center gap-2 rounded-lg bg-white py-2 pl-2 pr-4 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-200 hover:ring-brand-500/50"
                >
                  {company.image_url ? (
                    <img src={company.image_url} alt="" className="size-8 rounded-md object-contain" />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="flex size-8 items-center justify-center rounded-md bg-slate-100 font-semibold text-slate-600"
                    >
                      {company.name.slice(0, 1).toUpperCase()}
                    </span>
                  )}
                  {company.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="mt-8" aria-labelledby="stacks-heading">
        <h2 id="stacks-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Layers className="size-5 text-slate-400" aria-hidden="true" /> Stacks
          {stacks.length > 0 && <span className="text-sm font-normal text-slate-500">({stacks.length})</span>}
        </h2>
        {stacks.length === 0 ? (
          <div className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
            <p className="font-medium text-slate-700">No stacks yet</p>
            <p className="mt-1 text-sm text-slate-500">
              {isOwn
                ? 'Stacks you create show up here for everyone to see (private ones only for you).'
                : `When @${user.username} shares a stack, it shows up here.`}
            </p>
          </div>
        ) : (
          <ul className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
            {stacks.map((stack) => (
              <ProfileStackCard key={stack.id} stack={stack} />
            ))}
          </ul>
        )}
      </section>

      <FollowLists username={user.username} />
    </div>
  )
}
