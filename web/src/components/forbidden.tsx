import { ShieldAlert } from 'lucide-react'
import { Link } from 'react-router'
import { useDocumentTitle } from '../lib/document-title.ts'
import { useRenderedPage } from '../lib/rendered-page.ts'

/** The 403 page: signed in, but not allowed here (rendered on the server, it answers 403). */
export function Forbidden({ message }: { message: string }) {
  const rendered = useRenderedPage()
  if (rendered) rendered.status = 403
  useDocumentTitle('Access denied')
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-600">
        <ShieldAlert className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-amber-800">Error 403</p>
      <h1 className="mt-1 text-2xl font-semibold text-slate-900">You don't have access to this page</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      <Link to="/" className="mt-8 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        Go home
      </Link>
    </div>
  )
}
