// A profile's followers and what it follows (issue 8 'Follows': followers and following lists on profiles): the
// first page of each (30, newest first) with the totals.
import { Users } from 'lucide-react'
import { Link } from 'react-router'
import { Avatar } from '../../../components/ui/avatar.tsx'
import { useFollowers } from '../api/get-followers.ts'
import { useFollowing } from '../api/get-following.ts'

const chipClass =
  'flex items-center gap-2 rounded-lg bg-white py-1.5 pl-1.5 pr-3 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-200 hover:ring-brand-500/50'

export function FollowLists({ username }: { username: string }) {
  const followers = useFollowers(username)
  const following = useFollowing(username)
  return (
    <div className="mt-8 grid grid-cols-1 gap-8 md:grid-cols-2">
      <section aria-labelledby="followers-heading">
        <h2 id="followers-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Users className="size-5 text-slate-400" aria-hidden="true" /> Followers
          <span className="text-sm font-normal text-slate-500">({followers.data?.total ?? 0})</span>
        </h2>
        {followers.data && followers.data.followers.length === 0 && (
          <p className="mt-2 text-sm text-slate-600">No followers yet.</p>
        )}
        <ul className="mt-3 flex flex-wrap gap-2">
          {followers.data?.followers.map((follower) => (
            <li key={follower.id}>
              <Link to={`/${follower.username}`} className={chipClass}>
                <Avatar user={follower} className="size-6 text-xs" />
                {follower.username}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="following-heading">
        <h2 id="following-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Users className="size-5 text-slate-400" aria-hidden="true" /> Following
          <span className="text-sm font-normal text-slate-500">({following.data?.total ?? 0})</span>
        </h2>
        {following.data && following.data.following.length === 0 && (
          <p className="mt-2 text-sm text-slate-600">Not following anything yet.</p>
        )}
        <ul className="mt-3 flex flex-wrap gap-2">
          {following.data?.following.map((followee) => {
            const content = (
              <>
                <Avatar
                  user={{ name: followee.name, username: followee.name, image_url: followee.image_url }}
                  className="size-6 rounded-md text-xs"
                />
                {followee.name}
                <span className="sr-only">({followee.type})</span>
              </>
            )
            return (
              <li key={`${followee.type}-${followee.id}`}>
                {followee.path ? (
                  <Link to={followee.path} className={chipClass}>
                    {content}
                  </Link>
                ) : (
                  <span className={chipClass}>{content}</span>
                )}
              </li>
            )
          })}
        </ul>
      </section>
    </div>
  )
}
