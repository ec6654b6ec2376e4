// Every field of a tool that leaves the server, named as the specs name them.
import type { LayerSummary, Named, Tool, ToolDetail, ToolStack } from '#contracts/tools.ts'
import type { findToolBySlug, listLayersWithCounts, PublicStackRow, ToolListRow } from './tools.queries.ts'

type DetailRow = NonNullable<Awaited<ReturnType<typeof findToolBySlug>>>
type StackRow = PublicStackRow
type LayerRow = Awaited<ReturnType<typeof listLayersWithCounts>>[number]

export function toolCanonicalUrl(slug: string): string {
  return `/tools/${slug}`
}

export function toolLogoUrl(slug: string): string {
  return `/logos/${slug}.svg`
}

function named(slug: string | null, name: string | null): Named | null {
  return slug && name ? { slug, name } : null
}

/** viewerId decides just_added: the viewer's own submission that still waits for approval. */
export function presentTool(row: ToolListRow, viewerId: number | null): Tool {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    title: row.title,
    image_url: row.imageUrl ?? toolLogoUrl(row.slug),
    canonical_url: toolCanonicalUrl(row.slug),
    website_url: row.websiteUrl,
    is_approved: row.isApproved,
    is_package: row.isPackage,
    just_added: !row.isApproved && viewerId !== null && row.submittedById === viewerId,
    hidden: row.isHidden,
    category: named(row.categorySlug, row.categoryName),
    layer: named(row.layerSlug, row.layerName),
    stacks_count: row.stacksCount,
    popularity: row.popularity,
  }
}

export function presentTools(rows: ToolListRow[], viewerId: number | null): Tool[] {
  return rows.map((row) => presentTool(row, viewerId))
}

export function presentToolStack(row: StackRow): ToolStack {
  const isCompany = row.companySlug !== null
  const ownerSlug = (isCompany ? row.companySlug : row.userSlug) ?? ''
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    canonical_url: `/${ownerSlug}/${row.slug}`,
    image_url: row.imageUrl,
    owner: {
      type: isCompany ? 'Company' : 'User',
      slug: ownerSlug,
      name: (isCompany ? row.companyName : row.userName) ?? ownerSlug,
      image_url: isCompany ? row.companyImage : row.userImage,
    },
  }
}

export function presentToolDetail(row: DetailRow, stacks: StackRow[], viewerId: number | null): ToolDetail {
  return {
    ...presentTool(row, viewerId),
    description: row.description,
    brand_color: row.brandColor,
    stacks: stacks.map(presentToolStack),
  }
}

/** Rows are one per category, already in layer then category order. */
export function presentLayers(rows: LayerRow[]): LayerSummary[] {
  const bySlug = new Map<string, LayerSummary>()
  for (const row of rows) {
    let layer = bySlug.get(row.layerSlug)
    if (!layer) {
      layer = { slug: row.layerSlug, name: row.layerName, tools_count: 0, categories: [] }
      bySlug.set(row.layerSlug, layer)
    }
    layer.tools_count += row.toolsCount
    layer.categories.push({ slug: row.categorySlug, name: row.categoryName, tools_count: row.toolsCount })
  }
  return [...bySlug.values()]
}
