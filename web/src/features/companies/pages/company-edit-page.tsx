// /companies/{slug}/edit: the company's details and its private mode, for its admins (POST /api/v1/companies/update).
// Private mode lets the company keep private stacks that only its members see; its members can then no longer
// create new companies (specs/stack-creation-and-editing.md §4, §6; docs/decisions/025-stack-owner-choices.md).
import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, GitBranch, Lock } from 'lucide-react'
import { useId, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import type { Company } from '#contracts/companies.ts'
import { CompanyFormView, type CompanyValues } from '../../../components/company-form/company-form.tsx'
import { Forbidden } from '../../../components/forbidden.tsx'
import NotFoundPage from '../../../components/not-found-page.tsx'
import { RequireSignIn } from '../../../components/require-sign-in.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { myCompaniesQuery, useMyCompanies } from '../../../lib/get-my-companies.ts'
import { updateCompany } from '../../../lib/update-company.ts'
import { useCompanyPage } from '../api/get-company-page.ts'
import { CompanyVerificationStatus } from '../components/company-verification-status.tsx'

export const ONLY_ADMINS_EDIT = 'Only company admins can edit this company.'

export default function CompanyEditPage() {
  return <RequireSignIn reason="Sign in to edit your company.">{() => <CompanyEditLoader />}</RequireSignIn>
}

function CompanyEditLoader() {
  const { slug = '' } = useParams()
  const companyPage = useCompanyPage(slug)
  // The user's own companies carry what the public page leaves out (the contact e-mail, the admins).
  const mine = useMyCompanies({ enabled: true })
  const company = mine.data?.companies.find((candidate) => candidate.id === companyPage.data?.company.id)
  useDocumentTitle(companyPage.data ? `Edit ${companyPage.data.company.name}` : null)

  if (companyPage.error instanceof ApiError && companyPage.error.status === 404) return <NotFoundPage />
  if (companyPage.isPending || mine.isPending) return <PageSpinner label="Loading company" />
  if (!companyPage.data || !mine.data)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <Alert tone="error">We couldn't load this company. Please reload the page.</Alert>
      </div>
    )
  if (!company?.current_user_admin) return <Forbidden message={ONLY_ADMINS_EDIT} />
  return <CompanyEditor company={company} />
}

function CompanyEditor({ company }: { company: Company }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const privateModeId = useId()
  const [privateMode, setPrivateMode] = useState(company.private_mode)

  const save = async (values: CompanyValues) => {
    await updateCompany({ ...values, id: company.id, private_mode: privateMode })
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: myCompaniesQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: ['company-page'] }),
    ])
    navigate(`/companies/${company.slug}`)
  }

  const back = (
    <Link
      to={`/companies/${company.slug}`}
      className="mr-auto inline-flex h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to {company.name}
    </Link>
  )

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Edit {company.name}</h1>
      <p className="mt-1 text-slate-600">What people see on the company's page, and how its stacks may be shared.</p>
      <CompanyVerificationStatus company={company} />
      <Link
        to={`/companies/${company.slug}/code-host`}
        className="mt-4 flex items-center gap-3 rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200 hover:bg-slate-50"
      >
        <GitBranch className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
        <span className="min-w-0">
          <span className="block font-medium text-slate-900">Code host</span>
          <span className="block text-slate-600">
            Connect GitHub, GitLab or git URLs: one stack per repository, kept current.
          </span>
        </span>
      </Link>
      <section className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <CompanyFormView
          defaultValues={{
            name: company.name,
            website_url: company.website_url ?? '',
            description: company.description ?? '',
            email_address: company.email_address ?? '',
            angellist_url: company.angellist_url ?? '',
            twitter_username: company.twitter_username ?? '',
            image_url: company.image_url,
            tag_list: company.tag_list,
          }}
          // Its own name is no collision; another company's is the server's field error on save.
          ownCompanyId={company.id}
          onSubmit={save}
          submitLabel="Save Company"
          secondaryAction={back}
        >
          <div className="flex gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <input
              id={privateModeId}
              type="checkbox"
              checked={privateMode}
              onChange={(event) => setPrivateMode(event.target.checked)}
              aria-describedby={`${privateModeId}-hint`}
              className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-brand-600 focus-visible:outline-2"
            />
            <div className="min-w-0 text-sm">
              <label htmlFor={privateModeId} className="flex items-center gap-1.5 font-medium text-slate-900">
                <Lock className="size-4 text-slate-500" aria-hidden="true" /> Private mode
              </label>
              <p id={`${privateModeId}-hint`} className="mt-1 text-slate-600">
                Admins can make the company's stacks private, seen only by its members. Members of a private-mode
                company cannot create new companies. Stacks that are already private stay private if you turn it off.
              </p>
            </div>
          </div>
        </CompanyFormView>
      </section>
    </div>
  )
}
