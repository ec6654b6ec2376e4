import type { FormEvent, ReactNode } from 'react'

/**
 * One settings form: a titled white card with the actions in its footer. `method="post"`: submitted before the page's
 * script has taken over, its fields (current and new passwords) go in a body the server refuses with a 303 back to
 * the page (server/http/page-post.ts), never in the URL, the history or the access log (security report F-7).
 */
export function SettingsCard({
  title,
  description,
  children,
  onSubmit,
  footer,
}: {
  title: string
  description: ReactNode
  children: ReactNode
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  footer: ReactNode
}) {
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="space-y-5 p-5 sm:p-6">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          <p className="mt-1 text-sm text-slate-600">{description}</p>
        </div>
        {children}
      </div>
      <div className="flex items-center justify-end gap-3 rounded-b-xl border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6">
        {footer}
      </div>
    </form>
  )
}
