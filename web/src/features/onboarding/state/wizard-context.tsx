// The wizard's shared state (spec §2, §4): the startup info, the notification banner of the current step, the steps
// completed, the in-progress flag, and moving on: to the next walked step, or out to the stored redirect.
import { useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import { formatFieldErrors } from '#contracts/errors.ts'
import { ONBOARDING_WALK, type OnboardingInfo, type OnboardingStep } from '#contracts/onboarding.ts'
import { ApiError } from '../../../lib/api.ts'
import { takeOnboardingRedirect } from '../../../lib/onboarding-guide.ts'
import { currentUserQuery } from '../../../lib/session.tsx'
import { finishOnboarding } from '../api/finish-onboarding.ts'
import { onboardingQuery } from '../api/get-onboarding.ts'

/** spec §3 'Onboarding notification'. */
export interface OnboardingNotification {
  type: 'info' | 'error' | 'serverError'
  /** One line, or the 'Field message' lines of a serverError. */
  message: string | string[]
  icon?: 'github'
}

interface WizardState {
  info: OnboardingInfo
  step: string
  /** The banner of the current step (a banner belongs to the step it was raised on). */
  notification: OnboardingNotification | null
  notify(notification: OnboardingNotification | null): void
  /** spec §4: error banners block Continue. */
  isBlocked: boolean
  completed: ReadonlySet<string>
  isSaving: boolean
  setSaving(isSaving: boolean): void
  /** Marks the step done and goes to the next walked step, or leaves the wizard after the last. */
  advance(from: OnboardingStep): Promise<void>
  goTo(step: OnboardingStep): void
}

const WizardContext = createContext<WizardState | null>(null)

export function WizardProvider({ info, step, children }: { info: OnboardingInfo; step: string; children: ReactNode }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [raised, setRaised] = useState<{ step: string; notification: OnboardingNotification } | null>(null)
  const [completed, setCompleted] = useState<ReadonlySet<string>>(new Set())
  const [isSaving, setSaving] = useState(false)

  const notification = raised?.step === step ? raised.notification : null
  const notify = useCallback(
    (next: OnboardingNotification | null) => setRaised(next ? { step, notification: next } : null),
    [step],
  )
  const goTo = useCallback((target: OnboardingStep) => navigate(`/onboarding/${target}`), [navigate])

  const leave = useCallback(async () => {
    setSaving(true)
    try {
      await finishOnboarding()
    } catch (error) {
      setSaving(false)
      setRaised({ step, notification: serverErrorNotification(error) })
      return
    }
    // Coming back (the browser's back button) now finds onboarding finished and moves on.
    queryClient.setQueryData(onboardingQuery.queryKey, (old) => old && { ...old, onboarded: true })
    await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey })
    setSaving(false)
    navigate(takeOnboardingRedirect(info.redirect_path))
  }, [info.redirect_path, navigate, queryClient, step])

  const advance = useCallback(
    async (from: OnboardingStep) => {
      setCompleted((done) => new Set([...done, from]))
      // spec §2: after the last walked step, or from a step outside the walk (areas-of-interest), the wizard leaves
      const index = (ONBOARDING_WALK as readonly string[]).indexOf(from)
      const next = index >= 0 ? ONBOARDING_WALK[index + 1] : undefined
      if (next) goTo(next)
      else await leave()
    },
    [goTo, leave],
  )

  const value = useMemo<WizardState>(
    () => ({
      info,
      step,
      notification,
      notify,
      isBlocked: notification?.type === 'error' || notification?.type === 'serverError',
      completed,
      isSaving,
      setSaving,
      advance,
      goTo,
    }),
    [info, step, notification, notify, completed, isSaving, advance, goTo],
  )
  return <WizardContext.Provider value={value}>{children}</WizardContext.Provider>
}

export function useWizard(): WizardState {
  const context = useContext(WizardContext)
  if (!context) throw new Error('useWizard needs WizardProvider')
  return context
}

/** spec §5 and §8: a serverError lists '{Field} {message}.' lines; without field errors, the message. */
export function serverErrorNotification(error: unknown): OnboardingNotification {
  if (error instanceof ApiError) {
    const lines = formatFieldErrors(error.fields)
    return { type: 'serverError', message: lines.length > 0 ? lines : [error.message] }
  }
  return { type: 'serverError', message: ['Something went wrong. Please try again.'] }
}
