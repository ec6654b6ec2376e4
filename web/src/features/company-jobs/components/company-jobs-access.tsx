// What every company-jobs page shows before its own content: the sign-in prompt, the 404 and 403 pages, and the
// company's name with the way back to it.
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Forbidden } from '../../../components/forbidden.tsx'
import { NotFoundPage } from '../../../components/not-found-page.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { ApiError } from '../../../lib/api.ts'

/** The error states of a company-jobs query: 404 page, 403 page, or a message asking to reload. */
export function CompanyJobsError({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />
  if (error instanceof ApiError && error.status === 403) return <Forbidden message={error.message} />
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Alert tone="error">We couldn't load this company's jobs. Please reload the page.</Alert>
    </div>
  )
}

export function CompanyJobsFrame({
  slug,
  companyName,
  backTo,
  title,
  action,
  children,
}: {
  slug: string
  companyName: string
  /** Where the back link goes: the company page (the list) or the list (the forms). */
  backTo: 'company' | 'jobs'
  title: string
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
      <Link
        to={backTo === 'company' ? `/companies/${slug}` : `/companies/${slug}/jobs`}
        className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {backTo === 'company' ? companyName : `${companyName} jobs`}
      </Link>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {action}
      </div>
      <div className="mt-6">{children}</div>
    </div>
  )
}
