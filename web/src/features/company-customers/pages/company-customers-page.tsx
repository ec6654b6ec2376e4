// /companies/{slug}/customers: the company customers screen (spec §2) for the company's admins: the add form and
// the table. Other signed-in people get the 403 page with the server's reason; an unknown company the not-found page.
import { ArrowLeft, Info } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { Forbidden } from '../../../components/forbidden.tsx'
import NotFoundPage from '../../../components/not-found-page.tsx'
import { RequireSignIn } from '../../../components/require-sign-in.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { useCompanyCustomers } from '../api/get-company-customers.ts'
import { AddCustomerForm } from '../components/add-customer-form.tsx'
import { CustomersTable } from '../components/customers-table.tsx'

export default function CompanyCustomersPage() {
  return <RequireSignIn reason="Sign in to manage your company's customers.">{() => <CustomersScreen />}</RequireSignIn>
}

/** Which part of the screen acted last: only its message shows, so no old message stays beside a newer one. */
type Speaker = 'form' | 'table' | null

function CustomersScreen() {
  const { slug = '' } = useParams()
  const { data, error, isPending } = useCompanyCustomers(slug)
  const [speaker, setSpeaker] = useState<Speaker>(null)
  useDocumentTitle(data ? `${data.company.name} customers` : 'Customers')

  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />
  if (error instanceof ApiError && error.status === 403) return <Forbidden message={error.message} />
  if (isPending) return <CustomersSkeleton />
  if (!data)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <Alert tone="error">We couldn't load the customers. Please reload the page.</Alert>
      </div>
    )

  const { company, services, customers } = data
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
      <Link
        to={`/companies/${company.slug}`}
        className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> {company.name}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{company.name}'s customers</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        List the companies that use your tools. They show on your tool's page, and once a customer adds the tool to its
        own stack, it shows as Added.
      </p>
      <div className="mt-6">
        {services.length === 0 ? (
          <Alert tone="info">
            <span className="inline-flex items-start gap-2">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {company.domain
                ? `No tool in the catalog has a website on ${company.domain}. Customers are listed for your company's tools: the tools whose website is on your company's domain.`
                : "Add your company's website first: customers are listed for the tools whose website is on your company's domain."}
            </span>
          </Alert>
        ) : (
          <AddCustomerForm
            company={company}
            services={services}
            showsMessages={speaker !== 'table'}
            onAction={() => setSpeaker('form')}
          />
        )}
      </div>
      <CustomersTable
        company={company}
        customers={customers}
        showsMessages={speaker !== 'form'}
        onAction={() => setSpeaker('table')}
      />
    </div>
  )
}

function CustomersSkeleton() {
  return (
    <LoadingRegion className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-8" label="Loading customers">
      <Skeleton className="h-8 w-72" />
      <Skeleton className="mt-6 h-56 w-full rounded-2xl" />
      <Skeleton className="mt-8 h-40 w-full rounded-xl" />
    </LoadingRegion>
  )
}
