// Every field of a submitted tool that leaves the server (specs/stack-match-and-community.md §3 'Soft-approval tool').
import type { SoftApprovalTool } from '#contracts/soft-approval.ts'
import type { SubmissionRow } from './soft-approval.queries.ts'
import { toolCanonicalUrl, toolLogoUrl } from './tools.presenter.ts'

export function presentSoftApprovalTool(row: SubmissionRow): SoftApprovalTool {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    canonical_url: toolCanonicalUrl(row.slug),
    title: row.title,
    website_url: row.websiteUrl,
    image_url: row.imageUrl ?? toolLogoUrl(row.slug),
    custom_image_url: row.imageUrl,
    description: row.description,
    twitter_username: row.twitterUsername,
    features: row.features,
    submitted_for_approval: row.submittedForApprovalAt !== null,
    rejection_reason: row.rejectionReason,
    rejected_at: row.rejectedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }
}
