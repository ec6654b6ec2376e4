// Pages for signed-in people: a signed-out visitor gets the sign-in modal, and the page itself once signed in.
import { LogIn } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'
import type { CurrentUser } from '#contracts/users.ts'
import { useCurrentUser, useSignInModal } from '../lib/session.tsx'
import { Button } from './ui/button.tsx'
import { PageSpinner } from './ui/spinner.tsx'

export function RequireSignIn({ reason, children }: { reason: string; children: (user: CurrentUser) => ReactNode }) {
  const { user, isLoading } = useCurrentUser()
  const modal = useSignInModal()
  const hasOpened = useRef(false)
  const shouldPrompt = !isLoading && !user
  useEffect(() => {
    if (shouldPrompt && !hasOpened.current) {
      hasOpened.current = true
      modal.open({ reason })
    }
  }, [shouldPrompt, modal, reason])

  if (isLoading) return <PageSpinner />
  if (!user)
    return (
      <div className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <LogIn className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">Sign in to continue</h1>
        <p className="mt-2 text-slate-600">{reason}</p>
        <Button className="mt-6" onClick={() => modal.open({ reason })}>
          Sign in
        </Button>
      </div>
    )
  return children(user)
}
