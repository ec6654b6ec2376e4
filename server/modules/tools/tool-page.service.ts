// Assembles a tool page (one answer for the first screen) and the two sides of a comparison.
// Decisions: docs/decisions/020-tool-pages-and-stackups.md.

import { TOOL_PAGE_STACKS_COUNT } from '#contracts/tool-limits.ts'
import type { StackupResponse, ToolPageResponse } from '#contracts/tool-page.ts'
import {
  STACKUP_COMPANIES_COUNT,
  STACKUP_REASONS_COUNT,
  splitStackupSlug,
  stackupSlug,
  TOOL_PAGE_ALTERNATIVES_COUNT,
  TOOL_PAGE_COMPANIES_COUNT,
  TOOL_PAGE_JOBS_COUNT,
  TOOL_PAGE_REASONS_COUNT,
} from '#contracts/tool-page-meta.ts'
import type { Db } from '../../db/client.ts'
import { presentStackupSide, presentToolPage } from './tool-page.presenter.ts'
import { countReasons, listBestReasons, listCompaniesUsingTool, loadToolPageParts } from './tool-page.queries.ts'
import { type findToolBySlug, findToolBySlugOrName } from './tools.queries.ts'

type ToolRow = NonNullable<Awaited<ReturnType<typeof findToolBySlug>>>

export const isPublicTool = (tool: { isApproved: boolean; isHidden: boolean }) => tool.isApproved && !tool.isHidden

/** Unapproved and hidden tools exist only for their submitter and for moderators. */
export function canSeeTool(tool: ToolRow, viewer: { id: number; isModerator: boolean } | null): boolean {
  return isPublicTool(tool) || Boolean(viewer && (viewer.isModerator || tool.submittedById === viewer.id))
}

export async function loadToolPage(db: Db, tool: ToolRow, viewerId: number | null): Promise<ToolPageResponse> {
  // One statement for the six parts: one round trip and one pooled connection per page
  const parts = await loadToolPageParts(db, tool, {
    stacks: TOOL_PAGE_STACKS_COUNT,
    reasons: TOOL_PAGE_REASONS_COUNT,
    companies: TOOL_PAGE_COMPANIES_COUNT,
    alternatives: TOOL_PAGE_ALTERNATIVES_COUNT,
    jobs: TOOL_PAGE_JOBS_COUNT,
  })
  return presentToolPage({
    tool,
    stacks: parts.stacks,
    reasons: parts.reasons,
    reasonCounts: parts.reasonCounts,
    companies: { companies: parts.companies, total: parts.companiesCount },
    alternatives: parts.alternatives,
    jobs: { jobs: parts.jobs, total: parts.jobsCount },
    viewerId,
  })
}

/**
 * The two public tools named by '{a}-vs-{b}' (the first split whose tools both exist and are public), or null. A side
 * may be named as /tools/{slug} takes it (an alias or loose name: 'nodejs'); the answer's canonical_url names the
 * slugs, where the page redirects. The same tool twice is no comparison: null.
 */
export async function findStackupTools(db: Db, pair: string): Promise<[ToolRow, ToolRow] | null> {
  for (const [first, second] of splitStackupSlug(pair.toLowerCase())) {
    if (first === second) continue
    const [a, b] = await Promise.all([findToolBySlugOrName(db, first), findToolBySlugOrName(db, second)])
    if (a && b && a.id !== b.id && isPublicTool(a) && isPublicTool(b)) return [a, b]
  }
  return null
}

/** Both sides in the canonical order (stackupSlug). */
export async function loadStackup(db: Db, pair: [ToolRow, ToolRow]): Promise<StackupResponse> {
  const [first, second] = pair[0].slug < pair[1].slug ? pair : [pair[1], pair[0]]
  const ids = [first.id, second.id]
  const [reasons, reasonCounts, firstCompanies, secondCompanies] = await Promise.all([
    listBestReasons(db, ids, STACKUP_REASONS_COUNT),
    countReasons(db, ids),
    listCompaniesUsingTool(db, first.id, STACKUP_COMPANIES_COUNT),
    listCompaniesUsingTool(db, second.id, STACKUP_COMPANIES_COUNT),
  ])
  const slug = stackupSlug(first.slug, second.slug)
  return {
    slug,
    canonical_url: `/stackups/${slug}`,
    tools: [
      presentStackupSide({
        tool: first,
        reasons,
        reasonCounts: reasonCounts.get(first.id)!,
        companies: firstCompanies,
      }),
      presentStackupSide({
        tool: second,
        reasons,
        reasonCounts: reasonCounts.get(second.id)!,
        companies: secondCompanies,
      }),
    ],
  }
}
