// First-party analytics: track(name, properties) is stored by the server (POST /api/v1/analytics/track).
// Fire-and-forget: analytics must never break a user action.
export function track(name: string, properties: Record<string, unknown> = {}): void {
  const body = JSON.stringify({ name, properties })
  try {
    void fetch('/api/v1/analytics/track', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
    }).catch(() => {})
  } catch {}
}

/** Sign Out resets analytics first (spec): forget anything kept about the signed-in visitor. */
export function resetAnalytics(): void {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('analytics:')) localStorage.removeItem(key)
  }
}
