// The radar as SVG, drawn on the server with the page (readable without JavaScript) and hydrated alike: rings and
// quadrants, the ring names on the vertical axis, the quadrant names in the corners, and one numbered blip per tool,
// a link to its tool page. Places come from placeBlips (contracts/radar-layout.ts): deterministic, never overlapping.
// A blip is a circle, or a triangle pointing in (▲, toward Adopt) or out (▼) when the tool moved recently.
import { useId } from 'react'
import {
  type CompanyRadar,
  quadrantIndex,
  quadrantName,
  RADAR_QUADRANTS,
  RADAR_RINGS,
  type RadarEntry,
  ringIndex,
  ringName,
} from '#contracts/radar.ts'
import {
  BLIP_RADIUS,
  LARGE_BLIP_RADIUS,
  placeBlips,
  RADAR_CENTER,
  RADAR_SIZE,
  RING_LABEL_FONT_SIZE,
  RING_LABEL_HALO,
  RING_LABEL_INSET,
  RING_RADII,
  ringLabelDistance,
} from '#contracts/radar-layout.ts'

/** Where each quadrant's name is written: its outer corner. */
const QUADRANT_LABELS = [
  { x: RADAR_SIZE - 12, y: RADAR_SIZE - 14, anchor: 'end' },
  { x: 12, y: RADAR_SIZE - 14, anchor: 'start' },
  { x: 12, y: 28, anchor: 'start' },
  { x: RADAR_SIZE - 12, y: 28, anchor: 'end' },
] as const

export const movedLabel = (moved: RadarEntry['moved']) =>
  moved === 1 ? 'moved in' : moved === -1 ? 'moved out' : 'no recent move'

/** x and y signs of each quadrant (by index), as in the layout: 0 bottom right, 1 bottom left, 2 top left, 3 top right. */
const QUADRANT_SIGNS = [
  [1, 1],
  [-1, 1],
  [-1, -1],
  [1, -1],
] as const

/**
 * The whole radar, or one quadrant of it (`quadrant`: a phone's drawing, at full width with larger blips and the ring
 * names beside the axis, so that nothing is smaller than 11 px on a 390 px screen).
 */
export function RadarChart({ radar, quadrant }: { radar: CompanyRadar; quadrant?: number }) {
  const id = useId()
  const isOneQuadrant = quadrant !== undefined
  const entries = isOneQuadrant
    ? radar.entries.filter((entry) => quadrantIndex(entry.quadrant) === quadrant)
    : radar.entries
  const places = placeBlips(
    entries.map((entry) => ({ ...entry, slug: entry.tool.slug })),
    isOneQuadrant ? LARGE_BLIP_RADIUS : BLIP_RADIUS,
  )
  const [signX, signY] = isOneQuadrant ? QUADRANT_SIGNS[quadrant]! : [0, 0]
  const half = RADAR_SIZE / 2
  const viewBox = isOneQuadrant
    ? `${signX > 0 ? half : 0} ${signY > 0 ? half : 0} ${half} ${half}`
    : `0 0 ${RADAR_SIZE} ${RADAR_SIZE}`
  const title = isOneQuadrant
    ? `${radar.company.name} Tech Radar: ${RADAR_QUADRANTS[quadrant]!.name}`
    : `${radar.company.name} Tech Radar`
  const description = isOneQuadrant
    ? `${entries.length} of the ${radar.entries.length} tools, those in ${RADAR_QUADRANTS[quadrant]!.name}, in four rings from the centre out (${RADAR_RINGS.map((ring) => ring.name).join(', ')}). Each numbered blip links to its tool; the list names them.`
    : `${radar.entries.length} tools of ${radar.company.name}'s stacks in four quadrants (${RADAR_QUADRANTS.map((each) => each.name).join(', ')}) and four rings from the centre out (${RADAR_RINGS.map((ring) => ring.name).join(', ')}). Each numbered blip links to its tool; the list names them.`
  const quadrants = isOneQuadrant ? [quadrant] : RADAR_QUADRANTS.map((_, index) => index)
  return (
    <svg
      viewBox={viewBox}
      className="block h-auto w-full select-none"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {[...RING_RADII].reverse().map((radius, index) => (
        <circle
          key={radius}
          cx={RADAR_CENTER}
          cy={RADAR_CENTER}
          r={radius}
          fill={index % 2 === 0 ? '#f8fafc' : '#f1f5f9'}
          stroke="#cbd5e1"
          strokeWidth={1.5}
        />
      ))}
      <line x1={RADAR_CENTER} y1={0} x2={RADAR_CENTER} y2={RADAR_SIZE} stroke="#94a3b8" strokeWidth={1.5} />
      <line x1={0} y1={RADAR_CENTER} x2={RADAR_SIZE} y2={RADAR_CENTER} stroke="#94a3b8" strokeWidth={1.5} />
      {RADAR_RINGS.map((ring, index) => (
        // the whole radar: centred on the axis above the centre; one quadrant: beside the axis, inside the quadrant
        <text
          key={ring.slug}
          x={isOneQuadrant ? RADAR_CENTER + signX * RING_LABEL_INSET : RADAR_CENTER}
          y={RADAR_CENTER + (isOneQuadrant ? signY : -1) * ringLabelDistance(index)}
          textAnchor={isOneQuadrant ? (signX > 0 ? 'start' : 'end') : 'middle'}
          dominantBaseline="middle"
          fontSize={RING_LABEL_FONT_SIZE}
          fontWeight={700}
          fill={ring.textColor}
          stroke="#ffffff"
          strokeWidth={RING_LABEL_HALO}
          paintOrder="stroke"
        >
          {ring.name.toUpperCase()}
        </text>
      ))}
      {quadrants.map((index) => {
        const label = QUADRANT_LABELS[index]!
        return (
          <text
            key={RADAR_QUADRANTS[index]!.slug}
            x={label.x}
            y={label.y}
            textAnchor={label.anchor}
            fontSize={20}
            fontWeight={600}
            fill="#334155"
          >
            {RADAR_QUADRANTS[index]!.name}
          </text>
        )
      })}
      {entries.map((entry) => {
        const place = places.get(entry.tool.slug)
        if (!place) return null
        const color = RADAR_RINGS[ringIndex(entry.ring)]!.color
        const label = `${entry.number}. ${entry.tool.name}: ${ringName(entry.ring)}, ${quadrantName(entry.quadrant)}, ${movedLabel(entry.moved)}`
        const scale = entry.moved !== 0 || entry.number >= 100 ? (isOneQuadrant ? 0.9 : entry.moved ? 0.75 : 0.8) : 1.05
        return (
          <a key={entry.tool.slug} href={entry.tool.path} aria-label={label} className="group focus:outline-none">
            <title>{label}</title>
            <BlipShape x={place.x} y={place.y} r={place.r} moved={entry.moved} color={color} />
            <text
              x={place.x}
              y={place.y}
              dy={entry.moved === 0 ? '0.35em' : entry.moved === 1 ? '0.6em' : '0.1em'}
              textAnchor="middle"
              fontSize={Math.max(5, place.r * scale)}
              fontWeight={700}
              fill="#ffffff"
              pointerEvents="none"
            >
              {entry.number}
            </text>
          </a>
        )
      })}
    </svg>
  )
}

function BlipShape({ x, y, r, moved, color }: { x: number; y: number; r: number; moved: number; color: string }) {
  const className =
    'stroke-white [stroke-width:1.5] group-hover:stroke-slate-900 group-focus-visible:stroke-slate-900 group-focus-visible:[stroke-width:3]'
  if (moved === 0) return <circle cx={x} cy={y} r={r} fill={color} className={className} />
  // a triangle inside the circle of radius r + 1.5, so it stays clear of its neighbours (placed 2r + 4 apart),
  // pointing in (up) for a move toward Adopt, out (down) away from it
  const R = r + 1.5
  const direction = moved === 1 ? -1 : 1
  const half = (R * Math.sqrt(3)) / 2
  const round = (value: number) => Math.round(value * 10) / 10
  const points = [
    [x, y + direction * R],
    [x - half, y - (direction * R) / 2],
    [x + half, y - (direction * R) / 2],
  ]
    .map(([px, py]) => `${round(px!)},${round(py!)}`)
    .join(' ')
  return <polygon points={points} fill={color} className={className} />
}
