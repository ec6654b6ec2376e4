// The match-percentage ring (spec §9 colour tiers: orange <= 60, blue 70-80, green >= 90): Stack Match's result
// cards and the job-stack card on company pages.
import { capMatchPercent, formatMatchPercent, matchTier } from '#contracts/match.ts'
import { cn } from './ui/cn.ts'

const TIER_COLOURS = { orange: 'text-orange-500', blue: 'text-blue-500', green: 'text-green-600' } as const

export function MatchRing({ match: received }: { match: number }) {
  // spec §5: capped just under 100, however the number arrived
  const match = capMatchPercent(received)
  const tier = matchTier(match)
  const circumference = 2 * Math.PI * 22
  return (
    <div
      className={cn('relative size-14 shrink-0', TIER_COLOURS[tier])}
      role="img"
      aria-label={`${formatMatchPercent(match)} match`}
      data-tier={tier}
    >
      <svg viewBox="0 0 52 52" className="size-14 -rotate-90" aria-hidden="true">
        <circle cx="26" cy="26" r="22" fill="none" stroke="currentColor" strokeWidth="5" opacity="0.15" />
        <circle
          cx="26"
          cy="26"
          r="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="5"
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - match / 100)}
        />
      </svg>
      <span className="absolute inset-0 flex items-center justify-center text-xs font-bold">
        {formatMatchPercent(match)}
      </span>
    </div>
  )
}
