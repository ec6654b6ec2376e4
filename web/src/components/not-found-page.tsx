import { Link } from 'react-router'
import { useDocumentTitle } from '../lib/document-title.ts'
import { useRenderedPage } from '../lib/rendered-page.ts'

/** The spec's not-found page: 'Sorry, we couldn't find that page :(' (rendered on the server, it answers 404). */
export function NotFoundPage() {
  const rendered = useRenderedPage()
  if (rendered) rendered.status = 404
  useDocumentTitle('Page not found')
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">Sorry, we couldn't find that page :(</h1>
      <p className="mt-2 text-slate-600">The link may be broken, or the page may have been removed.</p>
      <div className="mt-8 flex gap-3">
        <Link to="/" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
          Go home
        </Link>
        <Link
          to="/tools"
          className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Browse tools
        </Link>
      </div>
    </div>
  )
}

export default NotFoundPage
