// /companies/{slug}/jobs: a company's jobs for its admins (issue 7: companies post and edit their own jobs), with
// each job's status, and Post a job, Edit, Expire and Delete. Open jobs show in Stack Match until their expiry date.
import { Briefcase, ExternalLink, Plus } from 'lucide-react'
import { useState } from 'react'
import { Link, useLocation, useParams } from 'react-router'
import type { CompanyJob } from '#contracts/jobs.ts'
import { RequireSignIn } from '../../../components/require-sign-in.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { plural } from '../../../lib/plural.ts'
import { useDeleteCompanyJob } from '../api/delete-company-job.ts'
import { useExpireCompanyJob } from '../api/expire-company-job.ts'
import { useCompanyJobs } from '../api/get-company-jobs.ts'
import { CompanyJobsError, CompanyJobsFrame } from '../components/company-jobs-access.tsx'

/** Tools a row shows before '+N more'. */
const ROW_TOOLS_SHOWN = 6

export default function CompanyJobsPage() {
  return <RequireSignIn reason="Sign in to manage your company's jobs.">{() => <CompanyJobsList />}</RequireSignIn>
}

const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })

function CompanyJobsList() {
  const { slug = '' } = useParams()
  const location = useLocation()
  const notice = (location.state as { notice?: string } | null)?.notice
  const { data, error, isPending } = useCompanyJobs(slug)
  useDocumentTitle(data ? `${data.company.name} jobs` : null)
  const [deleting, setDeleting] = useState<CompanyJob | null>(null)
  const [actionError, setActionError] = useState('')
  const expire = useExpireCompanyJob(slug)
  const remove = useDeleteCompanyJob(slug)

  if (isPending) return <JobsSkeleton />
  if (error || !data) return <CompanyJobsError error={error} />
  const { company, jobs } = data
  const open = jobs.filter((job) => job.status === 'open').length

  return (
    <CompanyJobsFrame
      slug={company.slug}
      companyName={company.name}
      backTo="company"
      title={`Jobs at ${company.name}`}
      action={
        jobs.length > 0 && (
          <Link
            to={`/companies/${company.slug}/jobs/new`}
            className="inline-flex h-10 items-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
          >
            <Plus className="size-4" aria-hidden="true" /> Post a job
          </Link>
        )
      }
    >
      <div className="space-y-4">
        {notice && <Alert tone="success">{notice}</Alert>}
        {actionError && <Alert tone="error">{actionError}</Alert>}
        {company.private_mode && (
          <Alert tone="warning">
            {company.name} is in private mode: its jobs do not show in Stack Match until private mode is off.
          </Alert>
        )}
        {jobs.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <Briefcase className="mx-auto size-8 text-slate-400" aria-hidden="true" />
            <p className="mt-3 font-medium text-slate-800">No jobs yet</p>
            <p className="mt-1 text-sm text-slate-600">
              Post a job with the tools it uses, and developers with that stack find it in Stack Match.
            </p>
            <Link
              to={`/companies/${company.slug}/jobs/new`}
              className="mt-5 inline-flex h-10 items-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
            >
              <Plus className="size-4" aria-hidden="true" /> Post a job
            </Link>
          </div>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              {plural(open, 'open job')}
              {jobs.length > open && `, ${plural(jobs.length - open, 'expired job')}`}
            </p>
            <ul className="space-y-3">
              {jobs.map((job) => (
                <JobRow
                  key={job.id}
                  job={job}
                  companySlug={company.slug}
                  isExpiring={expire.isPending && expire.variables === job.id}
                  onExpire={async () => {
                    setActionError('')
                    try {
                      await expire.mutateAsync(job.id)
                    } catch (failure) {
                      setActionError((failure as Error).message)
                    }
                  }}
                  onDelete={() => setDeleting(job)}
                />
              ))}
            </ul>
          </>
        )}
      </div>
      <Dialog
        open={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title="Delete this job?"
        description={deleting && `“${deleting.title}” leaves Stack Match and its page is gone. This cannot be undone.`}
      >
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            isLoading={remove.isPending}
            onClick={async () => {
              if (!deleting) return
              setActionError('')
              try {
                await remove.mutateAsync(deleting.id)
              } catch (failure) {
                setActionError((failure as Error).message)
              }
              setDeleting(null)
            }}
          >
            Delete job
          </Button>
        </div>
      </Dialog>
    </CompanyJobsFrame>
  )
}

function JobRow({
  job,
  companySlug,
  isExpiring,
  onExpire,
  onDelete,
}: {
  job: CompanyJob
  companySlug: string
  isExpiring: boolean
  onExpire: () => void
  onDelete: () => void
}) {
  const terms = [job.full_time && 'Full-time', job.freelance && 'Freelance', job.remote && 'Remote'].filter(Boolean)
  const place = job.location ?? job.city
  return (
    <li
      data-testid="company-job"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      aria-labelledby={`job-${job.id}-title`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={`job-${job.id}-title`} className="break-words text-lg font-semibold text-slate-900">
              {job.title}
            </h2>
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-medium ring-1',
                job.status === 'open'
                  ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
                  : 'bg-slate-100 text-slate-700 ring-slate-300',
              )}
            >
              {job.status === 'open' ? 'Open' : 'Expired'}
            </span>
            {job.is_demo && (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Demo</span>
            )}
            {job.imported && (
              <span className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800 ring-1 ring-sky-200">
                Imported
              </span>
            )}
          </div>
          <p className="mt-1 text-sm text-slate-600">{[place, terms.join(', ')].filter(Boolean).join(' · ')}</p>
          <p className="mt-1 text-xs text-slate-500">
            Posted {formatDay(job.posted_at)}
            {job.expires_at &&
              (job.status === 'open'
                ? ` · Open through ${formatDay(job.expires_at)}`
                : ` · Expired ${formatDay(job.expires_at)}`)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={job.canonical_url}
            className="inline-flex h-8 items-center gap-1 rounded-lg px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            aria-label={`View ${job.title}`}
          >
            View <ExternalLink className="size-3.5" aria-hidden="true" />
          </Link>
          <Link
            to={`/companies/${companySlug}/jobs/${job.id}/edit`}
            className="inline-flex h-8 items-center rounded-lg px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            aria-label={`Edit ${job.title}`}
          >
            Edit
          </Link>
          {job.status === 'open' && (
            <Button
              size="sm"
              variant="secondary"
              isLoading={isExpiring}
              onClick={onExpire}
              aria-label={`Expire ${job.title}`}
            >
              Expire
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            onClick={onDelete}
            aria-label={`Delete ${job.title}`}
          >
            Delete
          </Button>
        </div>
      </div>
      {job.tools.length > 0 && (
        <ul className="mt-3 flex flex-wrap items-center gap-2" aria-label={`Tools of ${job.title}`}>
          {job.tools.slice(0, ROW_TOOLS_SHOWN).map((tool) => (
            <li
              key={tool.id}
              className="flex items-center gap-1.5 rounded-full bg-slate-50 py-0.5 pl-0.5 pr-2 text-xs ring-1 ring-slate-200"
            >
              <ToolLogo src={tool.image_url} className="size-5 p-0.5" />
              {tool.name}
            </li>
          ))}
          {job.tools.length > ROW_TOOLS_SHOWN && (
            <li className="text-xs text-slate-500">+{job.tools.length - ROW_TOOLS_SHOWN} more tools</li>
          )}
        </ul>
      )}
    </li>
  )
}

function JobsSkeleton() {
  return (
    <LoadingRegion className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8" label="Loading jobs">
      <Skeleton className="h-4 w-32" />
      <Skeleton className="mt-4 h-9 w-72" />
      <div className="mt-8 space-y-3">
        <Skeleton className="h-28 w-full rounded-xl" />
        <Skeleton className="h-28 w-full rounded-xl" />
      </div>
    </LoadingRegion>
  )
}
