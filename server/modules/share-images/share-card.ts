// The share card's design: a ShareCard (what the card says) laid out with satori (flexbox to SVG, text drawn as
// paths, so a name is only ever text) and rasterized by resvg into a 1200x630 PNG. Decision 044.

import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import { renderAsync } from '@resvg/resvg-js'
import satori, { type Font } from 'satori'
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '#contracts/share-images.ts'

/** A logo as the card draws it: an image we hold (a data: URI), or initials on a coloured square. */
export type CardLogo =
  | { kind: 'image'; src: string }
  | { kind: 'monogram'; initials: string; background: string; foreground: string }

export interface CardStat {
  value: number
  /** Singular and plural ('stack', 'stacks'). */
  label: [string, string]
}

export interface CardSubject<Logo> {
  logo: Logo
  name: string
  /** The one-line title or description, already clipped; the layout cuts it to two lines. */
  line: string | null
  stats: CardStat[]
}

/**
 * What a card shows, with its logos as `Logo`: references (the card's inputs, hashed for its storage key) or drawn
 * logos (what the layout takes). One subject, or two for a comparison.
 */
export interface ShareCard<Logo> {
  site: string
  label: 'Tool' | 'Stack' | 'Company' | 'Stackup'
  subjects: [CardSubject<Logo>] | [CardSubject<Logo>, CardSubject<Logo>]
  /** 'by {owner}' on a stack's card. */
  byline: string | null
  /** A row of tool logos (a stack's tools, a company's most popular), and how many more there are. */
  tools: Logo[]
  moreTools: number
}

/** The site's palette (web/src/styles.css: brand is Tailwind's indigo; text is slate). */
const COLORS = {
  brand: '#4f46e5',
  brandDark: '#4338ca',
  brandLight: '#eef2ff',
  brandBorder: '#c7d2fe',
  text: '#0f172a',
  muted: '#475569',
  faint: '#64748b',
  border: '#e2e8f0',
  white: '#ffffff',
}

/** The favicon's stacked layers (web/public/favicon.svg), the site's mark. */
const SITE_MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#4f46e5"/>' +
  '<path d="M8 11l8-4 8 4-8 4z" fill="#fff"/><path d="M8 16l8 4 8-4" fill="none" stroke="#c7d2fe" stroke-width="2" ' +
  'stroke-linejoin="round"/><path d="M8 21l8 4 8-4" fill="none" stroke="#a5b4fc" stroke-width="2" ' +
  'stroke-linejoin="round"/></svg>'
const SITE_MARK_SRC = `data:image/svg+xml;base64,${Buffer.from(SITE_MARK).toString('base64')}`

// An element as satori reads it (the shape React.createElement returns), without React on the server.
type Child = CardElement | string | null
interface CardElement {
  type: string
  props: Record<string, unknown> & { style?: Record<string, unknown>; children?: Child[] }
}

function box(style: Record<string, unknown>, ...children: Child[]): CardElement {
  return { type: 'div', props: { style: { display: 'flex', ...style }, children } }
}

function text(style: Record<string, unknown>, value: string): CardElement {
  return { type: 'div', props: { style, children: [value] } }
}

function image(src: string, size: number): CardElement {
  return { type: 'img', props: { src, width: size, height: size, style: { objectFit: 'contain' } } }
}

const formatCount = (value: number) =>
  value < 10_000
    ? value.toLocaleString('en-US')
    : new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value)

function logoTile(logo: CardLogo, size: number): CardElement {
  const radius = Math.round(size * 0.18)
  if (logo.kind === 'monogram') {
    return box(
      {
        width: size,
        height: size,
        borderRadius: radius,
        backgroundColor: logo.background,
        color: logo.foreground,
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: Math.round(size * (logo.initials.length > 1 ? 0.4 : 0.52)),
        fontWeight: 600,
        flexShrink: 0,
      },
      logo.initials,
    )
  }
  const padding = Math.round(size * 0.12)
  return box(
    {
      width: size,
      height: size,
      borderRadius: radius,
      backgroundColor: COLORS.white,
      border: `2px solid ${COLORS.border}`,
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
    },
    image(logo.src, size - 2 * padding - 4),
  )
}

function header(card: ShareCard<CardLogo>): CardElement {
  return box(
    { justifyContent: 'space-between', alignItems: 'center', width: '100%' },
    box(
      { alignItems: 'center' },
      image(SITE_MARK_SRC, 48),
      text({ marginLeft: 16, fontSize: 32, fontWeight: 700, color: COLORS.text }, card.site),
    ),
    text(
      {
        padding: '8px 20px',
        borderRadius: 999,
        backgroundColor: COLORS.brandLight,
        border: `2px solid ${COLORS.brandBorder}`,
        color: COLORS.brandDark,
        fontSize: 24,
        fontWeight: 600,
        textTransform: 'uppercase',
        letterSpacing: 2,
      },
      card.label,
    ),
  )
}

function stats(list: CardStat[], size: 'large' | 'small'): CardElement {
  const large = size === 'large'
  return box(
    { alignItems: 'baseline', flexWrap: 'wrap', columnGap: large ? 48 : 24 },
    ...list.map((stat) =>
      box(
        { alignItems: 'baseline' },
        text({ fontSize: large ? 44 : 30, fontWeight: 700, color: COLORS.brandDark }, formatCount(stat.value)),
        text(
          { marginLeft: 10, fontSize: large ? 26 : 22, color: COLORS.faint },
          stat.value === 1 ? stat.label[0] : stat.label[1],
        ),
      ),
    ),
  )
}

const clampedLines = (lines: number) => ({ display: 'block', lineClamp: lines, overflow: 'hidden' })

function toolRow(card: ShareCard<CardLogo>): CardElement | null {
  if (card.tools.length === 0) return null
  return box(
    { alignItems: 'center', columnGap: 18 },
    ...card.tools.map((logo) => logoTile(logo, 72)),
    card.moreTools > 0
      ? text({ marginLeft: 4, fontSize: 28, fontWeight: 600, color: COLORS.faint }, `+${formatCount(card.moreTools)}`)
      : null,
  )
}

function singleSubject(card: ShareCard<CardLogo>): CardElement {
  const [subject] = card.subjects
  return box(
    { flexDirection: 'column', flexGrow: 1, width: '100%' },
    // the subject takes the height left, centred in it; the tools' row and the counts sit at the bottom
    box(
      { alignItems: 'center', flexGrow: 1, width: '100%' },
      logoTile(subject.logo, 168),
      box(
        { flexDirection: 'column', marginLeft: 40, flexGrow: 1, flexShrink: 1, minWidth: 0 },
        text({ ...clampedLines(2), fontSize: 64, fontWeight: 700, lineHeight: 1.1, color: COLORS.text }, subject.name),
        card.byline ? text({ ...clampedLines(1), marginTop: 8, fontSize: 28, color: COLORS.faint }, card.byline) : null,
        subject.line
          ? text(
              { ...clampedLines(2), marginTop: 14, fontSize: 30, lineHeight: 1.35, color: COLORS.muted },
              subject.line,
            )
          : null,
      ),
    ),
    toolRow(card),
    box(
      { marginTop: 32, borderTop: `2px solid ${COLORS.border}`, paddingTop: 24, width: '100%' },
      stats(subject.stats, 'large'),
    ),
  )
}

function versusSide(subject: CardSubject<CardLogo>): CardElement {
  return box(
    { flexDirection: 'column', alignItems: 'center', width: 430 },
    logoTile(subject.logo, 176),
    text(
      {
        ...clampedLines(1),
        marginTop: 24,
        maxWidth: 430,
        fontSize: 48,
        fontWeight: 700,
        color: COLORS.text,
        textAlign: 'center',
      },
      subject.name,
    ),
    box({ marginTop: 16, justifyContent: 'center' }, stats(subject.stats, 'small')),
  )
}

function versus(card: ShareCard<CardLogo>): CardElement {
  const [first, second] = card.subjects as [CardSubject<CardLogo>, CardSubject<CardLogo>]
  return box(
    { flexGrow: 1, alignItems: 'center', justifyContent: 'space-between', width: '100%', marginTop: 24 },
    versusSide(first),
    box(
      {
        width: 104,
        height: 104,
        borderRadius: 52,
        backgroundColor: COLORS.brand,
        color: COLORS.white,
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: 40,
        fontWeight: 700,
        marginBottom: 90,
      },
      'vs',
    ),
    versusSide(second),
  )
}

export function layoutShareCard(card: ShareCard<CardLogo>): CardElement {
  return box(
    {
      width: SHARE_IMAGE_WIDTH,
      height: SHARE_IMAGE_HEIGHT,
      flexDirection: 'column',
      fontFamily: 'Inter',
      backgroundColor: COLORS.white,
      backgroundImage: `linear-gradient(135deg, ${COLORS.brandLight} 0%, ${COLORS.white} 55%)`,
    },
    box(
      { flexDirection: 'column', flexGrow: 1, padding: '48px 64px 40px' },
      header(card),
      card.subjects.length === 2 ? versus(card) : singleSubject(card),
    ),
    box({ height: 12, width: '100%', backgroundImage: `linear-gradient(90deg, ${COLORS.brand}, #818cf8)` }),
  )
}

// Inter from @fontsource (WOFF: satori reads TTF, OTF and WOFF, not WOFF2), regular, semibold and bold, in every
// subset it has (Latin, Latin Extended, Cyrillic, Greek, Vietnamese). Satori takes one font per family name and
// falls back to the other names glyph by glyph, so each subset is a family of its own ('Inter latin-ext').
// Scripts outside them (CJK, Arabic, emoji) come out as boxes: decision 044.
const FONT_SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese']
const FONT_WEIGHTS = [400, 600, 700] as const
let fontsLoading: Promise<Font[]> | null = null

/** Read once per process; the same array every time, which satori caches its parsed fonts by. */
function loadFonts(): Promise<Font[]> {
  if (!fontsLoading) {
    const require = createRequire(import.meta.url)
    fontsLoading = Promise.all(
      FONT_SUBSETS.flatMap((subset) =>
        FONT_WEIGHTS.map(async (weight) => ({
          name: subset === 'latin' ? 'Inter' : `Inter ${subset}`,
          weight,
          style: 'normal' as const,
          data: await fs.readFile(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
        })),
      ),
    )
    fontsLoading.catch(() => {
      fontsLoading = null
    })
  }
  return fontsLoading
}

/** The card as a PNG of SHARE_IMAGE_WIDTH x SHARE_IMAGE_HEIGHT. Satori runs here; resvg on libuv's thread pool. */
export async function renderShareCard(card: ShareCard<CardLogo>): Promise<Buffer> {
  const svg = await satori(layoutShareCard(card) as unknown as Parameters<typeof satori>[0], {
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    fonts: await loadFonts(),
  })
  // No system fonts: every glyph is already a path, and a logo's own <text> must not depend on the host.
  const rendered = await renderAsync(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'original' } })
  return rendered.asPng()
}
