// The radar's drawing on the page: the whole radar from sm up; on phones one quadrant at a time at the screen's full
// width, with a picker of the four, since the whole radar shrunk to a phone's width has 5 px numbers (issue 31). Both
// are drawn by the server; CSS shows the one that fits. Without JavaScript a phone shows the first quadrant that has
// tools, and the list below names every tool.
import { useState } from 'react'
import { type CompanyRadar, quadrantIndex, RADAR_QUADRANTS } from '#contracts/radar.ts'
import { cn } from '../../../components/ui/cn.ts'
import { RadarChart } from './radar-chart.tsx'

export function RadarDrawing({ radar }: { radar: CompanyRadar }) {
  const counts = RADAR_QUADRANTS.map(
    (_, index) => radar.entries.filter((entry) => quadrantIndex(entry.quadrant) === index).length,
  )
  const [quadrant, setQuadrant] = useState(() =>
    Math.max(
      0,
      counts.findIndex((count) => count > 0),
    ),
  )
  return (
    <div className="rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-200 sm:p-4">
      <div className="hidden sm:block">
        <RadarChart radar={radar} />
      </div>
      <div className="sm:hidden">
        <fieldset>
          <legend className="sr-only">Quadrant shown</legend>
          <div className="grid grid-cols-2 gap-1.5">
            {RADAR_QUADRANTS.map((each, index) => (
              <button
                key={each.slug}
                type="button"
                aria-pressed={index === quadrant}
                onClick={() => setQuadrant(index)}
                className={cn(
                  'flex min-h-10 items-center justify-between gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium ring-1',
                  index === quadrant
                    ? 'bg-brand-600 text-white ring-brand-600'
                    : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
                )}
              >
                <span className="min-w-0">{each.name}</span>
                <span className={cn('tabular-nums', index === quadrant ? 'text-white' : 'text-slate-600')}>
                  {counts[index]}
                </span>
              </button>
            ))}
          </div>
        </fieldset>
        <div className="mt-2">
          <RadarChart radar={radar} quadrant={quadrant} />
        </div>
      </div>
    </div>
  )
}
