// The radar's numbered list, beside the SVG on wide screens and under it on phones: quadrant by quadrant (the
// blips' reading order), each tool with its ring, how many stacks use it, its recent move and its history (a
// <details>, so it opens without JavaScript). Company admins get a Move button per tool (MoveToolForm).
import { ArrowDown, ArrowUp } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import {
  type CompanyRadar,
  QUADRANT_READING_ORDER,
  RADAR_QUADRANTS,
  RADAR_RINGS,
  type RadarEntry,
  ringIndex,
  ringName,
} from '#contracts/radar.ts'
import { Button } from '../../../components/ui/button.tsx'
import { MoveToolForm } from './move-tool-form.tsx'

// UTC, so the server's HTML and the browser's hydration write the same day
const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })

export function RadarList({ radar }: { radar: CompanyRadar }) {
  return (
    <div className="space-y-6">
      {QUADRANT_READING_ORDER.map((index) => {
        const quadrant = RADAR_QUADRANTS[index]!
        const entries = radar.entries.filter((entry) => entry.quadrant === quadrant.slug)
        if (entries.length === 0) return null
        return (
          <section key={quadrant.slug} aria-labelledby={`quadrant-${quadrant.slug}`}>
            <h3 id={`quadrant-${quadrant.slug}`} className="text-base font-semibold text-slate-900">
              {quadrant.name}
            </h3>
            <ol className="mt-2 divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200">
              {entries.map((entry) => (
                <RadarListItem key={entry.tool.slug} entry={entry} radar={radar} />
              ))}
            </ol>
          </section>
        )
      })}
    </div>
  )
}

function RadarListItem({ entry, radar }: { entry: RadarEntry; radar: CompanyRadar }) {
  const [isMoving, setMoving] = useState(false)
  const moveSlot = useRef<HTMLDivElement>(null)
  const shouldFocusMove = useRef(false)
  // keyboard use: the form closed, so back to the tool's Move button once it is drawn again (in its new place)
  useEffect(() => {
    if (isMoving || !shouldFocusMove.current) return
    shouldFocusMove.current = false
    moveSlot.current?.querySelector('button')?.focus()
  })
  function closeForm() {
    shouldFocusMove.current = true
    setMoving(false)
  }
  const { color, textColor } = RADAR_RINGS[ringIndex(entry.ring)]!
  return (
    <li className="px-3 py-2.5" id={`radar-${entry.tool.slug}`}>
      <div className="flex items-start gap-3">
        <span
          className="mt-0.5 inline-flex h-6 min-w-6 shrink-0 items-center justify-center rounded-full px-1 text-xs font-bold text-white"
          style={{ backgroundColor: color }}
          aria-hidden="true"
        >
          {entry.number}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <a href={entry.tool.path} className="break-words font-medium text-brand-700 hover:underline">
              <span className="sr-only">{entry.number}. </span>
              {entry.tool.name}
            </a>
            <span className="text-sm font-medium" style={{ color: textColor }}>
              {ringName(entry.ring)}
            </span>
            {entry.moved !== 0 && <MovedMark moved={entry.moved} />}
          </div>
          <p className="text-xs text-slate-600">
            In {entry.used_by} of {radar.stacks_count} {radar.stacks_count === 1 ? 'stack' : 'stacks'}
            {entry.ring !== entry.default_ring && ` · ${ringName(entry.default_ring)} from its use`}
          </p>
          {entry.history.length > 0 && <RadarHistory entry={entry} />}
        </div>
        <div ref={moveSlot} className="shrink-0">
          {radar.can_edit && !isMoving && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setMoving(true)}
              aria-label={`Move ${entry.tool.name}`}
            >
              Move
            </Button>
          )}
        </div>
      </div>
      {isMoving && <MoveToolForm companySlug={radar.company.slug} entry={entry} onDone={closeForm} />}
    </li>
  )
}

function MovedMark({ moved }: { moved: -1 | 1 }) {
  return moved === 1 ? (
    <span className="inline-flex items-center text-xs text-emerald-700">
      <ArrowUp className="size-3.5" aria-hidden="true" /> moved in
    </span>
  ) : (
    <span className="inline-flex items-center text-xs text-rose-700">
      <ArrowDown className="size-3.5" aria-hidden="true" /> moved out
    </span>
  )
}

function RadarHistory({ entry }: { entry: RadarEntry }) {
  return (
    <details className="mt-1 text-sm">
      <summary className="cursor-pointer text-xs font-medium text-slate-600 hover:text-slate-900">
        History ({entry.history.length} {entry.history.length === 1 ? 'move' : 'moves'})
      </summary>
      <ol className="mt-1 space-y-1.5 border-l-2 border-slate-200 pl-3">
        {entry.history.map((move) => (
          <li key={`${move.at}:${move.from}:${move.to}`} className="text-xs text-slate-700">
            <span className="font-medium">
              {ringName(move.from)} → {ringName(move.to)}
            </span>{' '}
            <span className="text-slate-500">
              · <time dateTime={move.at}>{day.format(new Date(move.at))}</time>
              {move.by && ` · by @${move.by}`}
            </span>
            <p className="whitespace-pre-line break-words text-slate-700">{move.reason}</p>
          </li>
        ))}
      </ol>
    </details>
  )
}
