// What I Use This's light button and its lazily loaded menu share: the props, the label and the button's look. A
// file of its own, so the button (imported by pages) and the menu (loaded on demand) do not import each other.
import { cn } from './ui/cn.ts'

export interface IUseThisButtonProps {
  serviceId: number
  toolName: string
  /** Called after the tool went into a stack or out of one (the page refreshes what it lists). */
  onChanged?: () => void
  className?: string
}

export const I_USE_THIS_LABEL = 'I Use This'

/** The button's look; `isUsed` when one of the user's stacks holds the tool. */
export function iUseThisButtonClass(isUsed: boolean, className?: string) {
  return cn(
    'inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium transition-colors',
    isUsed
      ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-300 hover:bg-emerald-100'
      : 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50',
    className,
  )
}
