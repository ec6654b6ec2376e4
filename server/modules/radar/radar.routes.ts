// A company's Tech Radar (issue 18, docs/decisions/064-company-tech-radar.md): the radar as the viewer may see it,
// also as Zalando's or Backstage's radar JSON (?format=), and the admins' ring move with its reason.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BackstageRadar,
  CompanyRadar,
  IMPERSONATED_RADAR,
  MoveRadarToolBody,
  ONLY_COMPANY_ADMINS_RADAR,
  RadarParams,
  RadarQuery,
  RadarToolParams,
  ZalandoRadar,
} from '#contracts/radar.ts'
import { requireRealUser } from '../../http/auth-guard.ts'
import { cacheForViewer } from '../../http/cache.ts'
import { forbidden, notFound } from '../../http/errors.ts'
import { auditContextOf } from '../audit/audit.service.ts'
import { findCompanyBySlug, findCompanyRole } from '../companies/companies.queries.ts'
import { presentCompanyRadar } from './radar.presenter.ts'
import { loadCompanyRadar, moveRadarTool } from './radar.service.ts'
import { toBackstageRadar, toZalandoRadar } from './radar-json.ts'

const tags = ['company radar']

export const radarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/companies/:slug/radar',
    {
      schema: {
        tags,
        summary:
          "A company's Tech Radar: its stacks' tools by quadrant and ring with their moves; ?format=zalando or " +
          "backstage answers the radar JSON of Zalando's radar_visualization() or Backstage's Tech Radar plugin",
        params: RadarParams,
        querystring: RadarQuery,
        response: { 200: z.union([CompanyRadar, ZalandoRadar, BackstageRadar]) },
      },
    },
    async (request, reply) => {
      const viewer = await request.sessionUser()
      cacheForViewer(reply, viewer !== null)
      const company = await findCompanyBySlug(app.db, request.params.slug)
      if (!company) throw notFound()
      const now = new Date()
      const radar = await loadCompanyRadar(app.db, company.id, viewer?.id ?? null, now)
      const { format } = request.query
      if (format) {
        const options = { title: `${company.name} Tech Radar`, date: now.toISOString(), siteUrl: app.config.baseUrl }
        return format === 'zalando' ? toZalandoRadar(radar.entries, options) : toBackstageRadar(radar.entries, options)
      }
      const role = viewer ? await findCompanyRole(app.db, company.id, viewer.id) : null
      return presentCompanyRadar(company, radar, role === 'admin' && !viewer?.impersonated)
    },
  )

  app.put(
    '/api/v1/companies/:slug/radar/:toolSlug',
    {
      schema: {
        tags,
        summary: "Move a tool of the company's radar to another ring, with a reason kept in its history (admins)",
        params: RadarToolParams,
        body: MoveRadarToolBody,
        response: { 200: CompanyRadar },
      },
    },
    async (request) => {
      const user = await requireRealUser(request, IMPERSONATED_RADAR)
      const company = await findCompanyBySlug(app.db, request.params.slug)
      if (!company) throw notFound()
      if ((await findCompanyRole(app.db, company.id, user.id)) !== 'admin') throw forbidden(ONLY_COMPANY_ADMINS_RADAR)
      await moveRadarTool(
        app.db,
        await auditContextOf(request, user),
        user.id,
        company,
        request.params.toolSlug,
        request.body,
      )
      return presentCompanyRadar(company, await loadCompanyRadar(app.db, company.id, user.id, new Date()), true)
    },
  )
}
