// The stack page's (/{ownerSlug}/{stackSlug}) title, meta description and structured data: plain functions apart from
// the zod schemas (contracts/stacks.ts), so the web reads them without zod. The server writes them into the page's
// head when it renders the page (server/http/page-head.ts).
import { type Breadcrumb, breadcrumbList } from './breadcrumb-list.ts'
import { clipDescription } from './tool-page-meta.ts'

/**
 * Tools listed in a stack's ItemList. A scanned repository can bring hundreds of packages; numberOfItems still counts
 * them all (schema.org allows a list that describes part of its items).
 */
export const STACK_ITEM_LIST_MAX = 100
/** Tools named in the meta description before it is cut to length. */
const DESCRIPTION_TOOLS_MAX = 8

interface StackOwnerMeta {
  type: 'User' | 'Company'
  slug: string
  name: string
}

interface StackMeta {
  name: string
  path: string
  description: string | null
  owner: StackOwnerMeta
  tools_count: number
  layers: Array<{ categories: Array<{ tools: Array<{ name: string; canonical_url: string | null }> }> }>
}

/** The page of a stack's owner: a company's page, or a person's profile. */
export function ownerPath(owner: Pick<StackOwnerMeta, 'type' | 'slug'>): string {
  return owner.type === 'Company' ? `/companies/${owner.slug}` : `/${owner.slug}`
}

/** '{stack} by {owner}': the page's title before ' | {site}'. */
export function stackPageTitle(stack: Pick<StackMeta, 'name' | 'owner'>): string {
  return `${stack.name} by ${stack.owner.name}`
}

/** The stack's tools in the page's order: layer by layer, category by category. */
function stackTools(stack: Pick<StackMeta, 'layers'>) {
  return stack.layers.flatMap((layer) => layer.categories.flatMap((category) => category.tools))
}

function toolsCount(count: number): string {
  return `${count} ${count === 1 ? 'tool' : 'tools'}`
}

/** '{stack} by {owner}: {description} Tools: Go, PostgreSQL, …', at most META_DESCRIPTION_MAX characters. */
export function stackMetaDescription(stack: StackMeta): string {
  const names = stackTools(stack)
    .slice(0, DESCRIPTION_TOOLS_MAX)
    .map((tool) => tool.name)
  const lead = `${stackPageTitle(stack)}:`
  const description = stack.description?.trim()
  if (names.length === 0) return clipDescription(description ? `${lead} ${description}` : `${lead} a stack of tools.`)
  const tools = names.join(', ')
  return clipDescription(
    description
      ? `${lead} ${description} Tools: ${tools}.`
      : `${lead} ${toolsCount(stack.tools_count)}, including ${tools}.`,
  )
}

/**
 * schema.org JSON-LD of a stack page: an ItemList of its tools (each with its position, name and tool page) and the
 * BreadcrumbList owner → stack. `origin` makes the addresses absolute ('https://example.org').
 */
export function stackStructuredData(stack: StackMeta, origin: string) {
  const url = new URL(stack.path, origin).toString()
  const steps: Breadcrumb[] = [
    { name: stack.owner.name, path: ownerPath(stack.owner) },
    { name: stack.name, path: stack.path },
  ]
  const itemList = {
    '@type': 'ItemList',
    name: stackPageTitle(stack),
    description: stack.description?.trim() || undefined,
    url,
    numberOfItems: stack.tools_count,
    // tools with a page of their own: one not approved yet has none (decision 076)
    itemListElement: stackTools(stack)
      .flatMap((tool) => (tool.canonical_url ? [{ name: tool.name, url: tool.canonical_url }] : []))
      .slice(0, STACK_ITEM_LIST_MAX)
      .map((tool, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: tool.name,
        url: new URL(tool.url, origin).toString(),
      })),
  }
  return { '@context': 'https://schema.org', '@graph': [itemList, breadcrumbList(steps, origin)] as const }
}
