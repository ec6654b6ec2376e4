// The navbar's links on phones (below md, where the row of links is hidden): a Radix dialog sliding from the left,
// so focus moves into it, stays there while open, Escape closes it, and focus returns to the menu button.
import { Menu, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useState } from 'react'
import { NavLink } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { cn } from '../../components/ui/cn.ts'
import { useCurrentUser, useSignInModal } from '../../lib/session.tsx'
import { useSiteName } from '../../lib/site.ts'
import { NAV_LINKS } from './nav-links.ts'

export function MobileMenu() {
  const [open, setOpen] = useState(false)
  const { user, isLoading } = useCurrentUser()
  const modal = useSignInModal()
  const siteName = useSiteName()
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className="-ml-1 rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 md:hidden"
        aria-label="Open menu"
      >
        <Menu className="size-5" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none md:hidden"
          aria-describedby={undefined}
        >
          <div className="flex h-[67px] items-center justify-between border-b border-slate-200 px-4">
            <Dialog.Title className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <img src="/favicon.svg" alt="" className="size-7" />
              {siteName}
            </Dialog.Title>
            <Dialog.Close
              className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              aria-label="Close menu"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <nav aria-label="Site menu" className="flex-1 overflow-y-auto p-3">
            <ul className="space-y-1">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    onClick={() => setOpen(false)}
                    className={({ isActive }) =>
                      cn(
                        'block rounded-lg px-3 py-3 text-base font-medium hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                        isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-800',
                      )
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {!isLoading && !user && (
            // The navbar keeps only 'Sign up' on phones, to leave the search box room.
            <div className="border-t border-slate-200 p-4">
              <Button
                variant="secondary"
                className="w-full"
                onClick={() => {
                  setOpen(false)
                  modal.open({ mode: 'sign-in' })
                }}
              >
                Sign in
              </Button>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
