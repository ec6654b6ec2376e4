// The signed-in user (GET /api/v1/users/current) and the reusable sign-in modal: a signed-out action calls
// requireSignIn(), the modal opens, and after sign-in the action continues where the user was.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react'
import type { CurrentUser, CurrentUserResponse } from '#contracts/users.ts'
import { apiFetch } from './api.ts'

export const currentUserQuery = queryOptions({
  queryKey: ['current-user'],
  queryFn: () => apiFetch<CurrentUserResponse>('/api/v1/users/current'),
  staleTime: 60_000,
})

export function useCurrentUser(): { user: CurrentUser | null; isLoading: boolean } {
  const { data, isLoading } = useQuery(currentUserQuery)
  return { user: data?.user ?? null, isLoading }
}

export type SignInMode = 'sign-in' | 'sign-up'

interface SignInRequest {
  mode?: SignInMode
  /** Runs once the user has signed in (the action they were trying). */
  onSignedIn?: (user: CurrentUser) => void
  reason?: string
  /** An e-mailed invitation's token: a sign-up with that address starts verified (decision 052). */
  invitation?: string
}

interface SignInModalState {
  isOpen: boolean
  mode: SignInMode
  reason?: string
  /** Opened by something the user was doing (an action to continue, a page that needs sign-in), not a plain click. */
  isForAction: boolean
  /** The invitation the modal was opened from, sent with the sign-up. */
  invitation?: string
  open(request?: SignInRequest): void
  close(): void
  setMode(mode: SignInMode): void
  /**
   * Called by the modal after a successful sign-in or sign-up. `decide` runs with the signed-in user before the modal
   * closes and may answer a move to make once the pending action has run (the onboarding guide).
   */
  complete(decide?: (user: CurrentUser) => Promise<(() => void) | undefined>): Promise<void>
}

const SignInModalContext = createContext<SignInModalState | null>(null)

export function SignInModalProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [isOpen, setIsOpen] = useState(false)
  const [mode, setMode] = useState<SignInMode>('sign-in')
  const [reason, setReason] = useState<string>()
  const [isForAction, setIsForAction] = useState(false)
  const [invitation, setInvitation] = useState<string>()
  const pending = useRef<SignInRequest['onSignedIn']>(undefined)

  const open = useCallback((request: SignInRequest = {}) => {
    pending.current = request.onSignedIn
    setMode(request.mode ?? 'sign-in')
    setReason(request.reason)
    setInvitation(request.invitation)
    setIsForAction(Boolean(request.onSignedIn || request.reason))
    setIsOpen(true)
  }, [])
  const close = useCallback(() => {
    pending.current = undefined
    setIsOpen(false)
  }, [])
  const complete = useCallback(
    async (decide?: (user: CurrentUser) => Promise<(() => void) | undefined>) => {
      // Everything cached was fetched as a visitor: refetch it as the signed-in user.
      await queryClient.invalidateQueries()
      const { user } = await queryClient.fetchQuery(currentUserQuery)
      const then = user && decide ? await decide(user) : undefined
      setIsOpen(false)
      const next = pending.current
      pending.current = undefined
      if (user && next) next(user)
      then?.()
    },
    [queryClient],
  )

  const value = useMemo(
    () => ({ isOpen, mode, reason, isForAction, invitation, open, close, setMode, complete }),
    [isOpen, mode, reason, isForAction, invitation, open, close, complete],
  )
  return <SignInModalContext.Provider value={value}>{children}</SignInModalContext.Provider>
}

export function useSignInModal(): SignInModalState {
  const context = useContext(SignInModalContext)
  if (!context) throw new Error('useSignInModal needs SignInModalProvider')
  return context
}

/** Runs `action` with the signed-in user, opening the sign-in (or sign-up) modal first when signed out. */
export function useRequireSignIn() {
  const { user } = useCurrentUser()
  const modal = useSignInModal()
  return useCallback(
    (action: (user: CurrentUser) => void, options: { mode?: SignInMode; reason?: string } = {}) => {
      if (user) action(user)
      else modal.open({ ...options, onSignedIn: action })
    },
    [user, modal],
  )
}
