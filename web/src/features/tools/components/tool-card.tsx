// A tool in a grid: logo, name and one-line title, linking to its page.
import { Link } from 'react-router'
import type { Tool } from '#contracts/tools.ts'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'

export function ToolCard({ tool }: { tool: Tool }) {
  return (
    <Link
      to={tool.canonical_url}
      className="group flex h-full items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-brand-500/40 sm:items-start sm:p-4"
    >
      <ToolLogo src={tool.image_url} className="size-9 sm:size-11" />
      <span className="min-w-0">
        {/* a name wraps to two lines on phones rather than losing its end ("Postgre…") */}
        <span className="block truncate font-semibold text-slate-900 group-hover:text-brand-700 max-sm:line-clamp-2 max-sm:whitespace-normal max-sm:wrap-anywhere">
          {tool.name}
        </span>
        {/* phones show a compact two-column grid of names; the title joins from the small breakpoint up. On phones it
            stays in the link's text for screen readers and search engines: a bare name can read as a generic link. */}
        {tool.title && <span className="mt-0.5 line-clamp-2 text-sm text-slate-600 max-sm:sr-only">{tool.title}</span>}
      </span>
    </Link>
  )
}

export function ToolCardSkeleton() {
  return (
    <div className="flex items-start gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <Skeleton className="size-11 shrink-0 rounded-lg" />
      <span className="w-full space-y-2">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-3 w-full" />
      </span>
    </div>
  )
}

export function ToolGrid({ tools }: { tools: Tool[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {tools.map((tool) => (
        <li key={tool.id}>
          <ToolCard tool={tool} />
        </li>
      ))}
    </ul>
  )
}

export function ToolGridSkeleton({ count = 9 }: { count?: number }) {
  return (
    <LoadingRegion className="grid grid-cols-2 gap-3 lg:grid-cols-3" label="Loading tools">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <ToolCardSkeleton key={index} />
      ))}
    </LoadingRegion>
  )
}
