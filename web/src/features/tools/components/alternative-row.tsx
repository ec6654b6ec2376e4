// An alternative to a tool: logo, name and 'Compare' (their side-by-side page), on the tool page's six and on
// /tools/{slug}/alternatives, where the tool's title shows under its name.
import { Link } from 'react-router'
import { stackupUrl } from '#contracts/tool-page-meta.ts'
import type { Tool } from '#contracts/tools.ts'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'

export function AlternativeRow({
  of,
  alternative,
  withTitle = false,
}: {
  of: { slug: string; name: string }
  alternative: Pick<Tool, 'id' | 'slug' | 'name' | 'title' | 'image_url' | 'canonical_url'>
  withTitle?: boolean
}) {
  return (
    <li className="flex items-center gap-3 rounded-lg bg-white p-2 ring-1 ring-slate-200">
      <ToolLogo src={alternative.image_url} className="size-9" />
      <div className="min-w-0 flex-1">
        <Link to={alternative.canonical_url} className="block truncate font-medium text-slate-800 hover:text-brand-700">
          {alternative.name}
        </Link>
        {withTitle && alternative.title && <p className="truncate text-xs text-slate-500">{alternative.title}</p>}
      </div>
      <Link
        to={stackupUrl(of.slug, alternative.slug)}
        aria-label={`Compare ${of.name} and ${alternative.name}`}
        className="shrink-0 rounded-md px-2.5 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
      >
        Compare
      </Link>
    </li>
  )
}
