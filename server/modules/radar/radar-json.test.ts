import { describe, expect, it } from 'vitest'
import { type RadarJsonEntry, toBackstageRadar, toZalandoRadar } from './radar-json.ts'

const options = { title: 'Acme Tech Radar', date: '2026-11-27T08:00:00.000Z', siteUrl: 'https://stacks.example/' }

const entries: RadarJsonEntry[] = [
  {
    tool: { slug: 'postgresql', name: 'PostgreSQL', layer: 'application-and-data' },
    ring: 'adopt',
    moved: 0,
    history: [],
  },
  {
    tool: { slug: 'jenkins', name: 'Jenkins', layer: 'devops' },
    ring: 'hold',
    moved: -1,
    history: [
      { from: 'trial', to: 'hold', reason: 'GitHub Actions replaced it', at: '2026-11-20T10:00:00.000Z' },
      { from: 'adopt', to: 'trial', reason: 'Fewer teams use it', at: '2026-01-05T10:00:00.000Z' },
    ],
  },
  { tool: { slug: 'notion', name: 'Notion', layer: 'business-tools' }, ring: 'trial', moved: 0, history: [] },
  { tool: { slug: 'homemade', name: 'Homemade', layer: null }, ring: 'assess', moved: 0, history: [] },
]

describe('toZalandoRadar', () => {
  it("answers radar_visualization()'s config: four quadrants by layer, four rings, entries by index with links", () => {
    expect(toZalandoRadar(entries, options)).toEqual({
      title: 'Acme Tech Radar',
      date: '2026-11-27',
      quadrants: [
        { name: 'Application & Data' },
        { name: 'Utilities' },
        { name: 'DevOps' },
        { name: 'Business Tools' },
      ],
      rings: [
        { name: 'ADOPT', color: '#5ba300' },
        { name: 'TRIAL', color: '#009eb0' },
        { name: 'ASSESS', color: '#c7ba00' },
        { name: 'HOLD', color: '#e09b96' },
      ],
      entries: [
        {
          quadrant: 2,
          ring: 3,
          label: 'Jenkins',
          link: 'https://stacks.example/tools/jenkins',
          active: true,
          moved: -1,
        },
        { quadrant: 3, ring: 1, label: 'Notion', link: 'https://stacks.example/tools/notion', active: true, moved: 0 },
        // no layer: the Utilities quadrant
        {
          quadrant: 1,
          ring: 2,
          label: 'Homemade',
          link: 'https://stacks.example/tools/homemade',
          active: true,
          moved: 0,
        },
        {
          quadrant: 0,
          ring: 0,
          label: 'PostgreSQL',
          link: 'https://stacks.example/tools/postgresql',
          active: true,
          moved: 0,
        },
      ],
    })
  })
})

describe('toBackstageRadar', () => {
  it("answers the Tech Radar plugin's quadrants, rings and entries with their timeline, newest first", () => {
    const radar = toBackstageRadar(entries, options)
    expect(radar.quadrants.map((quadrant) => quadrant.id)).toEqual([
      'application-and-data',
      'utilities',
      'devops',
      'business-tools',
    ])
    expect(radar.rings.map((ring) => ring.id)).toEqual(['adopt', 'trial', 'assess', 'hold'])
    const jenkins = radar.entries.find((entry) => entry.id === 'jenkins')!
    expect(jenkins).toEqual({
      id: 'jenkins',
      key: 'jenkins',
      title: 'Jenkins',
      quadrant: 'devops',
      url: 'https://stacks.example/tools/jenkins',
      links: [{ url: 'https://stacks.example/tools/jenkins', title: 'Jenkins' }],
      timeline: [
        { moved: -1, ringId: 'hold', date: '2026-11-20T10:00:00.000Z', description: 'GitHub Actions replaced it' },
        { moved: -1, ringId: 'trial', date: '2026-01-05T10:00:00.000Z', description: 'Fewer teams use it' },
      ],
    })
    expect(radar.entries.find((entry) => entry.id === 'postgresql')!.timeline).toEqual([
      { moved: 0, ringId: 'adopt', date: options.date, description: 'Adopt from its use' },
    ])
  })
})
