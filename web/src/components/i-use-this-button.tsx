// I Use This (specs/onboarding-customers-teams-notifications.md §2, §6, §7): a button with a menu of the user's
// company and personal stacks. Signed-out users get the sign-up modal, and the menu opens once they are in. Every
// click of the button records i_use_this.clicked with the service. This file stays light (pages import it
// directly); the menu, which brings Radix's popper code, loads only for signed-in users.
import { Plus } from 'lucide-react'
import { Suspense, useState } from 'react'
import { track } from '../lib/analytics.ts'
import { lazyPart } from '../lib/lazy-part.tsx'
import { useCurrentUser, useSignInModal } from '../lib/session.tsx'
import { I_USE_THIS_LABEL, type IUseThisButtonProps, iUseThisButtonClass } from './i-use-this-look.ts'

const IUseThisMenu = lazyPart('i-use-this-menu', () => import('./i-use-this-menu.tsx').then((m) => m.default))

export function IUseThisButton(props: IUseThisButtonProps) {
  const { serviceId, toolName, className } = props
  const { user } = useCurrentUser()
  const modal = useSignInModal()
  const [isOpen, setIsOpen] = useState(false)
  const recordClick = () => track('i_use_this.clicked', { service_id: serviceId })

  if (user)
    return (
      <Suspense fallback={<PlainButton className={className} disabled />}>
        <IUseThisMenu {...props} isOpen={isOpen} onOpenChange={setIsOpen} onTriggerClick={recordClick} />
      </Suspense>
    )
  return (
    <PlainButton
      className={className}
      onClick={() => {
        recordClick()
        modal.open({
          mode: 'sign-up',
          reason: `Sign up to add ${toolName} to your stack.`,
          onSignedIn: () => setIsOpen(true),
        })
      }}
    />
  )
}

function PlainButton({ className, ...rest }: { className?: string; disabled?: boolean; onClick?: () => void }) {
  return (
    <button type="button" className={iUseThisButtonClass(false, className)} {...rest}>
      <Plus className="size-4" aria-hidden="true" />
      {I_USE_THIS_LABEL}
    </button>
  )
}
