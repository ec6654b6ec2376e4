// The notice for accounts without a password: e-mail and password changes need a sign-in of the last
// FRESH_SIGN_IN_MINUTES through the account's own provider, named as the site names it: the single sign-on's OIDC_NAME
// or GitHub (decisions 024, 081). An account can have both; the site's single sign-on goes first.
import { useQuery } from '@tanstack/react-query'
import { Building2 } from 'lucide-react'
import { useState } from 'react'
import type { SiteInfo } from '#contracts/site.ts'
import { type CurrentUser, FRESH_SIGN_IN_MINUTES } from '#contracts/users.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { GithubIcon } from '../../../components/ui/github-icon.tsx'
import { siteQuery } from '../../../lib/site.ts'
import { confirmSignIn } from '../api/confirm-sign-in.ts'

interface ConfirmingProvider {
  id: 'oidc' | 'github'
  name: string
}

/** The provider that confirms it's the account's owner: one the account signs in with and the site still offers. */
export function confirmingProvider(
  user: Pick<CurrentUser, 'sign_in_providers'> | null | undefined,
  site: SiteInfo | undefined,
): ConfirmingProvider | null {
  const providers = user?.sign_in_providers ?? []
  if (providers.includes('oidc') && site?.sso_name) return { id: 'oidc', name: site.sso_name }
  if (providers.includes('github') && site?.github_enabled) return { id: 'github', name: 'GitHub' }
  return null
}

/** "You signed in with …": the account's provider by name, for the pages' descriptions. */
export function useConfirmingProvider(user: Pick<CurrentUser, 'sign_in_providers'> | null | undefined) {
  const { data: site } = useQuery(siteQuery)
  return confirmingProvider(user, site)
}

export function SignInConfirmation({
  provider,
  returnTo,
  isRequired,
}: {
  provider: ConfirmingProvider | null
  returnTo: string
  isRequired: boolean
}) {
  const [isLoading, setIsLoading] = useState(false)
  const [error, setError] = useState('')
  if (!provider)
    return (
      <Alert tone={isRequired ? 'warning' : 'info'}>
        Your account has no password, and the way you signed up is not offered on this site any more, so there is
        nothing to confirm it's you with. Please ask an administrator.
      </Alert>
    )
  const start = async () => {
    setIsLoading(true)
    setError('')
    try {
      await confirmSignIn(provider.id, returnTo)
    } catch (failure) {
      setError((failure as Error).message)
      setIsLoading(false)
    }
  }
  return (
    <Alert tone={isRequired ? 'warning' : 'info'}>
      <p>
        {isRequired
          ? `Please confirm it's you: sign in with ${provider.name} again, then try again within ${FRESH_SIGN_IN_MINUTES} minutes.`
          : `You sign in with ${provider.name}, so there is no password to check: this works within ${FRESH_SIGN_IN_MINUTES} minutes of signing in with ${provider.name}.`}
      </p>
      <Button type="button" variant="secondary" className="mt-3" onClick={start} isLoading={isLoading}>
        {provider.id === 'github' ? (
          <GithubIcon className="size-4" />
        ) : (
          <Building2 className="size-4" aria-hidden="true" />
        )}{' '}
        Confirm with {provider.name}
      </Button>
      {error && <p className="mt-2 text-red-700">{error}</p>}
    </Alert>
  )
}
