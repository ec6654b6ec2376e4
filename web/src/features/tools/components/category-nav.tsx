// The directory's sidebar: every layer with its categories and tool counts. Empty categories are left out.
import { NavLink } from 'react-router'
import { formatCount } from '#contracts/counts.ts'
import type { LayerSummary } from '#contracts/tools.ts'
import { cn } from '../../../components/ui/cn.ts'
import { Skeleton } from '../../../components/ui/skeleton.tsx'

export function CategoryNav({ layers, activeLayer }: { layers: LayerSummary[]; activeLayer?: string }) {
  return (
    <nav aria-label="Categories" className="space-y-6">
      {layers.map((layer) => (
        <div key={layer.slug}>
          <NavLink
            to={`/tools?layer=${layer.slug}`}
            className={cn(
              'flex items-center justify-between rounded-md px-2 py-1 text-xs font-semibold uppercase tracking-wide hover:bg-slate-100',
              activeLayer === layer.slug ? 'text-brand-700' : 'text-slate-500',
            )}
          >
            {layer.name}
            <span className="font-normal normal-case">{formatCount(layer.tools_count)}</span>
          </NavLink>
          <ul className="mt-1 space-y-0.5">
            {layer.categories
              .filter((category) => category.tools_count > 0)
              .map((category) => (
                <li key={category.slug}>
                  <NavLink
                    to={`/categories/${category.slug}`}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm',
                        isActive ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                      )
                    }
                  >
                    <span className="truncate">{category.name}</span>
                    <span className="text-xs text-slate-500">{formatCount(category.tools_count)}</span>
                  </NavLink>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </nav>
  )
}

export function CategoryNavSkeleton() {
  return (
    <div className="space-y-3" aria-hidden="true">
      {Array.from({ length: 10 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} className="h-5 w-full" />
      ))}
    </div>
  )
}
