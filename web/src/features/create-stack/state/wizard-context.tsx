// The wizard's session for its pages: loaded from and saved to localStorage under the signed-in user's id (a
// visitor's under 'anonymous', carried over on sign-in), with the user's companies kept fresh from the server.
import { useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import type { CurrentUser } from '#contracts/users.ts'
import { myCompaniesQuery, useMyCompanies } from '../../../lib/get-my-companies.ts'
import { useCurrentUser } from '../../../lib/session.tsx'
import {
  ANONYMOUS_KEY,
  clearWizard,
  emptyWizard,
  loadWizardForUser,
  saveWizard,
  toWizardUser,
  type WizardState,
} from './wizard-state.ts'

type WizardChange = Partial<WizardState> | ((state: WizardState) => WizardState)

interface WizardContextValue {
  user: CurrentUser | null
  isUserLoading: boolean
  state: WizardState
  update(change: WizardChange): void
  /** Forgets the whole session (Reset). */
  reset(): void
  /** Forgets the stored session but leaves this page's state alone (the saved wizard is on its way out). */
  forget(): void
  /** True until the companies were fetched once (the 'Fetching Companies' tile). */
  isFetchingCompanies: boolean
  refreshCompanies(): Promise<void>
}

const WizardContext = createContext<WizardContextValue | null>(null)

export function WizardProvider({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser()
  const queryClient = useQueryClient()
  const key = isLoading ? null : user ? String(user.id) : ANONYMOUS_KEY
  const [store, setStore] = useState<{ key: string | null; state: WizardState }>({ key: null, state: emptyWizard() })

  // A new user (first load, sign-in, sign-out) brings their own session: adjusted while rendering, so no frame
  // shows one user's session under another's key.
  if (key !== null && store.key !== key) {
    setStore({ key, state: loadWizardForUser(key, store) })
  }

  useEffect(() => {
    if (store.key !== null) saveWizard(store.key, store.state)
  }, [store])

  const update = useCallback((change: WizardChange) => {
    setStore((current) => ({
      ...current,
      state: typeof change === 'function' ? change(current.state) : { ...current.state, ...change },
    }))
  }, [])

  // The current user and their flags are part of the session (spec §3), kept in step with the server.
  useEffect(() => {
    if (user) update((state) => ({ ...state, currentUser: toWizardUser(user) }))
  }, [user, update])

  const companies = useMyCompanies({ enabled: Boolean(user) })
  useEffect(() => {
    if (companies.data) update({ companies: companies.data.companies })
  }, [companies.data, update])

  const reset = useCallback(() => {
    setStore((current) => {
      if (current.key) clearWizard(current.key)
      const fresh = emptyWizard()
      return {
        ...current,
        state: { ...fresh, companies: current.state.companies, currentUser: current.state.currentUser },
      }
    })
  }, [])

  const storeKey = store.key
  const forget = useCallback(() => {
    if (storeKey) clearWizard(storeKey)
  }, [storeKey])

  const refreshCompanies = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: myCompaniesQuery.queryKey })
  }, [queryClient])

  const value = useMemo<WizardContextValue>(
    () => ({
      user,
      isUserLoading: isLoading || (key !== null && store.key !== key),
      state: store.state,
      update,
      reset,
      forget,
      isFetchingCompanies: Boolean(user) && companies.isPending,
      refreshCompanies,
    }),
    [user, isLoading, key, store, update, reset, forget, companies.isPending, refreshCompanies],
  )
  return <WizardContext.Provider value={value}>{children}</WizardContext.Provider>
}

export function useWizard(): WizardContextValue {
  const context = useContext(WizardContext)
  if (!context) throw new Error('useWizard needs WizardProvider')
  return context
}

/** The signed-in user, for step content that WizardFrame renders only once someone is signed in. */
export function useWizardUser(): CurrentUser {
  const { user } = useWizard()
  if (!user) throw new Error('useWizardUser needs a signed-in user (render it inside WizardFrame)')
  return user
}
