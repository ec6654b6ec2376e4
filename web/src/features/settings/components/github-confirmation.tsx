// The notice for accounts without a password: e-mail and password changes need a GitHub sign-in of the last
// FRESH_SIGN_IN_MINUTES (docs/decisions/024-account-changes.md).
import { useState } from 'react'
import { FRESH_SIGN_IN_MINUTES } from '#contracts/users.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { GithubIcon } from '../../../components/ui/github-icon.tsx'
import { confirmWithGithub } from '../api/confirm-with-github.ts'

export function GithubConfirmation({ returnTo, isRequired }: { returnTo: string; isRequired: boolean }) {
  const [isLoading, setIsLoading] = useState(false)
  const [error, setError] = useState('')
  const start = async () => {
    setIsLoading(true)
    setError('')
    try {
      await confirmWithGithub(returnTo)
    } catch (failure) {
      setError((failure as Error).message)
      setIsLoading(false)
    }
  }
  return (
    <Alert tone={isRequired ? 'warning' : 'info'}>
      <p>
        {isRequired
          ? `Please confirm it's you: sign in with GitHub again, then try again within ${FRESH_SIGN_IN_MINUTES} minutes.`
          : `You signed up with GitHub, so there is no password to check: this works within ${FRESH_SIGN_IN_MINUTES} minutes of signing in with GitHub.`}
      </p>
      <Button type="button" variant="secondary" className="mt-3" onClick={start} isLoading={isLoading}>
        <GithubIcon className="size-4" /> Confirm with GitHub
      </Button>
      {error && <p className="mt-2 text-red-700">{error}</p>}
    </Alert>
  )
}
