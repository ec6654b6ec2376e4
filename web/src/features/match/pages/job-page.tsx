// /match/jobs/{slug}: a job's page with its full tool list.
import { Link, useParams } from 'react-router'
import { httpUrlOf } from '#contracts/http-links.ts'
import { NotFoundPage } from '../../../components/not-found-page.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useJob } from '../api/get-job.ts'

export default function JobPage() {
  const { slug = '' } = useParams()
  const { data, isPending, error } = useJob(slug)
  if (isPending) return <PageSpinner />
  // an unknown or expired job is the not-found page, as for tools and stacks; other failures say what went wrong
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />
  if (error || !data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Alert tone="error">{error?.message ?? "Sorry, we couldn't find that page :("}</Alert>
      </div>
    )
  }
  const { job } = data
  const applyHref = httpUrlOf(job.apply_url)
  const terms = [job.full_time && 'Full-time', job.freelance && 'Freelance', job.remote && 'Remote'].filter(Boolean)
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
