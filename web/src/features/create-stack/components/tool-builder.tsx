// 'Build Your Stack' (spec §2 tool-selection, shared by the wizard and the edit area): tool search, 'Show
// Packages', the chosen tools with their required toggles, adding a new tool, and the Popular Tools grid where a
// click adds or removes a tool.
import { useId, useMemo, useState } from 'react'
import type { Tool } from '#contracts/tools.ts'
import { useBuilderPopularTools } from '../../../components/tool-search/api/get-popular-tools.ts'
import { ToolPickButton } from '../../../components/tool-search/tool-pick-button.tsx'
import { ToolSearch } from '../../../components/tool-search/tool-search.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { track } from '../../../lib/analytics.ts'
import { type BuilderTool, toBuilderTool } from '../state/wizard-state.ts'
import { NewToolForm } from './new-tool-form.tsx'
import { SelectedTools } from './selected-tools.tsx'

/** Three rows on wide screens; the rest on request, so the page stays short on phones. */
const POPULAR_SHOWN_FIRST = 18

export type BuilderChange = { kind: 'added' | 'removed' | 'required'; tool: BuilderTool }

export function ToolBuilder({
  tools,
  onChange,
  analyticsPrefix,
  disabled,
}: {
  tools: BuilderTool[]
  onChange: (next: BuilderTool[], change: BuilderChange) => void
  /** 'create_stack' or 'edit_stack': where the builder's events are counted. */
  analyticsPrefix: string
  disabled?: boolean
}) {
  const packagesId = useId()
  const [showPackages, setShowPackages] = useState(false)
  const [newToolName, setNewToolName] = useState<string | null>(null)
  const [showsAllPopular, setShowsAllPopular] = useState(false)
  const popular = useBuilderPopularTools()
  const selectedIds = useMemo(() => new Set(tools.map((tool) => tool.id)), [tools])

  const add = (tool: Tool | BuilderTool, source: string) => {
    if (selectedIds.has(tool.id)) return
    const added = toBuilderTool(tool)
    onChange([...tools, added], { kind: 'added', tool: added })
    track(`${analyticsPrefix}.tool_added`, { tool_id: tool.id, source })
  }
  const remove = (tool: Pick<BuilderTool, 'id'>) => {
    const removed = tools.find((candidate) => candidate.id === tool.id)
    if (!removed) return
    onChange(
      tools.filter((candidate) => candidate.id !== tool.id),
      { kind: 'removed', tool: removed },
    )
    track(`${analyticsPrefix}.tool_removed`, { tool_id: tool.id })
  }
  const toggle = (tool: Tool, source: string) => (selectedIds.has(tool.id) ? remove(tool) : add(tool, source))
  const toggleRequired = (tool: BuilderTool) => {
    const changed = { ...tool, required: !tool.required }
    onChange(
      tools.map((candidate) => (candidate.id === tool.id ? changed : candidate)),
      { kind: 'required', tool: changed },
    )
  }

  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <ToolSearch
          popular={popular.data?.tools ?? []}
          selectedIds={selectedIds}
          showPackages={showPackages}
          onToggle={(tool) => toggle(tool, 'search')}
          onAddNew={(name) => setNewToolName(name)}
          disabled={disabled}
        />
        <label htmlFor={packagesId} className="inline-flex items-center gap-2 text-sm text-slate-700">
          <input
            id={packagesId}
            type="checkbox"
            checked={showPackages}
            onChange={(event) => setShowPackages(event.target.checked)}
            className="size-4 rounded border-slate-300 accent-brand-600"
          />
          Show Packages
        </label>
        {newToolName !== null && (
          <NewToolForm
            key={newToolName}
            initialName={newToolName}
            onCancel={() => setNewToolName(null)}
            onAdded={(tool) => {
              setNewToolName(null)
              add(tool, 'new')
            }}
          />
        )}
      </div>

      <SelectedTools
        tools={tools}
        showPackages={showPackages}
        onRemove={remove}
        onToggleRequired={toggleRequired}
        disabled={disabled}
      />

      <section aria-labelledby="popular-tools-heading" className="space-y-3">
        <div>
          <h2 id="popular-tools-heading" className="text-base font-semibold text-slate-900">
            Popular Tools
          </h2>
          <p className="text-sm text-slate-500">Click a tool to add it to your stack, again to take it out.</p>
        </div>
        {popular.isPending ? (
          <LoadingRegion label="Loading popular tools" className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-6">
            {Array.from({ length: 12 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={index} className="h-24 rounded-xl" />
            ))}
          </LoadingRegion>
        ) : popular.isError ? (
          <p className="text-sm text-red-700">Popular tools could not be loaded. Search above instead.</p>
        ) : (
          <>
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-6">
              {(showsAllPopular ? popular.data.tools : popular.data.tools.slice(0, POPULAR_SHOWN_FIRST)).map((tool) => (
                <li key={tool.id}>
                  <ToolPickButton
                    tool={tool}
                    variant="tile"
                    isSelected={selectedIds.has(tool.id)}
                    onClick={() => toggle(tool, 'popular')}
                    disabled={disabled}
                  />
                </li>
              ))}
            </ul>
            {!showsAllPopular && popular.data.tools.length > POPULAR_SHOWN_FIRST && (
              <Button variant="secondary" size="sm" onClick={() => setShowsAllPopular(true)}>
                Show all {popular.data.tools.length} popular tools
              </Button>
            )}
          </>
        )}
      </section>
    </div>
  )
}
