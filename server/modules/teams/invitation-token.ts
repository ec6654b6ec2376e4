// Signed invitation links (docs/decisions/015-team-management.md): the shared signed-link format of
// server/http/signed-link.ts under the team-invitation purpose.
import { type LinkClaims, newLinkNonce, signLinkToken, verifyLinkToken } from '../../http/signed-link.ts'

export type InvitationClaims = LinkClaims

export const newInvitationNonce = newLinkNonce

export function signInvitationToken(secret: string, claims: InvitationClaims): string {
  return signLinkToken(secret, 'team-invitation', claims)
}

/** The claims of a token whose signature is ours, or null (malformed or tampered). Expiry is the caller's check. */
export function verifyInvitationToken(secret: string, token: string): InvitationClaims | null {
  return verifyLinkToken(secret, 'team-invitation', token)
}
