// A share card from its row: what it says (the inputs, hashed for its ETag and its stored copy), and its drawing,
// with logos read only then: uploaded images from storage, SVG logos from the catalog, initials for the rest.
// Decision 044.
import crypto from 'node:crypto'
import { clipDescription } from '#contracts/tool-page-meta.ts'
import type { Db } from '../../db/client.ts'
import { monogramColors, monogramInitials } from '../../db/seed/catalog/monogram.ts'
import { type FileStorage, STORAGE_KEY_PATTERN } from '../../storage/storage.ts'
import { type CardLogo, type CardStat, type CardSubject, renderShareCard, type ShareCard } from './share-card.ts'
import {
  CARD_TOOLS_COUNT,
  type CardToolRow,
  type CompanyCardRow,
  listLogoSvgs,
  type StackCardRow,
  type ToolCardRow,
} from './share-images.queries.ts'

/** Raise it when the design changes: every card's inputs then hash differently and cards are drawn anew. */
const CARD_DESIGN_VERSION = 1

/** A logo as a card's input: enough to tell when it changed, and to draw it. */
export interface LogoReference {
  name: string
  /** The catalog tool whose SVG logo is drawn when there is no uploaded image. */
  toolId: number | null
  imageUrl: string | null
  logoVersion: string | null
  brandColor: string | null
}

export type CardInputs = ShareCard<LogoReference>

/** Stacks of private-mode companies have no card, nor has the company: its directory is private (spec §6). */
export const isPublicStack = (row: Pick<StackCardRow, 'isPrivate' | 'companyPrivateMode'>) =>
  !row.isPrivate && !row.companyPrivateMode

const stat = (value: number, singular: string, plural = `${singular}s`): CardStat => ({
  value,
  label: [singular, plural],
})

const line = (...texts: Array<string | null>) => {
  const text = texts.find((candidate) => candidate?.trim())
  return text ? clipDescription(text) : null
}

const toolLogo = (tool: CardToolRow): LogoReference => ({
  name: tool.name,
  toolId: tool.id,
  imageUrl: tool.imageUrl,
  logoVersion: tool.logoVersion,
  brandColor: tool.brandColor,
})

const ownLogo = (name: string, imageUrl: string | null): LogoReference => ({
  name,
  toolId: null,
  imageUrl,
  logoVersion: null,
  brandColor: null,
})

function toolSubject(tool: ToolCardRow): CardSubject<LogoReference> {
  return {
    logo: toolLogo(tool),
    name: tool.name,
    line: line(tool.title, tool.description),
    stats: [stat(tool.stacksCount, 'stack'), stat(tool.followersCount, 'follower'), stat(tool.votesCount, 'vote')],
  }
}

export function toolCardInputs(site: string, tool: ToolCardRow): CardInputs {
  return { site, label: 'Tool', subjects: [toolSubject(tool)], byline: null, tools: [], moreTools: 0 }
}

/** `first` and `second` in the comparison page's order. */
export function stackupCardInputs(site: string, first: ToolCardRow, second: ToolCardRow): CardInputs {
  // no title, and stacks and followers only: two sides share the width of one
  const side = (tool: ToolCardRow) => {
    const subject = toolSubject(tool)
    return { ...subject, line: null, stats: subject.stats.slice(0, 2) }
  }
  return { site, label: 'Stackup', subjects: [side(first), side(second)], byline: null, tools: [], moreTools: 0 }
}

export function stackCardInputs(site: string, stack: StackCardRow): CardInputs {
  return {
    site,
    label: 'Stack',
    subjects: [
      {
        logo: ownLogo(stack.name, stack.imageUrl ?? stack.ownerImageUrl),
        name: stack.name,
        line: line(stack.description),
        stats: [stat(stack.toolsCount, 'tool'), stat(stack.followersCount, 'follower')],
      },
    ],
    byline: `by ${stack.ownerName}`,
    tools: stack.tools.slice(0, CARD_TOOLS_COUNT).map(toolLogo),
    moreTools: Math.max(0, stack.toolsCount - CARD_TOOLS_COUNT),
  }
}

export function companyCardInputs(site: string, company: CompanyCardRow): CardInputs {
  return {
    site,
    label: 'Company',
    subjects: [
      {
        logo: ownLogo(company.name, company.imageUrl),
        name: company.name,
        line: line(company.description),
        stats: [
          stat(company.stacksCount, 'stack'),
          stat(company.toolsCount, 'tool'),
          stat(company.followersCount, 'follower'),
        ],
      },
    ],
    byline: null,
    tools: company.tools.slice(0, CARD_TOOLS_COUNT).map(toolLogo),
    moreTools: Math.max(0, company.toolsCount - CARD_TOOLS_COUNT),
  }
}

/** The hash of what the card shows (and of its design): the same inputs draw the same card. */
export function hashCardInputs(inputs: CardInputs): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify({ design: CARD_DESIGN_VERSION, inputs }))
    .digest('hex')
    .slice(0, 32)
}

function monogram(reference: LogoReference): CardLogo {
  return {
    kind: 'monogram',
    initials: monogramInitials(reference.name),
    ...monogramColors(reference.name, reference.brandColor),
  }
}

const dataUri = (contentType: string, bytes: Buffer | string) =>
  `data:${contentType};base64,${Buffer.from(bytes).toString('base64')}`

/**
 * The drawn logo: an uploaded image (/uploads/..., read from storage), else the catalog's SVG logo, else initials.
 * Images at other addresses are never fetched: a public GET must not make the server call out (decision 044).
 */
async function drawLogo(reference: LogoReference, storage: FileStorage, svgs: Map<number, string>): Promise<CardLogo> {
  const key = reference.imageUrl?.startsWith('/uploads/') ? reference.imageUrl.slice('/uploads/'.length) : null
  if (key && STORAGE_KEY_PATTERN.test(key)) {
    const stored = await storage.get(key)
    if (stored) return { kind: 'image', src: dataUri(stored.contentType, stored.bytes) }
  }
  const svg = reference.toolId === null ? undefined : svgs.get(reference.toolId)
  if (svg) return { kind: 'image', src: dataUri('image/svg+xml', svg) }
  return monogram(reference)
}

/**
 * The card as a PNG. A logo that cannot be drawn (a broken SVG from a data package, a stored file that is not what
 * it says) must not cost the card: it is drawn again with initials for every logo.
 */
export async function drawShareCard(
  db: Db,
  storage: FileStorage,
  inputs: CardInputs,
  onLogoFailure: (error: unknown) => void,
): Promise<Buffer> {
  const references = [...inputs.subjects.map((subject) => subject.logo), ...inputs.tools]
  const toolIds = references.flatMap((reference) => (reference.toolId === null ? [] : [reference.toolId]))
  const svgs = await listLogoSvgs(db, [...new Set(toolIds)])
  const drawn = new Map<LogoReference, CardLogo>()
  await Promise.all(references.map(async (reference) => drawn.set(reference, await drawLogo(reference, storage, svgs))))
  const withLogos = (draw: (reference: LogoReference) => CardLogo): ShareCard<CardLogo> => ({
    ...inputs,
    subjects: inputs.subjects.map((subject) => ({
      ...subject,
      logo: draw(subject.logo),
    })) as ShareCard<CardLogo>['subjects'],
    tools: inputs.tools.map(draw),
  })
  try {
    return await renderShareCard(withLogos((reference) => drawn.get(reference)!))
  } catch (error) {
    if (![...drawn.values()].some((logo) => logo.kind === 'image')) throw error
    onLogoFailure(error)
    return renderShareCard(withLogos(monogram))
  }
}

/** Storage keys of the cards, by row ids (a comparison's in id order, so renaming a tool keeps its key). */
export const shareImageKeys = {
  tool: (id: number) => `share/tools/${id}.png`,
  stack: (id: number) => `share/stacks/${id}.png`,
  company: (id: number) => `share/companies/${id}.png`,
  stackup: (first: number, second: number) =>
    `share/stackups/${Math.min(first, second)}-${Math.max(first, second)}.png`,
}
