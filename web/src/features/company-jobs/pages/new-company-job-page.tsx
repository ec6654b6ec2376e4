// /companies/{slug}/jobs/new: a company admin posts a job (the list checks first that the user is one).
import { useNavigate, useParams } from 'react-router'
import { RequireSignIn } from '../../../components/require-sign-in.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { useCreateCompanyJob } from '../api/create-company-job.ts'
import { useCompanyJobs } from '../api/get-company-jobs.ts'
import { CompanyJobsError, CompanyJobsFrame } from '../components/company-jobs-access.tsx'
import { JobFormView } from '../components/job-form.tsx'

export default function NewCompanyJobPage() {
  return <RequireSignIn reason="Sign in to post a job for your company.">{() => <NewJob />}</RequireSignIn>
}

function NewJob() {
  const { slug = '' } = useParams()
  const navigate = useNavigate()
  const { data, error, isPending } = useCompanyJobs(slug)
  const create = useCreateCompanyJob(slug)
  useDocumentTitle(data ? `Post a job · ${data.company.name}` : null)
  if (isPending) return <PageSpinner />
  if (error || !data) return <CompanyJobsError error={error} />
  const back = () => navigate(`/companies/${data.company.slug}/jobs`)
  return (
    <CompanyJobsFrame slug={data.company.slug} companyName={data.company.name} backTo="jobs" title="Post a job">
      <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <JobFormView
          submitLabel="Post job"
          onCancel={back}
          onSubmit={async (values) => {
            const { job } = await create.mutateAsync(values)
            navigate(`/companies/${data.company.slug}/jobs`, {
              state: { notice: `“${job.title}” is posted and shows in Stack Match.` },
            })
          }}
        />
      </div>
    </CompanyJobsFrame>
  )
}
