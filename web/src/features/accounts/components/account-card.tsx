// The card of the account pages reached from an e-mail or the sign-in form (verify, join, forgot, reset): an icon,
// a heading, and what the page asks.
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

export function AccountCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-center text-xl font-semibold text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  )
}
