// Tells the site's other tabs that the address was verified (the link opens in a new tab), so their "Verify your
// e-mail address" banner goes at once rather than at the next refetch.
const CHANNEL = 'stackatlas-email-verified'

export function announceEmailVerified() {
  if (typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(CHANNEL)
  channel.postMessage('verified')
  channel.close()
}

/** Calls `then` when another tab verified the address; answers the unsubscribe. */
export function onEmailVerifiedElsewhere(then: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {}
  const channel = new BroadcastChannel(CHANNEL)
  channel.onmessage = () => then()
  return () => channel.close()
}
