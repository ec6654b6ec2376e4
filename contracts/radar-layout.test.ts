import { describe, expect, it } from 'vitest'
import { RADAR_QUADRANTS, RADAR_RINGS, ringIndex } from './radar.ts'
import {
  type BlipInput,
  LARGE_BLIP_RADIUS,
  placeBlips,
  RADAR_CENTER,
  RING_LABEL_FONT_SIZE,
  RING_LABEL_HALO,
  RING_LABEL_INSET,
  RING_RADII,
  ringLabelDistance,
  ringLabelWidth,
} from './radar-layout.ts'

const QUADRANT_SIGNS = [
  [1, 1],
  [-1, 1],
  [-1, -1],
  [1, -1],
]

function band(count: number, quadrant: BlipInput['quadrant'], ring: BlipInput['ring'], prefix = 'tool') {
  return Array.from({ length: count }, (_, index) => ({
    slug: `${prefix}-${quadrant}-${ring}-${index}`,
    quadrant,
    ring,
  }))
}

function expectNoOverlapInsideBands(entries: BlipInput[]) {
  const places = placeBlips(entries)
  expect(places.size).toBe(entries.length)
  const list = entries.map((entry) => ({ entry, place: places.get(entry.slug)! }))
  for (const { entry, place } of list) {
    const dx = place.x - RADAR_CENTER
    const dy = place.y - RADAR_CENTER
    const [signX, signY] = QUADRANT_SIGNS[RADAR_QUADRANTS.findIndex((q) => q.slug === entry.quadrant)]!
    expect(Math.sign(dx)).toBe(signX)
    expect(Math.sign(dy)).toBe(signY)
    const ring = ringIndex(entry.ring)
    const distance = Math.hypot(dx, dy)
    expect(distance - place.r).toBeGreaterThanOrEqual(ring === 0 ? 0 : RING_RADII[ring - 1]!)
    expect(distance + place.r).toBeLessThanOrEqual(RING_RADII[ring]!)
  }
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const a = list[i]!.place
      const b = list[j]!.place
      expect(Math.hypot(a.x - b.x, a.y - b.y), `${list[i]!.entry.slug} and ${list[j]!.entry.slug}`).toBeGreaterThan(
        a.r + b.r,
      )
    }
  }
  return places
}

describe('placeBlips', () => {
  it('keeps every blip inside its quadrant and ring band, none overlapping, in every band', () => {
    const entries = RADAR_QUADRANTS.flatMap((quadrant) =>
      RADAR_RINGS.flatMap((ring) => band(12, quadrant.slug, ring.slug)),
    )
    const places = expectNoOverlapInsideBands(entries)
    expect([...places.values()].every((place) => place.r === 11)).toBe(true)
  })

  it('shrinks the blips of a crowded band so that 150 tools in Adopt still do not overlap', () => {
    const places = expectNoOverlapInsideBands(band(150, 'devops', 'adopt'))
    expect(places.values().next().value!.r).toBeLessThan(11)
  })

  it('places the same tools at the same points whatever their order', () => {
    const entries = [...band(8, 'utilities', 'trial'), ...band(3, 'business-tools', 'hold')]
    const once = placeBlips(entries)
    const again = placeBlips([...entries].reverse())
    expect([...again.entries()].sort()).toEqual([...once.entries()].sort())
  })

  it.each([
    ['the whole radar', undefined],
    ["a phone's one quadrant", LARGE_BLIP_RADIUS],
  ])('keeps every blip off the ring names in %s, above and below the centre', (_, blipRadius) => {
    const entries = RADAR_QUADRANTS.flatMap((quadrant) =>
      RADAR_RINGS.flatMap((ring) => band(20, quadrant.slug, ring.slug)),
    )
    const places = placeBlips(entries, blipRadius)
    const halfHeight = (RING_LABEL_FONT_SIZE + RING_LABEL_HALO) / 2
    for (const entry of entries) {
      const place = places.get(entry.slug)!
      const ring = ringIndex(entry.ring)
      // the name's box, whichever way it is written: centred on the axis, or from the inset out beside it
      const across = Math.abs(place.x - RADAR_CENTER) - place.r
      const along = Math.abs(Math.abs(place.y - RADAR_CENTER) - ringLabelDistance(ring))
      const onLabel = across < RING_LABEL_INSET + ringLabelWidth(ring) && along < halfHeight + place.r
      expect(onLabel, `${entry.slug} at ${place.x},${place.y}`).toBe(false)
    }
  })
})
