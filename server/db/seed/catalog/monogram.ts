// The logo of a tool that no data package draws: its initials on a coloured square. The logo route serves it for
// tools whose logo_svg is null, so every tool has an image at /logos/{slug}.svg; share images draw the same square.

/** Muted colours with white text contrast of at least 4.5:1, picked by a hash of the name when none is given. */
const PALETTE = ['#1F6FEB', '#8250DF', '#BF3989', '#CF222E', '#BC4C00', '#4D7C0F', '#1A7F37', '#0E7490', '#57606A']

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

/** One letter for one word ("React" gives "R"), the first letters of the first two words otherwise ("Amazon S3" gives "AS"). */
export function monogramInitials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? []
  const initials = words.slice(0, 2).map((word) => [...word][0]!.toLocaleUpperCase('en'))
  return initials.join('') || '?'
}

function paletteColor(name: string): string {
  let hash = 0
  for (const character of name) hash = (hash * 31 + character.codePointAt(0)!) >>> 0
  return PALETTE[hash % PALETTE.length]!
}

/** Relative luminance (WCAG) of a #RRGGBB colour, to choose dark or light text on it. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255)
  const [red, green, blue] = channels.map((value) =>
    value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number]
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue
}

/** The square's colour (the brand colour when valid, else one picked by the name) and a readable text colour on it. */
export function monogramColors(name: string, color?: string | null): { background: string; foreground: string } {
  const background = color && /^#[0-9a-f]{6}$/i.test(color) ? color.toUpperCase() : paletteColor(name)
  // White text stays readable down to a luminance of about 0.18; brighter brand colours (yellow, cyan) get black.
  return { background, foreground: luminance(background) > 0.18 ? '#111111' : '#FFFFFF' }
}

export function renderMonogram(name: string, color?: string | null): string {
  const { background, foreground } = monogramColors(name, color)
  const initials = monogramInitials(name)
  const fontSize = initials.length > 1 ? 26 : 34
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img"><title>${escapeXml(name)}</title>` +
    `<rect width="64" height="64" rx="12" fill="${background}"/>` +
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="600" ` +
    `font-size="${fontSize}" fill="${foreground}">${escapeXml(initials)}</text></svg>`
  )
}
