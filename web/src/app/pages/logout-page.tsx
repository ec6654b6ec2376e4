// /users/logout (the avatar menu's Sign Out): resets analytics first (spec), signs out, then loads the home page
// afresh so nothing fetched as the signed-in user stays in memory.
import { useEffect } from 'react'
import { PageSpinner } from '../../components/ui/spinner.tsx'
import { resetAnalytics } from '../../lib/analytics.ts'
import { apiFetch } from '../../lib/api.ts'

export default function LogoutPage() {
  useEffect(() => {
    resetAnalytics()
    apiFetch('/api/auth/sign-out', { method: 'POST', body: {} })
      .catch(() => {})
      .finally(() => window.location.replace('/'))
  }, [])
  return <PageSpinner label="Signing out" />
}
