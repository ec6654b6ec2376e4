// Where each blip of a company's radar sits (docs/decisions/064-company-tech-radar.md). Pure and deterministic, so
// the server's HTML and the browser's hydration draw the same SVG. Each quadrant-and-ring band is covered with a
// hexagonal grid of slots one blip apart; a band with more tools than slots shrinks its blips until they fit, so
// blips never overlap. Tools take slots in slug order, each the slot its slug's hash picks among those left. No slot
// touches a ring's name, wherever a drawing writes it: centred on the vertical axis (the whole radar) or beside it in
// the quadrant (a phone's one-quadrant drawing), above or below the centre.
import { quadrantIndex, RADAR_RINGS, type RadarQuadrant, type RadarRing, ringIndex } from './radar.ts'

/** The SVG's viewBox is SIZE x SIZE with the radar's centre in the middle. */
export const RADAR_SIZE = 800
export const RADAR_CENTER = RADAR_SIZE / 2
/** The outer radius of each ring, Adopt first. */
export const RING_RADII = [150, 240, 320, 390] as const
export const BLIP_RADIUS = 11
/** Space kept between two blips, and between a blip and a ring's edge. */
const GAP = 4
/** Blips keep clear of the vertical axis, where the ring names are written, by this much. */
export const AXIS_CLEARANCE = 26
const MIN_BLIP_RADIUS = 2
/** A phone's one-quadrant drawing: larger blips, so their numbers stay legible at a phone's width. */
export const LARGE_BLIP_RADIUS = 15

/** The ring names' font size, and how far from the axis a one-quadrant drawing starts writing them. */
export const RING_LABEL_FONT_SIZE = 15
export const RING_LABEL_INSET = 6
/** The white halo drawn around each ring name (paint-order stroke). */
export const RING_LABEL_HALO = 4

/**
 * A ring name's width in the viewBox, upper-case and bold, with its halo: a generous estimate (0.75 em a letter; bold
 * capitals run 0.28-0.8 em), since the drawing cannot measure text on the server.
 */
export const ringLabelWidth = (ring: number) =>
  RADAR_RINGS[ring]!.name.length * 0.75 * RING_LABEL_FONT_SIZE + RING_LABEL_HALO

/** The middle of a ring's band, where its name is written (distance from the centre along the vertical axis). */
export const ringLabelDistance = (ring: number) => ((ring === 0 ? 0 : RING_RADII[ring - 1]!) + RING_RADII[ring]!) / 2

/** Whether a blip at (x, y) of the bottom-right quadrant's coordinates, radius r, keeps clear of its ring's name. */
function clearOfRingLabel(ring: number, x: number, y: number, r: number): boolean {
  const halfHeight = (RING_LABEL_FONT_SIZE + RING_LABEL_HALO) / 2
  const nearLabelRow = Math.abs(y - ringLabelDistance(ring)) < halfHeight + r + GAP
  // the one-quadrant drawing's name, from the inset out, covers the whole radar's (centred on the axis) too
  return !nearLabelRow || x - r >= RING_LABEL_INSET + ringLabelWidth(ring) + GAP
}

/** x and y signs of each quadrant (by index): 0 bottom right, 1 bottom left, 2 top left, 3 top right (Zalando's). */
const QUADRANT_SIGNS = [
  [1, 1],
  [-1, 1],
  [-1, -1],
  [1, -1],
] as const

export interface BlipInput {
  slug: string
  quadrant: RadarQuadrant
  ring: RadarRing
}

export interface BlipPlace {
  slug: string
  x: number
  y: number
  r: number
}

/** FNV-1a: a stable 32-bit hash of the slug. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** The slots of one ring's band in the bottom-right quadrant (x, y >= 0), for blips of radius r. */
function slotsOf(ring: number, r: number): Array<[number, number]> {
  const inner = ring === 0 ? 0 : RING_RADII[ring - 1]!
  const outer = RING_RADII[ring]!
  const spacing = 2 * r + GAP
  const rowHeight = (spacing * Math.sqrt(3)) / 2
  const slots: Array<[number, number]> = []
  // rows start clear of the horizontal axis line
  for (let row = 0, y = r + 2 * GAP; y <= outer; row++, y += rowHeight) {
    for (let x = AXIS_CLEARANCE + r + (row % 2 === 0 ? 0 : spacing / 2); x <= outer; x += spacing) {
      const distance = Math.hypot(x, y)
      if (distance >= inner + r + GAP && distance <= outer - r - GAP && clearOfRingLabel(ring, x, y, r))
        slots.push([x, y])
    }
  }
  return slots
}

/** The blips of one band: as large as fit, up to `largest`. */
function placeBand(entries: BlipInput[], quadrant: number, ring: number, largest: number): BlipPlace[] {
  let r = largest
  let slots = slotsOf(ring, r)
  while (slots.length < entries.length && r > MIN_BLIP_RADIUS) {
    r = Math.max(MIN_BLIP_RADIUS, r * 0.85)
    slots = slotsOf(ring, r)
  }
  const [signX, signY] = QUADRANT_SIGNS[quadrant]!
  const free = [...slots]
  return [...entries]
    .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
    .map((entry) => {
      // More tools than even the smallest blips fit (thousands in one band): the rest share the last slot.
      const [x, y] = free.length > 0 ? free.splice(hashOf(entry.slug) % free.length, 1)[0]! : slots.at(-1)!
      const round = (value: number) => Math.round(value * 10) / 10
      return { slug: entry.slug, x: round(RADAR_CENTER + signX * x), y: round(RADAR_CENTER + signY * y), r: round(r) }
    })
}

/** Every blip's centre and radius in the viewBox, by slug; blips as large as `blipRadius` where they fit. */
export function placeBlips(entries: BlipInput[], blipRadius = BLIP_RADIUS): Map<string, BlipPlace> {
  const bands = new Map<string, BlipInput[]>()
  for (const entry of entries) {
    const key = `${quadrantIndex(entry.quadrant)}:${ringIndex(entry.ring)}`
    bands.set(key, [...(bands.get(key) ?? []), entry])
  }
  const places = new Map<string, BlipPlace>()
  for (const [key, band] of bands) {
    const [quadrant, ring] = key.split(':').map(Number) as [number, number]
    for (const place of placeBand(band, quadrant, ring, blipRadius)) places.set(place.slug, place)
  }
  return places
}
