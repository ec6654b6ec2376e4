// Matched tool icons first, then the others, and '+N more tools' for the rest of the stack.
import type { MatchTool } from '#contracts/match.ts'
import { cn } from '../../../components/ui/cn.ts'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'

export function ResultStack({
  stack,
  toolsCount,
  moreHref,
}: {
  stack: MatchTool[]
  toolsCount: number
  moreHref?: string
}) {
  const more = toolsCount - stack.length
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {stack.map((tool) => (
        <a key={tool.id} href={tool.canonical_url} title={tool.name} data-matched={tool.matched || undefined}>
          <ToolLogo
            src={tool.image_url}
            name={tool.name}
            className={cn('size-8', tool.matched ? 'ring-2 ring-green-500' : 'opacity-70')}
          />
        </a>
      ))}
      {more > 0 &&
        (moreHref ? (
          <a href={moreHref} className="ml-1 text-xs font-medium text-brand-600 hover:underline">
            +{more} more tools
          </a>
        ) : (
          <span className="ml-1 text-xs text-slate-500">+{more} more tools</span>
        ))}
    </div>
  )
}
