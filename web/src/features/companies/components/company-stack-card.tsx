import { Lock } from 'lucide-react'
import { Link } from 'react-router'
import type { StackSummary } from '#contracts/stacks.ts'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { plural } from '../../../lib/plural.ts'

/** A company's stack: its name (linking to the stack page), a line of description and its first tools' logos. */
export function CompanyStackCard({ stack }: { stack: StackSummary }) {
  const more = stack.tools_count - stack.tools.length
  return (
    <li className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-500/40">
      <div className="flex items-center justify-between gap-3">
        <h3 className="min-w-0 truncate font-semibold text-slate-900 max-sm:line-clamp-2 max-sm:whitespace-normal max-sm:wrap-anywhere">
          <Link to={stack.path} className="hover:text-brand-700 hover:underline">
            {stack.name}
          </Link>
        </h3>
        {stack.private && (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            <Lock className="size-3" aria-hidden="true" /> Private
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-500">{plural(stack.tools_count, 'tool')}</p>
      {stack.description && <p className="mt-2 line-clamp-2 text-sm text-slate-700">{stack.description}</p>}
      {stack.tools.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={`Tools in ${stack.name}`}>
          {stack.tools.map((tool) => (
            <li key={tool.id}>
              <Link to={`/tools/${tool.slug}`} aria-label={tool.name}>
                <ToolLogo src={tool.image_url} name={tool.name} className="size-9" />
              </Link>
            </li>
          ))}
          {more > 0 && (
            <li className="flex size-9 items-center justify-center rounded-lg bg-slate-100 text-xs font-medium text-slate-600">
              +{more}
              <span className="sr-only"> more</span>
            </li>
          )}
        </ul>
      )}
    </li>
  )
}
