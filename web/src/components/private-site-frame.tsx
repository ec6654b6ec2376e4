// The frame of a private site's pages before sign-in (SITE_MODE=private, decision 053): the site's name over the
// page, nothing of the directory. The wall lets a signed-out visitor reach only its open pages (/sign-in, the sign-in
// error, e-mail verification and invitation links), and the app's navigation would lead straight back to the wall.
import type { ReactNode } from 'react'
import { useSiteName } from '../lib/site.ts'

export function PrivateSiteFrame({ children }: { children: ReactNode }) {
  const siteName = useSiteName()
  return (
    <div className="flex min-h-screen flex-col items-center bg-slate-50 px-4 py-12 sm:py-20">
      <main id="main" className="w-full">
        <p className="text-center text-lg font-bold text-brand-700">{siteName}</p>
        {children}
      </main>
    </div>
  )
}
