// A Pros & Cons tool card (spec §2, §3): the tool, its Pros column and its Cons column, and 'Next Tool'.
import { ArrowDown } from 'lucide-react'
import { Link } from 'react-router'
import type { ProsConsTool } from '#contracts/reasons.ts'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { ReasonColumn } from './reason-column.tsx'

/** The card's element id, for 'Next Tool' and the mobile next-tool button. */
export const toolCardId = (toolId: number) => `pros-cons-card-${toolId}`
export const toolCardHeadingId = (toolId: number) => `pros-cons-tool-${toolId}`

export function ToolCard({
  tool,
  viewerId,
  onNext,
}: {
  tool: ProsConsTool
  viewerId: number | null
  onNext: (() => void) | null
}) {
  const headingId = toolCardHeadingId(tool.id)
  return (
    <article
      id={toolCardId(tool.id)}
      aria-labelledby={headingId}
      data-testid="pros-cons-card"
      data-tool-id={tool.id}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <header className="flex items-center gap-4">
        <ToolLogo src={tool.image_url} className="size-12" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} tabIndex={-1} className="truncate text-lg font-semibold text-slate-900 focus:outline-none">
            <Link to={tool.canonical_url} className="hover:text-brand-700 hover:underline">
              {tool.name}
            </Link>
          </h2>
          {tool.title && <p className="truncate text-sm text-slate-600">{tool.title}</p>}
        </div>
      </header>
      <div className="mt-5 flex flex-col gap-6 md:flex-row md:gap-8">
        <ReasonColumn tool={tool} type="pro" reasons={tool.pros} viewerId={viewerId} />
        <ReasonColumn tool={tool} type="con" reasons={tool.cons} viewerId={viewerId} />
      </div>
      {onNext && (
        // on a phone the floating next-tool button takes its place
        <footer className="mt-5 hidden justify-end border-t border-slate-100 pt-4 sm:flex">
          <button
            type="button"
            onClick={onNext}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline"
          >
            Next Tool <ArrowDown className="size-4" aria-hidden="true" />
          </button>
        </footer>
      )}
    </article>
  )
}
