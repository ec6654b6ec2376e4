// The tools chosen in the onboarding's picker, one per line; the list scrolls once more than 5 are chosen (spec §2).
import { X } from 'lucide-react'
import { type OnboardingTool, PICKER_SCROLL_THRESHOLD } from '#contracts/onboarding.ts'
import { cn } from '../../../components/ui/cn.ts'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'

export function SelectedToolList({
  tools,
  onRemove,
  disabled,
}: {
  tools: OnboardingTool[]
  onRemove: (tool: OnboardingTool) => void
  disabled?: boolean
}) {
  if (tools.length === 0)
    return (
      <p className="rounded-xl border-2 border-dashed border-slate-200 px-4 py-6 text-center text-sm text-slate-500">
        No tools yet. Search above or pick from the popular tools below.
      </p>
    )
  const scrolls = tools.length > PICKER_SCROLL_THRESHOLD
  return (
    <ul
      aria-label="Selected tools"
      data-scrolls={scrolls}
      // 5 lines of 3.5 rem show; the rest scroll
      className={cn(
        'divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200',
        scrolls && 'max-h-[17.5rem] overflow-y-auto',
      )}
    >
      {tools.map((tool) => (
        <li key={tool.id} className="flex h-14 items-center gap-3 px-3">
          <ToolLogo src={tool.image_url} className="size-8" />
          <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{tool.name}</span>
          <button
            type="button"
            aria-label={`Remove ${tool.name}`}
            onClick={() => onRemove(tool)}
            disabled={disabled}
            className="flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-400 hover:bg-red-50 hover:text-red-700"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  )
}
