// Every field of a company's job that leaves the server for its admins (contracts/jobs.ts CompanyJob).
import type { CompanyJob } from '#contracts/jobs.ts'
import type { ToolCardRow } from '../tools/catalog-memos.ts'
import { toolLogoUrl } from '../tools/tools.presenter.ts'
import type { JobRow } from './jobs.queries.ts'
import { expiryDay, isExpired } from './jobs.service.ts'

export function presentCompanyJob(job: JobRow, cards: Map<number, ToolCardRow>, now = new Date()): CompanyJob {
  return {
    id: job.id,
    slug: job.slug,
    title: job.title,
    apply_url: job.applyUrl,
    city: job.city,
    location: job.location,
    remote: job.remote,
    full_time: job.fullTime,
    freelance: job.freelance,
    description: job.description,
    tools: job.toolIds
      .map((id) => cards.get(id))
      .filter((tool): tool is ToolCardRow => tool !== undefined)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((tool) => ({
        id: tool.id,
        name: tool.name,
        slug: tool.slug,
        image_url: tool.imageUrl ?? toolLogoUrl(tool.slug),
      })),
    posted_at: job.postedAt.toISOString(),
    expires_on: job.expiresAt ? expiryDay(job.expiresAt) : null,
    expires_at: job.expiresAt?.toISOString() ?? null,
    status: isExpired(job, now) ? 'expired' : 'open',
    imported: job.sourceKey !== null && !job.isDemo,
    is_demo: job.isDemo,
    canonical_url: `/match/jobs/${job.slug}`,
  }
}
