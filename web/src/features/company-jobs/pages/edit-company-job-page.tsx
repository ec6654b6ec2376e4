// /companies/{slug}/jobs/{id}/edit: a company admin changes a job and its tools (a new expiry date reopens it).
import { useNavigate, useParams } from 'react-router'
import { NotFoundPage } from '../../../components/not-found-page.tsx'
import { RequireSignIn } from '../../../components/require-sign-in.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { useCompanyJob } from '../api/get-company-job.ts'
import { useCompanyJobs } from '../api/get-company-jobs.ts'
import { useUpdateCompanyJob } from '../api/update-company-job.ts'
import { CompanyJobsError, CompanyJobsFrame } from '../components/company-jobs-access.tsx'
import { JobFormView } from '../components/job-form.tsx'

export default function EditCompanyJobPage() {
  return <RequireSignIn reason="Sign in to edit your company's jobs.">{() => <EditJob />}</RequireSignIn>
}

function EditJob() {
  const { slug = '', id = '' } = useParams()
  const jobId = /^\d{1,9}$/.test(id) ? Number(id) : 0
  const navigate = useNavigate()
  const company = useCompanyJobs(slug)
  const job = useCompanyJob(slug, jobId, jobId > 0)
  const update = useUpdateCompanyJob(slug, jobId)
  useDocumentTitle(job.data ? `Edit ${job.data.job.title}` : null)
  if (jobId === 0) return <NotFoundPage />
  if (company.isPending || job.isPending) return <PageSpinner />
  if (company.error || !company.data) return <CompanyJobsError error={company.error} />
  if (job.error || !job.data) return <CompanyJobsError error={job.error} />
  const { slug: companySlug, name } = company.data.company
  const current = job.data.job
  return (
    <CompanyJobsFrame slug={companySlug} companyName={name} backTo="jobs" title={`Edit ${current.title}`}>
      <div className="space-y-4">
        {current.status === 'expired' && (
          <Alert tone="info">This job has expired. Give it a new expiry date to show it in Stack Match again.</Alert>
        )}
        {current.imported && (
          <Alert tone="info">This job came from a job feed: the next import of that feed replaces your changes.</Alert>
        )}
        <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <JobFormView
            job={current}
            submitLabel="Save changes"
            onCancel={() => navigate(`/companies/${companySlug}/jobs`)}
            onSubmit={async (values) => {
              const { job: saved } = await update.mutateAsync(values)
              navigate(`/companies/${companySlug}/jobs`, { state: { notice: `“${saved.title}” is saved.` } })
            }}
          />
        </div>
      </div>
    </CompanyJobsFrame>
  )
}
