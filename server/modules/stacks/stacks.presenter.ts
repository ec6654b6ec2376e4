import type {
  IUseThisStack,
  StackEdit,
  StackOwner,
  StackPage,
  StackService,
  StackSummary,
  StackSyncChange,
} from '#contracts/stacks.ts'
import { STACK_SUMMARY_TOOLS } from '#contracts/stacks.ts'
import type { StackChangeTool } from '../../db/schema/index.ts'
import type {
  listStackToolsWithCategories,
  listToolsOfStacks,
  OwnerRecord,
  StackSyncChangeRow,
  StackWithOwner,
  ToolRow,
} from './stacks.queries.ts'

/** Every tool has a logo: its own, or the catalog's SVG (a generated monogram when no package has one). */
export function toolImageUrl(tool: { slug: string; imageUrl: string | null }): string {
  return tool.imageUrl ?? `/logos/${tool.slug}.svg`
}

export function toolPath(slug: string): string {
  return `/tools/${slug}`
}

export function stackPath(owner: Pick<OwnerRecord, 'slug'>, stackSlug: string): string {
  return `/${owner.slug}/${stackSlug}`
}

export function presentOwner(owner: OwnerRecord): StackOwner {
  return { id: owner.id, type: owner.type, slug: owner.slug, name: owner.name, image_url: owner.imageUrl }
}

export function presentService({ tool, isRequired }: { tool: ToolRow; isRequired: boolean }): StackService {
  return {
    id: tool.id,
    name: tool.name,
    slug: tool.slug,
    image_url: toolImageUrl(tool),
    canonical_url: toolPath(tool.slug),
    is_approved: tool.isApproved,
    is_package: tool.isPackage,
    // just_added is the editor's own state: a saved tool is no longer just added.
    just_added: false,
    hidden: tool.isHidden,
    required: isRequired,
  }
}

export function presentStackEdit(
  { stack, owner }: StackWithOwner,
  tools: Array<{ tool: ToolRow; isRequired: boolean }>,
  flags: { canEdit: boolean; ownerAllowsPrivate: boolean },
): StackEdit {
  return {
    id: stack.id,
    slug: stack.slug,
    name: stack.name,
    description: stack.description,
    website_url: stack.websiteUrl,
    private: stack.isPrivate,
    image_url: stack.imageUrl,
    path: stackPath(owner, stack.slug),
    type: owner.type,
    current_user_admin: flags.canEdit,
    current_user_private: flags.ownerAllowsPrivate,
    services: tools.map(presentService),
    owner: presentOwner(owner),
  }
}

type SummaryTool = Awaited<ReturnType<typeof listToolsOfStacks>>[number]

export function presentStackSummaries(rows: StackWithOwner[], tools: SummaryTool[]): StackSummary[] {
  const toolsByStack = new Map<number, SummaryTool[]>()
  for (const tool of tools) {
    const list = toolsByStack.get(tool.stackId) ?? []
    list.push(tool)
    toolsByStack.set(tool.stackId, list)
  }
  return rows.map(({ stack, owner }) => {
    const stackTools = toolsByStack.get(stack.id) ?? []
    return {
      id: stack.id,
      name: stack.name,
      slug: stack.slug,
      path: stackPath(owner, stack.slug),
      description: stack.description,
      website_url: stack.websiteUrl,
      image_url: stack.imageUrl,
      private: stack.isPrivate,
      tools_count: stackTools.length,
      tools: stackTools.slice(0, STACK_SUMMARY_TOOLS).map((tool) => ({
        id: tool.id,
        name: tool.name,
        slug: tool.slug,
        image_url: toolImageUrl(tool),
      })),
      owner: presentOwner(owner),
      updated_at: stack.updatedAt.toISOString(),
    }
  })
}

type PageTool = Awaited<ReturnType<typeof listStackToolsWithCategories>>[number]
type PageCategory = StackPage['layers'][number]['categories'][number] & { position: number }
type PageLayer = Omit<StackPage['layers'][number], 'categories'> & { position: number; categories: PageCategory[] }

const OTHER = { slug: 'other', name: 'Other', position: Number.MAX_SAFE_INTEGER }

/** Tools grouped by layer, then category, in catalog order; tools keep the order the owner gave them. */
export function presentStackPage(
  { stack, owner }: StackWithOwner,
  rows: PageTool[],
  canEdit: boolean,
  history: StackSyncChangeRow[] = [],
): StackPage {
  const layersBySlug = new Map<string, PageLayer>()
  const categoriesByKey = new Map<string, PageCategory>()
  for (const { tool, isRequired, flaggedForRemovalAt, category, layer } of rows) {
    const layerInfo = layer?.slug ? layer : OTHER
    const categoryInfo = category?.slug ? category : OTHER
    let pageLayer = layersBySlug.get(layerInfo.slug)
    if (!pageLayer) {
      pageLayer = {
        slug: layerInfo.slug,
        name: layerInfo.name,
        position: layerInfo.position,
        tools_count: 0,
        categories: [],
      }
      layersBySlug.set(layerInfo.slug, pageLayer)
    }
    const key = `${layerInfo.slug}/${categoryInfo.slug}`
    let pageCategory = categoriesByKey.get(key)
    if (!pageCategory) {
      pageCategory = {
        slug: categoryInfo.slug,
        name: categoryInfo.name,
        position: categoryInfo.position,
        tools_count: 0,
        tools: [],
      }
      categoriesByKey.set(key, pageCategory)
      pageLayer.categories.push(pageCategory)
    }
    pageLayer.tools_count++
    pageCategory.tools_count++
    pageCategory.tools.push({
      id: tool.id,
      name: tool.name,
      slug: tool.slug,
      image_url: toolImageUrl(tool),
      // a tool without a public page (decision 076) is named, not linked: visitors would find a 404
      canonical_url: tool.isApproved && !tool.isHidden ? toolPath(tool.slug) : null,
      title: tool.title,
      is_package: tool.isPackage,
      stacks_count: tool.stacksCount,
      required: isRequired,
      flagged_for_removal: flaggedForRemovalAt !== null,
    })
  }
  const byPosition = (a: { position: number; name: string }, b: { position: number; name: string }) =>
    a.position - b.position || a.name.localeCompare(b.name)
  const layers = [...layersBySlug.values()].sort(byPosition).map(({ position: _, categories, ...layer }) => ({
    ...layer,
    categories: categories.sort(byPosition).map(({ position: __, ...category }) => category),
  }))
  return {
    id: stack.id,
    name: stack.name,
    slug: stack.slug,
    path: stackPath(owner, stack.slug),
    description: stack.description,
    website_url: stack.websiteUrl,
    image_url: stack.imageUrl,
    private: stack.isPrivate,
    owner: presentOwner(owner),
    can_edit: canEdit,
    edit_path: `/stack-edit/${owner.slug}/${stack.slug}/info`,
    tools_count: rows.length,
    followers_count: stack.followersCount,
    layers,
    synced:
      stack.syncedRepositoryId !== null && stack.syncedCommit && stack.syncedAt
        ? {
            commit: stack.syncedCommit,
            synced_at: stack.syncedAt.toISOString(),
            repository_url: stack.websiteUrl,
          }
        : null,
    history: history.map(presentStackSyncChange),
    created_at: stack.createdAt.toISOString(),
    updated_at: stack.updatedAt.toISOString(),
  }
}

function presentStackSyncChange(row: StackSyncChangeRow): StackSyncChange {
  const tool = ({ name, slug, version }: StackChangeTool) => ({ name, slug, version })
  return {
    commit: row.commit,
    at: row.createdAt.toISOString(),
    added: row.added.map(tool),
    removed: row.removed.map(tool),
    flagged: row.flagged,
    version_changes: row.versionChanges.map((change) => ({ ...tool(change), before: change.before })),
  }
}

export function presentIUseThisStack({ stack, owner }: StackWithOwner, added: boolean): IUseThisStack {
  return {
    id: stack.id,
    name: stack.name,
    canonical_url: stackPath(owner, stack.slug),
    added,
    owner_name: owner.name,
  }
}
