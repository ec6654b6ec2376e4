// The stack page's Export menu (issue 18, decision 061): one download link per stack file format, for anyone who
// can see the stack. A native disclosure of plain links: it works before the page hydrates and without JavaScript,
// and the keyboard opens it with Enter or Space and walks the links with Tab. Being CSS alone, it cannot measure the
// screen: on phones the list spans the nearest positioned box around the menu (the page's row of buttons, which is as
// wide as the page's content) rather than hanging from the button, wherever in the row the button sits; from sm up it
// hangs from the button's right edge.
import { ChevronDown, Download } from 'lucide-react'
import { STACK_FILE_FORMAT_LABELS, STACK_FILE_FORMATS } from '#contracts/stack-files.ts'
import { withQuery } from '../../../lib/api.ts'

const EXTRA_FILES = [
  { format: 'techstack', file: 'md', label: 'StackShare page (techstack.md)' },
  { format: 'radar', file: 'backstage', label: 'Backstage Tech Radar (JSON)' },
] as const

export function ExportMenu({ ownerSlug, stackSlug }: { ownerSlug: string; stackSlug: string }) {
  const exportPath = `/api/v1/stacks/${ownerSlug}/${stackSlug}/export`
  const entries = [
    ...STACK_FILE_FORMATS.map((format) => ({
      key: format,
      href: withQuery(exportPath, { format }),
      label: STACK_FILE_FORMAT_LABELS[format],
    })),
    ...EXTRA_FILES.map(({ format, file, label }) => ({
      key: `${format}-${file}`,
      href: withQuery(exportPath, { format, file }),
      label,
    })),
  ]
  return (
    <details className="group sm:relative">
      <summary className="inline-flex h-10 w-[125px] cursor-pointer list-none items-center justify-center gap-2 rounded-lg bg-white px-4 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 [&::-webkit-details-marker]:hidden">
        <Download className="size-4" aria-hidden="true" />
        Export
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <ul
        aria-label="Export this stack as"
        className="absolute inset-x-0 z-20 mt-2 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 sm:left-auto sm:right-0 sm:w-80"
      >
        {entries.map((entry) => (
          <li key={entry.key}>
            <a
              href={entry.href}
              download
              className="block rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none"
            >
              {entry.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  )
}
