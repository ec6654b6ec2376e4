// Every field of a company's radar that leaves the server (GET and PUT /api/v1/companies/{slug}/radar...).
import { type CompanyRadar, compareRadarPlaces, quadrantOfLayer } from '#contracts/radar.ts'
import { companyPath } from '../companies/companies.presenter.ts'
import type { CompanyRow } from '../companies/companies.queries.ts'
import { toolPath } from '../stacks/stacks.presenter.ts'
import type { CompanyRadarState } from './radar.service.ts'

export function presentCompanyRadar(company: CompanyRow, radar: CompanyRadarState, canEdit: boolean): CompanyRadar {
  const placed = radar.entries
    .map((entry) => ({ entry, quadrant: quadrantOfLayer(entry.tool.layer) }))
    .sort((a, b) =>
      compareRadarPlaces(
        { quadrant: a.quadrant, ring: a.entry.ring, name: a.entry.tool.name },
        { quadrant: b.quadrant, ring: b.entry.ring, name: b.entry.tool.name },
      ),
    )
  return {
    company: { id: company.id, slug: company.slug, name: company.name, path: companyPath(company.slug) },
    stacks_count: radar.stacksCount,
    can_edit: canEdit,
    entries: placed.map(({ entry, quadrant }, index) => ({
      number: index + 1,
      tool: { id: entry.tool.id, slug: entry.tool.slug, name: entry.tool.name, path: toolPath(entry.tool.slug) },
      quadrant,
      ring: entry.ring,
      default_ring: entry.defaultRing,
      used_by: entry.usedBy,
      moved: entry.moved,
      history: entry.history.map((move) => ({
        from: move.from,
        to: move.to,
        reason: move.reason,
        at: move.at,
        by: move.by,
      })),
    })),
  }
}
