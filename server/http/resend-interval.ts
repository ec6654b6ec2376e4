// "At most one e-mail every N seconds" on a Resend button (team invitations, company verification links), counted
// from when the last one was sent. It is a rate limit like the routes' `config: { rateLimit }` ones, so
// RATE_LIMIT_DISABLED lifts it too: tests and local runs resend at will. A bare `Date.now() - sentAt` check in a
// service ignored the flag (specs acceptance walk, deviation 3); every such rule goes through here instead.
import type { AppConfig } from '../config.ts'
import { tooManyRequests } from './errors.ts'

export function assertResendInterval(
  config: Pick<AppConfig, 'rateLimitEnabled'>,
  sentAt: Date | null | undefined,
  intervalSeconds: number,
  message: string,
): void {
  if (!config.rateLimitEnabled || !sentAt) return
  if (Date.now() - sentAt.getTime() < intervalSeconds * 1000) throw tooManyRequests(message)
}
