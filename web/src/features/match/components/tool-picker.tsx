// A list of chosen tools with a search box to add more (tools to include, or to exclude).
import { X } from 'lucide-react'
import { useId, useState } from 'react'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts'
import { useSearchPickerTools } from '../api/search-picker-tools.ts'

export interface PickedTool {
  id: number
  slug: string
  name: string
  image_url: string
  required: boolean
}

export function ToolPicker({
  label,
  tools,
  onAdd,
  onRemove,
  tone,
}: {
  label: string
  tools: PickedTool[]
  onAdd(tool: PickedTool): void
  onRemove(slug: string): void
  tone: 'include' | 'exclude'
}) {
  const id = useId()
  const [query, setQuery] = useState('')
  const debounced = useDebouncedValue(query, 200)
  const { data } = useSearchPickerTools(debounced)
  const options = query.trim() ? (data?.tools ?? []).slice(0, 8) : []
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <ul className="flex flex-wrap gap-2" aria-label={label}>
        {tools.map((tool) => (
          <li
            key={tool.slug}
            className={
              tone === 'include'
                ? 'flex items-center gap-1.5 rounded-full bg-brand-50 py-1 pl-1 pr-2 text-sm ring-1 ring-brand-200'
                : 'flex items-center gap-1.5 rounded-full bg-red-50 py-1 pl-1 pr-2 text-sm ring-1 ring-red-200'
            }
          >
            <ToolLogo src={tool.image_url} name={tool.name} className="size-6 p-0.5" />
            <span>{tool.name}</span>
            <button
              type="button"
              aria-label={`Remove ${tool.name}`}
              onClick={() => onRemove(tool.slug)}
              className="rounded-full p-0.5 text-slate-500 hover:bg-white hover:text-slate-800"
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <div className="relative">
        <input
          id={id}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={tone === 'include' ? 'Add a tool, e.g. React' : 'Exclude a tool, e.g. PHP'}
          autoComplete="off"
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-500"
        />
        {options.length > 0 && (
          <ul className="absolute z-20 mt-1 w-full overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-slate-200">
            {options.map((tool) => (
              <li key={tool.id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-slate-50"
                  onClick={() => {
                    // spec §4: added tools start required
                    onAdd({ id: tool.id, slug: tool.slug, name: tool.name, image_url: tool.image_url, required: true })
                    setQuery('')
                  }}
                >
                  <ToolLogo src={tool.image_url} name={tool.name} className="size-6 p-0.5" />
                  {tool.name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
