// /create-stack/*: the create-stack wizard (specs/stack-creation-and-editing.md §2). The session lives in the
// provider, so every step reads and writes the same state and it survives a reload.
import { Outlet } from 'react-router'
import { IMPERSONATED_CREATE_STACK } from '#contracts/stacks.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { useCurrentUser } from '../../../lib/session.tsx'
import { WizardProvider } from '../state/wizard-context.tsx'

export default function CreateStackLayoutPage() {
  const { user } = useCurrentUser()
  return (
    <WizardProvider>
      <div className="min-h-full bg-slate-50">
        {user?.impersonated && (
          <div className="mx-auto max-w-5xl px-4 pt-6 sm:px-6">
            <Alert tone="warning">{IMPERSONATED_CREATE_STACK}</Alert>
          </div>
        )}
        <Outlet />
      </div>
    </WizardProvider>
  )
}
