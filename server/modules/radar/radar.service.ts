// A company's radar (docs/decisions/064-company-tech-radar.md): each tool's ring is its newest move, else the default
// from how many of the stacks use it; an admin's move is written with its audit event in one transaction, under the
// company's row lock so two moves at once each see the other's ring as their `from`.
import {
  defaultRing,
  type MoveRadarToolBody,
  movedBetween,
  NOT_ON_RADAR,
  RADAR_MOVED_DAYS,
  type RadarRing,
  SAME_RING,
} from '#contracts/radar.ts'
import type { Db } from '../../db/client.ts'
import { fieldError, notFound } from '../../http/errors.ts'
import { type AuditContext, recordAudit } from '../audit/audit.service.ts'
import type { CompanyRow } from '../companies/companies.queries.ts'
import { lockCompany } from '../teams/teams.queries.ts'
import { countRadarStacks, insertRadarMove, listRadarMoves, listRadarTools } from './radar.queries.ts'
import type { RadarJsonEntry, RadarJsonMove } from './radar-json.ts'

export interface CompanyRadarEntry extends RadarJsonEntry {
  tool: RadarJsonEntry['tool'] & { id: number }
  defaultRing: RadarRing
  usedBy: number
  history: Array<RadarJsonMove & { by: string | null }>
}

export interface CompanyRadarState {
  stacksCount: number
  entries: CompanyRadarEntry[]
}

const DAY_MS = 86_400_000

/** The radar as `viewerId` may see it (the stacks of the company page), as of `now`. */
export async function loadCompanyRadar(
  db: Db,
  companyId: number,
  viewerId: number | null,
  now: Date,
): Promise<CompanyRadarState> {
  const [stacksCount, toolRows] = await Promise.all([
    countRadarStacks(db, companyId, viewerId),
    listRadarTools(db, companyId, viewerId),
  ])
  const moves = await listRadarMoves(
    db,
    companyId,
    toolRows.map((tool) => tool.id),
  )
  const historyOf = new Map<number, CompanyRadarEntry['history']>()
  for (const move of moves) {
    const history = historyOf.get(move.toolId) ?? []
    history.push({
      from: move.fromRing as RadarRing,
      to: move.toRing as RadarRing,
      reason: move.reason,
      at: move.movedAt.toISOString(),
      by: move.movedBy,
    })
    historyOf.set(move.toolId, history)
  }
  const entries = toolRows.map((tool): CompanyRadarEntry => {
    const history = historyOf.get(tool.id) ?? []
    const fromUse = defaultRing(tool.usedBy, stacksCount)
    const last = history[0]
    const isRecent = last !== undefined && now.getTime() - Date.parse(last.at) <= RADAR_MOVED_DAYS * DAY_MS
    return {
      tool: { id: tool.id, slug: tool.slug, name: tool.name, layer: tool.layer },
      ring: last?.to ?? fromUse,
      defaultRing: fromUse,
      usedBy: tool.usedBy,
      moved: isRecent ? movedBetween(last.from, last.to) : 0,
      history,
    }
  })
  return { stacksCount, entries }
}

/** An admin moves a tool of the radar to another ring, with a reason: the history row and the audit event. */
export async function moveRadarTool(
  db: Db,
  audit: AuditContext,
  actorId: number,
  company: CompanyRow,
  toolSlug: string,
  body: MoveRadarToolBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, company.id)
    const radar = await loadCompanyRadar(tx, company.id, actorId, new Date())
    const entry = radar.entries.find((candidate) => candidate.tool.slug === toolSlug.toLowerCase())
    if (!entry) throw notFound(NOT_ON_RADAR)
    if (entry.ring === body.ring) throw fieldError('ring', SAME_RING)
    await insertRadarMove(tx, {
      companyId: company.id,
      toolId: entry.tool.id,
      fromRing: entry.ring,
      toRing: body.ring,
      reason: body.reason,
      movedById: actorId,
    })
    await recordAudit(tx, audit, {
      action: 'company.radar_tool_moved',
      subjectType: 'company',
      subjectId: company.id,
      subjectLabel: company.name,
      details: {
        tool: { id: entry.tool.id, slug: entry.tool.slug, name: entry.tool.name },
        before: { ring: entry.ring },
        after: { ring: body.ring },
        reason: body.reason,
      },
    })
  })
}
