// Merges the entries of the four data packages into one list of tools. Entries meet by the loose keys of their
// names (names.ts): "Node.js" (Wappalyzer), "nodejs" (devicon) and "Node.js" (simple-icons) become one tool.
// The order of the passes matters and is explained at each; docs/catalog.md has the overview.

import { compareText, nameKey } from './names.ts'
import { toolAliases as packageAliases } from './package-aliases.ts'
import { DEVICON_DISPLAY_NAMES, HOMONYMS } from './reviewed-names.ts'
import type {
  DeviconEntry,
  LinguistLanguage,
  SimpleIcon,
  SourceData,
  SourceName,
  WappalyzerTechnology,
} from './sources.ts'

export interface MergedTool {
  /** The display name: simple-icons' brand spelling of the same name, else Linguist's, Wappalyzer's, devicon's. */
  name: string
  /** Every name a source gives it, display name first, without repeats. */
  names: string[]
  sources: SourceName[]
  /** Usually one; several when Wappalyzer lists spellings of one product ("LiteSpeed Cache", "Litespeed Cache"). */
  wappalyzer: WappalyzerTechnology[]
  linguist?: LinguistLanguage
  simpleIcon?: SimpleIcon
  devicon?: DeviconEntry
}

/** A tool while sources are merged into it. */
interface Draft {
  wappalyzer: WappalyzerTechnology[]
  linguist?: LinguistLanguage
  simpleIcon?: SimpleIcon
  devicon?: DeviconEntry
  deviconName?: string
  /** simple-icons' title is the tool's own name in the brand's spelling, not a nickname's logo. */
  hasBrandName?: boolean
}

/**
 * Finds drafts by the loose keys of their names (primary) and of their other names: CPE products, simple-icons
 * slugs and "aka" names, devicon altnames (secondary). A new entry matches by its own names against either index,
 * by its other names against primary names only, so two nicknames never merge tools, and last by the reviewed
 * spellings of package-aliases.ts ("Postgres" is PostgreSQL).
 */
class DraftIndex {
  readonly drafts: Draft[] = []
  private readonly byName = new Map<string, Draft>()
  private readonly byOtherName = new Map<string, Draft>()

  /** Loose key of a spelling in package-aliases.ts ("Golang") -> loose key of the tool it names ("go"). */
  private readonly reviewedNicknames = new Map<string, string>()

  constructor() {
    for (const [toolName, aliasesByKind] of Object.entries(packageAliases)) {
      for (const nickname of aliasesByKind.name ?? []) this.reviewedNicknames.set(nameKey(nickname), nameKey(toolName))
    }
  }

  find(names: string[], otherNames: string[]): Draft | undefined {
    const nameKeys = names.map(nameKey)
    for (const key of nameKeys) {
      const draft = this.byName.get(key)
      if (draft) return draft
    }
    for (const key of otherNames.map(nameKey)) {
      const draft = this.byName.get(key)
      if (draft) return draft
    }
    for (const key of nameKeys) {
      const draft = this.byOtherName.get(key)
      if (draft) return draft
    }
    for (const key of nameKeys) {
      const toolKey = this.reviewedNicknames.get(key)
      const draft = toolKey && this.byName.get(toolKey)
      if (draft) return draft
    }
    return undefined
  }

  /** Whether this draft goes by this name (not merely by a nickname). */
  isNamed(draft: Draft, name: string): boolean {
    return this.byName.get(nameKey(name)) === draft
  }

  /** Whether a draft already goes by this name (not merely by a nickname). */
  hasName(name: string): boolean {
    return this.byName.has(nameKey(name))
  }

  add(draft: Draft): Draft {
    this.drafts.push(draft)
    return draft
  }

  register(draft: Draft, names: string[], otherNames: string[]) {
    for (const name of names) if (!this.byName.has(nameKey(name))) this.byName.set(nameKey(name), draft)
    for (const name of otherNames) if (!this.byOtherName.has(nameKey(name))) this.byOtherName.set(nameKey(name), draft)
  }
}

/**
 * The CPE product counts as another name only when the fingerprint name is that product with a vendor in front
 * ("Atlassian Jira" and "jira"); product fields such as "linux" in Red Hat's CPE would join unrelated tools.
 */
function wappalyzerOtherNames(technology: WappalyzerTechnology): string[] {
  const product = technology.cpeProduct
  const isVendorPrefixed = product && nameKey(technology.name).endsWith(nameKey(product))
  return isVendorPrefixed ? [product] : []
}

function simpleIconOtherNames(icon: SimpleIcon): string[] {
  return [icon.slug, ...icon.otherNames]
}

/** devicon ids are lower-case slugs; a display name comes from an altname written like a name, or the reviewed table. */
function deviconDisplayName(entry: DeviconEntry): string | undefined {
  return DEVICON_DISPLAY_NAMES[entry.id] ?? entry.altnames.find((altname) => /[A-Z ]/.test(altname))
}

/**
 * devicon often spells JavaScript projects with a "js" suffix the other sources leave out ("vitejs", "denojs") or
 * the other way round ("nuxt" for Nuxt.js); tried only after exact names found nothing.
 */
function deviconSuffixVariants(id: string): string[] {
  return id.endsWith('js') ? [id.slice(0, -2)] : [`${id}js`]
}

/**
 * Linguist's data languages that stacks list all the same (issue 19: StackShare lists SQL and Protobuf): the catalog
 * takes them as languages; the scanner reports them when their files are there (server/modules/scan/languages.ts).
 */
export const STACK_DATA_LANGUAGES = new Set(['SQL', 'Protocol Buffer'])

/** Every tool the data packages list, once, with each package's entry for it. */
export function mergeSources(data: SourceData): MergedTool[] {
  const index = new DraftIndex()
  const scannerKeys = new Set(Object.keys(packageAliases).map(nameKey))

  for (const technology of [...data.wappalyzer].sort((a, b) => compareText(a.name, b.name))) {
    const otherNames = wappalyzerOtherNames(technology)
    const draft = index.find([technology.name], []) ?? index.add({ wappalyzer: [] })
    draft.wappalyzer.push(technology)
    index.register(draft, [technology.name], otherNames)
  }

  // Languages match by name only: Linguist's aliases are file-type nicknames ("zsh" for Shell) that would pull
  // other tools' logos onto a language.
  for (const language of data.linguist.filter(
    (entry) => entry.type === 'programming' || STACK_DATA_LANGUAGES.has(entry.name),
  )) {
    const draft = index.find([language.name], [])
    if (draft?.linguist) continue
    const target = draft ?? index.add({ wappalyzer: [] })
    target.linguist = language
    index.register(target, [language.name], [])
  }

  const unmatchedDevicon: DeviconEntry[] = []
  for (const entry of data.devicon) {
    if (HOMONYMS.devicon.has(entry.id)) {
      unmatchedDevicon.push(entry)
      continue
    }
    const draft = index.find([entry.id], entry.altnames)
    if (draft && !draft.devicon) {
      draft.devicon = entry
      index.register(draft, [entry.id], entry.altnames)
    } else if (!index.hasName(entry.id)) {
      // Unmatched, or matched through another entry's nickname (devicon lists "jestjs" under Jekyll too).
      unmatchedDevicon.push(entry)
    }
  }
  // Entries with a known name become tools now, so that simple-icons can lend them logos below; the nameless
  // rest wait for a simple-icons brand of the same name to name them.
  const stillUnmatchedDevicon = new Map<string, DeviconEntry>()
  for (const entry of unmatchedDevicon) {
    const isHomonym = HOMONYMS.devicon.has(entry.id)
    const draft = isHomonym ? undefined : index.find(deviconSuffixVariants(entry.id), [])
    if (draft && !draft.devicon) {
      draft.devicon = entry
      index.register(draft, [entry.id], entry.altnames)
      continue
    }
    if (index.hasName(entry.id) && !isHomonym) continue
    const name = deviconDisplayName(entry)
    if (name && !index.hasName(name)) {
      const created = index.add({ wappalyzer: [], devicon: entry, deviconName: name })
      index.register(created, [entry.id, name], entry.altnames)
      continue
    }
    for (const key of [entry.id, ...entry.altnames]) stillUnmatchedDevicon.set(nameKey(key), entry)
  }

  // simple-icons draws brands of every kind; it adds a tool only together with devicon (a developer icon set)
  // or when the scanner's reviewed alias table names it. Otherwise it only lends logos to tools listed elsewhere.
  for (const icon of data.simpleIcons.filter((entry) => !HOMONYMS['simple-icons'].has(entry.slug))) {
    const otherNames = simpleIconOtherNames(icon)
    const draft = index.find([icon.title], otherNames)
    if (draft && !draft.simpleIcon) {
      draft.simpleIcon = icon
      // The brand's spelling ("NGINX") names the tool only when it is the same name; a logo found through a
      // nickname ("OpenJDK" for Java) leaves the name alone.
      draft.hasBrandName = index.isNamed(draft, icon.title)
      index.register(draft, [icon.title], otherNames)
      continue
    }
    if (index.hasName(icon.title)) continue
    // Paired by the brand's own name only: its nicknames can be a rival's name (OpenTofu is "aka Terraform").
    const deviconEntry = [icon.title, icon.slug]
      .map((name) => stillUnmatchedDevicon.get(nameKey(name)))
      .find((entry) => entry !== undefined)
    const isNamedByScanner = scannerKeys.has(nameKey(icon.title))
    if (!deviconEntry && !isNamedByScanner) continue
    const created = index.add({ wappalyzer: [], simpleIcon: icon, hasBrandName: true })
    index.register(created, [icon.title], otherNames)
    if (deviconEntry) {
      created.devicon = deviconEntry
      index.register(created, [deviconEntry.id], deviconEntry.altnames)
      for (const name of [deviconEntry.id, ...deviconEntry.altnames]) stillUnmatchedDevicon.delete(nameKey(name))
    }
  }

  // Data and markup formats (JSON, CSS, Nginx configuration) are not tools by themselves; they join the tool
  // another source lists, which then answers to their Linguist names.
  for (const language of data.linguist.filter((entry) => entry.type !== 'programming')) {
    const draft = index.find([language.name], [])
    if (draft && !draft.linguist) draft.linguist = language
  }
  return index.drafts.map(toMergedTool)
}

function toMergedTool(draft: Draft): MergedTool {
  const brandName = draft.hasBrandName ? draft.simpleIcon?.title : undefined
  const name = brandName ?? draft.linguist?.name ?? draft.wappalyzer[0]?.name ?? draft.deviconName!
  const names = [
    name,
    ...(draft.simpleIcon ? [draft.simpleIcon.title] : []),
    ...draft.wappalyzer.map((technology) => technology.name),
    ...(draft.linguist ? [draft.linguist.name] : []),
    ...(draft.deviconName ? [draft.deviconName] : []),
  ]
  const sources: SourceName[] = []
  if (draft.wappalyzer.length > 0) sources.push('wappalyzer')
  if (draft.linguist) sources.push('linguist')
  if (draft.simpleIcon) sources.push('simple-icons')
  if (draft.devicon) sources.push('devicon')
  return {
    name,
    names: [...new Set(names)],
    sources,
    wappalyzer: draft.wappalyzer,
    linguist: draft.linguist,
    simpleIcon: draft.simpleIcon,
    devicon: draft.devicon,
  }
}
