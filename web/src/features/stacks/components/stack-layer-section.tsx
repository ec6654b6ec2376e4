import { Link } from 'react-router'
import type { StackPage } from '#contracts/stacks.ts'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'

type Layer = StackPage['layers'][number]
type Category = Layer['categories'][number]

/** One layer of a stack (Application & Data, DevOps...): a card per category, each listing its tools (the required
 * ones marked). */
export function StackLayerSection({ layer }: { layer: Layer }) {
  const headingId = `layer-${layer.slug}`
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="flex items-baseline gap-2 text-lg font-semibold text-slate-900">
        {layer.name}
        <span className="text-sm font-normal text-slate-500">
          {layer.tools_count}
          <span className="sr-only"> {layer.tools_count === 1 ? 'tool' : 'tools'}</span>
        </span>
      </h2>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {layer.categories.map((category) => (
          <CategoryCard key={category.slug} category={category} layerSlug={layer.slug} />
        ))}
      </div>
    </section>
  )
}

function CategoryCard({ category, layerSlug }: { category: Category; layerSlug: string }) {
  const headingId = `category-${layerSlug}-${category.slug}`
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h3 id={headingId} className="flex items-baseline justify-between gap-2 text-sm font-semibold text-slate-700">
        <span className="min-w-0 truncate">{category.name}</span>
        <span className="shrink-0 text-xs font-normal text-slate-500">
          {category.tools_count}
          <span className="sr-only"> {category.tools_count === 1 ? 'tool' : 'tools'}</span>
        </span>
      </h3>
      <ul className="mt-3 space-y-1">
        {category.tools.map((tool) => (
          <li key={tool.id}>
            {tool.canonical_url ? (
              <Link
                to={tool.canonical_url}
                className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-slate-50"
              >
                <ToolTile tool={tool} />
              </Link>
            ) : (
              // no page of its own yet (an imported package waiting for approval, decision 076): named, not linked
              <div className="-mx-2 flex items-center gap-3 px-2 py-1.5">
                <ToolTile tool={tool} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

function ToolTile({ tool }: { tool: Category['tools'][number] }) {
  return (
    <>
      <ToolLogo src={tool.image_url} className="size-9" />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="truncate font-medium text-slate-900">{tool.name}</span>
          {tool.required && <RequiredMarker />}
          {tool.flagged_for_removal && <FlaggedMarker />}
        </span>
        {tool.title && <span className="block truncate text-xs text-slate-500">{tool.title}</span>}
      </span>
    </>
  )
}

/** A tool the last code-host sync no longer found, kept for the company's review (decision 063). */
function FlaggedMarker() {
  return (
    <span
      title="The last sync of this repository no longer found this tool: it stays until someone removes it"
      className="shrink-0 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200"
    >
      Not in the code
    </span>
  )
}

/** The builder's Required toggle (specs/stack-creation-and-editing.md §3 Tool `required`), as the page shows it. */
function RequiredMarker() {
  return (
    <span
      title="The stack's owner marked this tool as required"
      className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-100"
    >
      Required
    </span>
  )
}
