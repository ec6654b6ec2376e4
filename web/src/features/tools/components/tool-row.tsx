// A tool in a ranked list (directory, search results): logo, name, title, category and how many stacks use it.
import { Layers } from 'lucide-react'
import { Link } from 'react-router'
import { formatCount } from '#contracts/counts.ts'
import type { Tool } from '#contracts/tools.ts'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'

export function ToolRow({ tool }: { tool: Tool }) {
  return (
    <li className="relative flex items-center gap-4 px-4 py-3 hover:bg-slate-50 sm:px-5">
      <ToolLogo src={tool.image_url} className="size-12" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <Link
            to={tool.canonical_url}
            className="font-semibold text-slate-900 after:absolute after:inset-0 hover:text-brand-700"
          >
            {tool.name}
          </Link>
          {tool.is_package && (
            <span className="rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
              Package
            </span>
          )}
          {tool.category && <span className="text-xs text-slate-500">{tool.category.name}</span>}
        </p>
        {tool.title && <p className="mt-0.5 line-clamp-2 text-sm text-slate-600 sm:line-clamp-1">{tool.title}</p>}
      </div>
      {tool.stacks_count > 0 && (
        <p className="hidden shrink-0 items-center gap-1 text-sm text-slate-500 sm:flex" title="Stacks using it">
          <Layers className="size-4" aria-hidden="true" />
          {formatCount(tool.stacks_count)}
          <span className="sr-only">stacks</span>
        </p>
      )}
    </li>
  )
}

export function ToolList({ tools, label }: { tools: Tool[]; label: string }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-slate-100 overflow-hidden rounded-xl bg-white ring-1 ring-slate-200"
    >
      {tools.map((tool) => (
        <ToolRow key={tool.id} tool={tool} />
      ))}
    </ul>
  )
}

export function ToolListSkeleton({ count = 8 }: { count?: number }) {
  return (
    <LoadingRegion
      className="divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200"
      label="Loading tools"
    >
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="flex items-center gap-4 px-5 py-3">
          <Skeleton className="size-12 shrink-0 rounded-lg" />
          <span className="w-full space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-2/3" />
          </span>
        </div>
      ))}
    </LoadingRegion>
  )
}
