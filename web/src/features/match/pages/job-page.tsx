// /match/jobs/{slug}: a job's page with its full tool list. Rendered on the server (prefetch) with its JobPosting
// JSON-LD; an unknown job, or one of a private-mode company, is the not-found page (404). A closed job keeps its page,
// says it is closed, offers no Apply and answers 410 without a JobPosting (docs/decisions/046-seo-of-lists.md).
import { Link, useParams } from 'react-router'
import { httpUrlOf } from '#contracts/http-links.ts'
import { jobMetaDescription, jobPageTitle, jobStructuredData, jobTerms } from '#contracts/job-page-meta.ts'
import type { JobDetail } from '#contracts/match.ts'
import { NotFoundPage } from '../../../components/not-found-page.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { usePageMeta } from '../../../lib/page-meta.ts'
import { type Prefetch, redirectToCanonical } from '../../../lib/prefetch.ts'
import { siteOrigin, useRenderedPage } from '../../../lib/rendered-page.ts'
import { jobQuery, useJob } from '../api/get-job.ts'

/** The job's answer; a slug asked in another spelling moves to the job's own address. */
export const prefetch: Prefetch = async (queryClient, { params, request }) => {
  const query = jobQuery(params.slug ?? '')
  await queryClient.prefetchQuery(query)
  return redirectToCanonical(request, queryClient.getQueryData(query.queryKey)?.job.canonical_url)
}

/** Stack Match for jobs holding any of a closed job's tools ('--' joins them: contracts/match.ts, not loaded here). */
const openJobsLike = (stack: Array<{ slug: string }>) =>
  `/match?${new URLSearchParams({ selectedTools: stack.map((tool) => tool.slug).join('--'), searchOperator: 'OR' })}`

export default function JobPage() {
  const { slug = '' } = useParams()
  const { data, isPending, error } = useJob(slug)
  if (isPending) return <PageSpinner />
  // an unknown job, or one no longer shown, is the not-found page (its own title and head), as for tools and stacks
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />
  if (error || !data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Alert tone="error">{error?.message ?? "Sorry, we couldn't find that page :("}</Alert>
      </div>
    )
  }
  return <JobDetails job={data.job} />
}

function JobDetails({ job }: { job: JobDetail }) {
  const rendered = useRenderedPage()
  useDocumentTitle(jobPageTitle(job))
  usePageMeta({
    description: jobMetaDescription(job),
    canonicalPath: job.canonical_url,
    structuredData: jobStructuredData(job, siteOrigin()),
    // at its expiry the open job closes (410): the server keeps the page no longer than that
    changesAt: job.is_open ? (job.expires_at ?? undefined) : undefined,
  })
  // Gone: search engines drop the page, people who follow an old link still read what it was
  if (rendered && !job.is_open) rendered.status = 410
  const applyHref = job.is_open ? httpUrlOf(job.apply_url) : null
  const terms = jobTerms(job)
  return (
    <article className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <Link to="/match" className="text-sm text-brand-600 hover:underline">
        ← Stack Match
      </Link>
      <header className="flex items-start gap-4">
        <ToolLogo src={job.company_image_url} className="size-14" />
        <div>
          <h1 className="text-2xl font-bold text-slate-900">
            {job.title}
            {job.is_demo && (
              <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 align-middle text-xs font-medium text-amber-800">
                Demo
              </span>
            )}
          </h1>
          <p className="text-slate-600">
            <a href={job.company_url} className="hover:underline">
              {job.company_name}
            </a>
            {(job.city || job.location) && <> · {job.location ?? job.city}</>}
            {terms.length > 0 && <> · {terms.join(', ')}</>}
          </p>
        </div>
      </header>
      {!job.is_open && (
        <Alert tone="info">
          This job is closed and no longer takes applications.{' '}
          {job.stack.length > 0 && (
            <Link to={openJobsLike(job.stack)} className="font-medium underline">
              Find open jobs with this stack
            </Link>
          )}
        </Alert>
      )}
      {applyHref && (
        <a
          href={applyHref}
          rel="noopener noreferrer nofollow"
          target="_blank"
          className="inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
        >
          Apply
        </a>
      )}
      <section>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Tech stack ({job.tools_count})</h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {job.stack.map((tool) => (
            <li key={tool.id}>
              <a href={tool.canonical_url} className="flex items-center gap-2 rounded-lg p-2 hover:bg-slate-50">
                <ToolLogo src={tool.image_url} className="size-8" />
                <span className="text-sm">{tool.name}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      {job.description && (
        <section>
          <h2 className="mb-2 text-lg font-semibold text-slate-900">About the job</h2>
          <p className="whitespace-pre-line text-sm leading-6 text-slate-700">{job.description}</p>
        </section>
      )}
    </article>
  )
}
