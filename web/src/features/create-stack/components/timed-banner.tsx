// The edit area's error and notification banners (spec §2, §9): 50 px high, gone after 5 seconds.
import { CircleAlert, CircleCheck, X } from 'lucide-react'
import { useEffect } from 'react'
import { cn } from '../../../components/ui/cn.ts'

export const BANNER_MS = 5000

export interface BannerMessage {
  /** Changes for each new message, so the same text shown twice restarts its 5 seconds. */
  id: number
  text: string
}

export function TimedBanner({
  message,
  tone,
  onDone,
}: {
  message: BannerMessage | null
  tone: 'error' | 'notification'
  onDone: () => void
}) {
  useEffect(() => {
    if (!message) return
    const timer = setTimeout(onDone, BANNER_MS)
    return () => clearTimeout(timer)
  }, [message, onDone])
  if (!message) return null
  const Icon = tone === 'error' ? CircleAlert : CircleCheck
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex h-[50px] items-center gap-3 rounded-lg px-4 text-sm font-medium shadow-sm ring-1',
        tone === 'error' ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-emerald-50 text-emerald-900 ring-emerald-200',
      )}
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1 truncate">{message.text}</span>
      <button
        type="button"
        onClick={onDone}
        className="rounded-md p-1 hover:bg-black/5"
        aria-label={tone === 'error' ? 'Dismiss error' : 'Dismiss notification'}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  )
}
