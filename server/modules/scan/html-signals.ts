// Collects what the Wappalyzer fingerprints look at from a fetched page: script URLs (scriptSrc), inline scripts,
// meta tags, inline styles, visible text. A tag scanner rather than a DOM: a 5 MB page is read in a few tens of
// milliseconds (a full HTML parser took about 250 ms), and fingerprints only need these tags' attributes and text.

export interface PageSignals {
  scriptSrc: string[]
  scripts: string
  meta: Record<string, string[]>
  css: string
  text: string
  /** Linked stylesheet URLs, resolved: their text feeds the fingerprints' css patterns (scan-engine.ts). */
  stylesheets: string[]
}

/** Caps keep one analysis fast on huge pages: fingerprints need markers, not every byte. */
const MAX_SCRIPTS = 256 * 1024
const MAX_CSS = 128 * 1024
const MAX_TEXT = 64 * 1024
const TEXT_WINDOW = 512 * 1024

const TAG = /<(script|style|meta|link)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi
const SCRIPT_CLOSE = /<\/script/gi
const STYLE_CLOSE = /<\/style/gi
const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: ' ' }

function decodeEntities(value: string): string {
  if (!value.includes('&')) return value
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] === '#') {
      const point = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1))
      return Number.isFinite(point) && point > 0 && point < 0x110000 ? String.fromCodePoint(point) : entity
    }
    return ENTITIES[code.toLowerCase()] ?? entity
  })
}

export function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {}
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase()
    if (!(name in attributes)) attributes[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '')
  }
  return attributes
}

export function extractPageSignals(html: string, pageUrl: string): PageSignals {
  const signals: PageSignals = { scriptSrc: [], scripts: '', meta: {}, css: '', text: '', stylesheets: [] }
  const resolve = (value: string) => {
    try {
      return new URL(value, pageUrl).href
    } catch {
      return value
    }
  }
  TAG.lastIndex = 0
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const tag = match[1]!.toLowerCase()
    const attributes = parseAttributes(match[2]!)
    if (tag === 'script' || tag === 'style') {
      const closer = tag === 'script' ? SCRIPT_CLOSE : STYLE_CLOSE
      closer.lastIndex = TAG.lastIndex
      const end = closer.exec(html)?.index ?? html.length
      const content = html.slice(TAG.lastIndex, end)
      if (tag === 'script') {
        if (attributes.src) signals.scriptSrc.push(resolve(attributes.src))
        else if (signals.scripts.length < MAX_SCRIPTS) signals.scripts += `${content}\n`
      } else if (signals.css.length < MAX_CSS) {
        signals.css += `${content}\n`
      }
      TAG.lastIndex = end
    } else if (tag === 'meta') {
      const key = (attributes.name ?? attributes.property ?? attributes['http-equiv'] ?? '').toLowerCase()
      if (key && attributes.content !== undefined)
        signals.meta[key] = [...(signals.meta[key] ?? []), attributes.content]
    } else if (attributes.href && /stylesheet/i.test(attributes.rel ?? '')) {
      signals.stylesheets.push(resolve(attributes.href))
    }
  }
  signals.text = visibleText(html)
  return signals
}

/** The page's text without markup, scripts or styles, from the start of the body. */
function visibleText(html: string): string {
  const bodyStart = html.search(/<body\b/i)
  const window = html.slice(Math.max(0, bodyStart), Math.max(0, bodyStart) + TEXT_WINDOW)
  const text = window
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return decodeEntities(text.slice(0, MAX_TEXT))
}
