// A tooltip on hover and keyboard focus (Radix). Wrap the page, or the app, in <TooltipProvider>.
import { Tooltip as RadixTooltip } from 'radix-ui'
import type { ReactNode } from 'react'
import { cn } from './cn.ts'

export const TooltipProvider = RadixTooltip.Provider

export function Tooltip({
  content,
  children,
  className,
  side = 'top',
}: {
  content: ReactNode
  /** One element that takes focus or a ref (a button, a link, a span with tabIndex). */
  children: ReactNode
  className?: string
  side?: 'top' | 'bottom' | 'left' | 'right'
}) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={6}
          className={cn('z-50 rounded-lg bg-slate-900 px-3 py-2 text-sm text-white shadow-lg', className)}
        >
          {content}
          <RadixTooltip.Arrow className="fill-slate-900" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  )
}
