// "Forgot password?" (issue 31, acceptance report minor 15; docs/decisions/074): a link e-mailed to the account's
// address lets its owner choose a new password. Following it proves the address, like a verification link.
/** A reset link works this long after it was sent. */
export const PASSWORD_RESET_EXPIRY_MINUTES = 60

/** Where "Forgot password?" leads: the form that asks for the address. */
export const FORGOT_PASSWORD_PATH = '/forgot-password'

/** The page the e-mailed link opens, where the new password is chosen. */
export function passwordResetPath(token: string): string {
  return `/reset-password?token=${encodeURIComponent(token)}`
}

/** The answer to every request for a link, whether or not an account uses the address (it tells nobody which). */
export const RESET_LINK_SENT = `If an account uses that address, we sent it a link to choose a new password. The link works for ${PASSWORD_RESET_EXPIRY_MINUTES} minutes, once.`
/** A link that was used, has expired or was never ours. */
export const RESET_LINK_INVALID = 'This link is used, has expired or is not valid. Ask for a new one.'
/** After the new password is set. */
export const PASSWORD_RESET_DONE = 'Your password was changed, and every session of your account was signed out.'
