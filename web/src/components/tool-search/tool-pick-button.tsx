// A tool that can be added to the stack or taken out: a search hit (row), a Popular Tools tile of the stack builder
// (selected: ringed and checked), or the onboarding's small tile (selected: faded; its label 57 px wide, spec §2, §9).
import { Check, Plus } from 'lucide-react'
import type { Tool } from '#contracts/tools.ts'
import { cn } from '../ui/cn.ts'
import { ToolLogo } from '../ui/tool-logo.tsx'

export function ToolPickButton({
  tool,
  isSelected,
  onClick,
  variant,
  disabled,
  id,
  isActive,
}: {
  tool: Tool
  isSelected: boolean
  onClick: () => void
  variant: 'row' | 'tile' | 'small-tile'
  disabled?: boolean
  /** A search hit: its id (the search box's aria-activedescendant) and whether Enter would pick it. */
  id?: string
  isActive?: boolean
}) {
  const detail = tool.category?.name ?? (tool.is_package ? 'Package' : null)
  if (variant === 'row')
    return (
      <button
        id={id}
        type="button"
        aria-pressed={isSelected}
        data-active={isActive || undefined}
        onClick={onClick}
        disabled={disabled}
        className="flex w-full items-center gap-3 px-3 py-2 text-left hover:bg-slate-50 focus-visible:bg-slate-50 disabled:cursor-not-allowed data-active:bg-brand-50"
      >
        <ToolLogo src={tool.image_url} className="size-9" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-slate-900">{tool.name}</span>
          {detail && <span className="block truncate text-xs text-slate-500">{detail}</span>}
        </span>
        <span
          className={cn(
            'flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
            isSelected ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-600',
          )}
        >
          {isSelected ? (
            <Check className="size-3.5" aria-hidden="true" />
          ) : (
            <Plus className="size-3.5" aria-hidden="true" />
          )}
          {isSelected ? 'Added' : 'Add'}
        </span>
      </button>
    )
  if (variant === 'small-tile')
    return (
      <button
        type="button"
        aria-pressed={isSelected}
        onClick={onClick}
        disabled={disabled}
        title={tool.name}
        className="flex flex-col items-center gap-1.5 rounded-xl p-2 transition hover:bg-slate-50 disabled:cursor-not-allowed"
      >
        {/* faded: the logo only, so the name keeps a readable contrast */}
        <span className={cn('flex transition-opacity', isSelected && 'opacity-35 grayscale')}>
          <ToolLogo src={tool.image_url} className="size-10" />
        </span>
        <span
          className={cn(
            'w-[57px] truncate text-center text-xs font-medium',
            isSelected ? 'text-slate-500' : 'text-slate-700',
          )}
        >
          {tool.name}
        </span>
      </button>
    )
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      onClick={onClick}
      disabled={disabled}
      title={tool.name}
      className={cn(
        'relative flex h-full w-full flex-col items-center gap-2 rounded-xl bg-white p-3 text-center ring-1 transition disabled:cursor-not-allowed',
        isSelected
          ? 'ring-2 ring-brand-600'
          : 'ring-slate-200 hover:-translate-y-0.5 hover:shadow-sm hover:ring-brand-500/40',
      )}
    >
      <ToolLogo src={tool.image_url} className="size-10" />
      <span className="line-clamp-2 text-xs font-medium leading-tight text-slate-800">{tool.name}</span>
      {isSelected && (
        <span className="absolute right-1.5 top-1.5 flex size-5 items-center justify-center rounded-full bg-brand-600 text-white">
          <Check className="size-3.5" aria-hidden="true" />
        </span>
      )}
    </button>
  )
}
