import type { Reason, ServiceWithReasons } from '#contracts/reasons.ts'
import { toolImageUrl, toolPath } from '../stacks/stacks.presenter.ts'
import type { listToolsByIds, listTopReasons } from './reasons.queries.ts'

type ToolSummary = Awaited<ReturnType<typeof listToolsByIds>>[number]
type TopReason = Awaited<ReturnType<typeof listTopReasons>>[number]

export function presentReason(reason: { id: number; text: string; votesTotal: number }, userVote: number): Reason {
  return {
    id: reason.id,
    text: reason.text,
    cached_votes_total: reason.votesTotal,
    user_voted: userVote !== 0,
    user_vote: userVote,
  }
}

/** Tools in the order asked for, each with its reasons. */
export function presentServicesWithReasons(
  orderedIds: number[],
  tools: ToolSummary[],
  reasons: TopReason[],
  userVotes: Map<number, number>,
): ServiceWithReasons[] {
  const toolsById = new Map(tools.map((tool) => [tool.id, tool]))
  const reasonsByTool = new Map<number, Reason[]>()
  for (const reason of reasons) {
    const list = reasonsByTool.get(reason.toolId) ?? []
    list.push(presentReason(reason, userVotes.get(reason.id) ?? 0))
    reasonsByTool.set(reason.toolId, list)
  }
  return orderedIds.flatMap((id) => {
    const tool = toolsById.get(id)
    if (!tool) return []
    return [
      {
        id: tool.id,
        name: tool.name,
        slug: tool.slug,
        image_url: toolImageUrl(tool),
        canonical_url: toolPath(tool.slug),
        reasons: reasonsByTool.get(tool.id) ?? [],
      },
    ]
  })
}
