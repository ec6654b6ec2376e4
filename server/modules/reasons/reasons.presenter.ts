import type { ProsConsReason, ProsConsTool, Reason, ReasonType, ServiceWithReasons } from '#contracts/reasons.ts'
import { toolImageUrl, toolPath } from '../stacks/stacks.presenter.ts'
import type { listProsConsTools, listToolsByIds, listTopReasons, ToolReasonRow } from './reasons.queries.ts'

type ToolSummary = Awaited<ReturnType<typeof listToolsByIds>>[number]
type TopReason = Awaited<ReturnType<typeof listTopReasons>>[number]
type ProsConsToolRow = Awaited<ReturnType<typeof listProsConsTools>>[number]

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

export const reasonType = (isCon: boolean): ReasonType => (isCon ? 'con' : 'pro')

/** A reason as the Pros & Cons page shows it (spec §3 "Reason"). */
export function presentProsConsReason(
  reason: { id: number; toolId: number; text: string; isCon: boolean; votesTotal: number; userId: number | null },
  author: { username: string | null; userImage: string | null },
  userVotedFor: boolean,
): ProsConsReason {
  return {
    id: reason.id,
    text: reason.text,
    type: reasonType(reason.isCon),
    votes: reason.votesTotal,
    user_voted_for: userVotedFor,
    user_id: reason.userId,
    username: reason.userId === null ? null : author.username,
    user_avatar: reason.userId === null ? null : author.userImage,
    service_id: reason.toolId,
  }
}

/** The tool cards in the list's order (spec §3 "Pros & Cons tool card"). */
export function presentProsConsTools(
  orderedIds: number[],
  tools: ProsConsToolRow[],
  reasons: ToolReasonRow[],
  userVotes: Map<number, number>,
): ProsConsTool[] {
  const toolsById = new Map(tools.map((tool) => [tool.id, tool]))
  const cards = new Map<number, { pros: ProsConsReason[]; cons: ProsConsReason[] }>()
  for (const reason of reasons) {
    const card = cards.get(reason.toolId) ?? { pros: [], cons: [] }
    const presented = presentProsConsReason(reason, reason, userVotes.get(reason.id) === 1)
    if (reason.isCon) card.cons.push(presented)
    else card.pros.push(presented)
    cards.set(reason.toolId, card)
  }
  return orderedIds.flatMap((id) => {
    const tool = toolsById.get(id)
    if (!tool) return []
    const card = cards.get(id) ?? { pros: [], cons: [] }
    return [
      {
        id: tool.id,
        name: tool.name,
        title: tool.title,
        image_url: toolImageUrl(tool),
        canonical_url: toolPath(tool.slug),
        pros: card.pros,
        cons: card.cons,
      },
    ]
  })
}
