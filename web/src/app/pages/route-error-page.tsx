// A page that failed to load: unknown things (404 from the API) get the not-found page, anything else a retry.
import { useRouteError } from 'react-router'
import { NotFoundPage } from '../../components/not-found-page.tsx'
import { Button } from '../../components/ui/button.tsx'
import { ApiError } from '../../lib/api.ts'

export function RouteErrorPage() {
  const error = useRouteError()
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="mt-2 text-slate-600">
        {error instanceof ApiError && error.status < 500 ? error.message : 'This page could not be loaded.'}
      </p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Try again
      </Button>
    </div>
  )
}
