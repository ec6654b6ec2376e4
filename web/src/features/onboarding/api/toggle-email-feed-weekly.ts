// POST /api/v1/onboarding/toggle_email_feed_weekly: 'Send me weekly updates on these tools' (spec §7).
import type { ToggleEmailFeedWeeklyBody } from '#contracts/onboarding.ts'
import { apiFetch } from '../../../lib/api.ts'

export function toggleEmailFeedWeekly(emailFeedWeekly: boolean): Promise<{ email_feed_weekly: boolean }> {
  const body: ToggleEmailFeedWeeklyBody = { user: { email_feed_weekly: emailFeedWeekly } }
  return apiFetch('/api/v1/onboarding/toggle_email_feed_weekly', { method: 'POST', body })
}
