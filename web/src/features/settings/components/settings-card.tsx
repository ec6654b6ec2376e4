import type { FormEvent, ReactNode } from 'react'

/** One settings form: a titled white card with the actions in its footer. */
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
    <form onSubmit={onSubmit} noValidate className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
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
