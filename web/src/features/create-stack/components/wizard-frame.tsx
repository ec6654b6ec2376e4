// The wizard's header for every step after the scan (spec §2): the owner-dependent title, the three-step
// timeline, Back (to the step the spec names) and Reset with its confirmation. Steps past the scan need a
// signed-in user: visitors go back to the scan step, which asks them to sign in.
import { ArrowLeft, RotateCcw } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Link, Navigate, useNavigate } from 'react-router'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { track } from '../../../lib/analytics.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { wizardTitle } from '../state/owner-rules.ts'
import { useWizard } from '../state/wizard-context.tsx'
import { Timeline, type TimelineStep } from './timeline.tsx'

export const RESET_CONFIRMATION =
  "Are you sure that you'd like to reset your stack creation? All stack creation progress will be lost."

export function WizardFrame({
  step,
  back,
  stepName,
  children,
}: {
  step: TimelineStep
  /** spec §2 Back targets. */
  back: string
  /** For the document title and analytics: 'stack-type', 'stack-info', ... */
  stepName: string
  children: ReactNode
}) {
  const { user, isUserLoading, state } = useWizard()
  const title = wizardTitle(state.stackOwner, state.companies, state.newCompany.name)
  useDocumentTitle(title)
  if (isUserLoading) return <PageSpinner />
  if (!user) return <Navigate to="/create-stack/scan" replace />
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-10" data-step={stepName}>
      <header className="mb-6 space-y-5 sm:mb-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link
            to={back}
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <ArrowLeft className="size-4" aria-hidden="true" /> Back
          </Link>
          <ResetButton />
        </div>
        <div className="space-y-4">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <Timeline current={step} />
        </div>
      </header>
      {children}
    </div>
  )
}

/** Reset happens on the scan page, once this step (and its guards) are gone. */
export interface ResetRequest {
  reset?: boolean
}

function ResetButton() {
  const navigate = useNavigate()
  const [isOpen, setIsOpen] = useState(false)
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setIsOpen(true)}>
        <RotateCcw className="size-4" aria-hidden="true" /> Reset
      </Button>
      <Dialog open={isOpen} onOpenChange={setIsOpen} title="Reset stack creation" description={RESET_CONFIRMATION}>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setIsOpen(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              track('create_stack.reset')
              setIsOpen(false)
              navigate('/create-stack/scan', { state: { reset: true } satisfies ResetRequest })
            }}
          >
            Reset
          </Button>
        </div>
      </Dialog>
    </>
  )
}

/** A step's main card. */
export function StepCard({ children }: { children: ReactNode }) {
  return <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">{children}</section>
}
