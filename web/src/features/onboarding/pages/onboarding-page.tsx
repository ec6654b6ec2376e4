// /onboarding/* (specs/onboarding-customers-teams-notifications.md §2 'Onboarding wizard'): the step is the last path
// segment, so browser back and forward move between steps. Welcome stands alone; the other steps sit in the frame
// with the step picker and the notification banner. Only for a signed-in user who has not finished onboarding.
import { Navigate, useLocation } from 'react-router'
import { invalidStepMessage, isOnboardingStep, type OnboardingStep } from '#contracts/onboarding.ts'
import { RequireSignIn } from '../../../components/require-sign-in.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { useOnboarding } from '../api/get-onboarding.ts'
import { NotificationBanner } from '../components/notification-banner.tsx'
import { StepPicker } from '../components/step-picker.tsx'
import { useFirstValue } from '../hooks/use-first-value.ts'
import { useWizard, WizardProvider } from '../state/wizard-context.tsx'
import { AreasOfInterestStep } from './areas-of-interest-step.tsx'
import { BasicInformationStep } from './basic-information-step.tsx'
import { BuildYourStackStep } from './build-your-stack-step.tsx'
import { WelcomeStep } from './welcome-step.tsx'

export default function OnboardingPage() {
  useDocumentTitle('Welcome')
  return <RequireSignIn reason="Sign in to set up your profile.">{() => <OnboardingLoader />}</RequireSignIn>
}

/** The step: the last path segment under /onboarding, '' for /onboarding itself. */
export function stepFromPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean)
  if (segments.length < 2) return ''
  try {
    return decodeURIComponent(segments.at(-1)!)
  } catch {
    return segments.at(-1)!
  }
}

function OnboardingLoader() {
  const { data: info, isError, refetch } = useOnboarding()
  const location = useLocation()
  // Whether onboarding was already finished when the wizard opened: finishing it now must not bounce the user.
  const wasOnboarded = useFirstValue(info?.onboarded)
  if (!info) {
    if (!isError) return <PageSpinner />
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <Alert tone="error">
          The onboarding could not be loaded.{' '}
          <Button variant="link" onClick={() => refetch()}>
            Try again
          </Button>
        </Alert>
      </div>
    )
  }
  if (wasOnboarded) return <Navigate to={info.redirect_path} replace />
  const step = stepFromPath(location.pathname)
  if (!step) return <Navigate to="/onboarding/welcome" replace />
  return (
    <WizardProvider info={info} step={step}>
      <WizardScreen />
    </WizardProvider>
  )
}

function WizardScreen() {
  const wizard = useWizard()
  const { step } = wizard
  if (step === 'welcome') return <WelcomeStep />
  const isValid = isOnboardingStep(step)
  const banner = isValid ? wizard.notification : ({ type: 'error', message: invalidStepMessage(step) } as const)
  return (
    <div className="min-h-full bg-slate-50">
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:grid-cols-[15rem_minmax(0,1fr)] sm:gap-8 sm:px-6 sm:py-10 lg:grid-cols-[17rem_minmax(0,1fr)]">
        <aside className="max-sm:hidden">
          <p className="mb-3 px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Get started</p>
          <StepPicker layout="desktop" current={step} completed={wizard.completed} />
        </aside>
        <div className="min-w-0 space-y-5">
          <StepPicker layout="mobile" current={step} completed={wizard.completed} />
          {banner && <NotificationBanner notification={banner} onDismiss={() => wizard.notify(null)} />}
          {isValid && (
            <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
              <StepContent step={step} />
            </section>
          )}
        </div>
      </div>
    </div>
  )
}

function StepContent({ step }: { step: OnboardingStep }) {
  switch (step) {
    case 'basic-information':
      return <BasicInformationStep />
    case 'build-your-stack':
      return <BuildYourStackStep />
    case 'areas-of-interest':
      return <AreasOfInterestStep />
    // spec §2: nested steps that hold placeholder text only
    case 'tools-voting':
      return <p className="text-slate-600">tools voting</p>
    case 'next-steps':
      return <p className="text-slate-600">Next steps...</p>
    default:
      return null
  }
}
