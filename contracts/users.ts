// The current-user record (specs/stack-match-and-community.md §3 "Current user record") plus the flags the
// stack wizard reads (specs/stack-creation-and-editing.md §3 "Current user flags").
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'
import { Notification } from './notifications.ts'
import { BasicInformation } from './onboarding.ts'
import { Username } from './owners.ts'

/** A way an account signs in: its password, GitHub, or the site's single sign-on (OIDC_NAME). */
export const SignInProvider = z.enum(['password', 'github', 'oidc'])
export type SignInProvider = z.infer<typeof SignInProvider>

export const CurrentUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    email: z.string(),
    image_url: z.string().nullable(),
    moderator: z.boolean(),
    is_admin: z.boolean(),
    impersonated: z.boolean(),
    popularity: z.number().int(),
    has_personal_github_install: z.boolean(),
    /** False for accounts made through GitHub that never set one: settings offer to set it. */
    has_password: z.boolean(),
    /**
     * The ways this account signs in. Settings confirm an e-mail or password change through one of them: the current
     * password, else a fresh sign-in through the account's own provider (decision 081).
     */
    sign_in_providers: z.array(SignInProvider),
    /** False until the address is verified (an e-mailed link, GitHub or single sign-on): until then it cannot act. */
    email_verified: z.boolean(),
    /** A new address waiting for its e-mailed link to be followed; it replaces `email` then. */
    pending_email: z.string().nullable(),
    /** The weekly newsletter ('Yup, Subscribe me' in onboarding), changed in profile settings. */
    weekly_digest_subscribed: z.boolean(),
    /** Onboarding's basic information ('You can update this information later'), changed in profile settings. */
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    company_name: z.string().nullable(),
    /** The job title. */
    title: z.string().nullable(),
    onboarded: z.boolean(),
    /** The newest notifications for the bell menu (MENU_SIZE, contracts/notifications.ts). */
    notifications: z.array(Notification),
    sticky_notifications: z.array(z.unknown()),
    /** All of the user's notifications ('See All Notifications' above 9). */
    notification_count: z.number().int(),
    /** Neither seen nor read: the bell's badge. */
    unread_notifications_count: z.number().int(),
    counts: z.object({ stacks: z.number().int(), companies: z.number().int() }),
    companies: z.array(
      z.object({ id: z.number().int(), name: z.string(), slug: z.string(), image_url: z.string().nullable() }),
    ),
    personal_stack: z.object({ name: z.string(), canonical_url: z.string() }).nullable(),
  })
  .register(apiSchemas, { id: 'CurrentUser' })
export type CurrentUser = z.infer<typeof CurrentUser>

export const CurrentUserResponse = z.object({ user: CurrentUser.nullable() })
export type CurrentUserResponse = z.infer<typeof CurrentUserResponse>

export const NAME_MAX = 60

/**
 * Profile settings: the name and username, and onboarding's basic information with its own limits and messages
 * (contracts/onboarding.ts BasicInformation: photo, first and last name, company, job title, the newsletter). A
 * basic-information field left out stays as it is; a blank one clears; the photo changes only when one is sent.
 */
export const UpdateProfileBody = BasicInformation.partial().extend({
  name: z.string().trim().min(1, "can't be blank").max(NAME_MAX, `is too long (maximum is ${NAME_MAX} characters)`),
  username: Username,
})
export type UpdateProfileInput = z.input<typeof UpdateProfileBody>
export type UpdateProfileBody = z.output<typeof UpdateProfileBody>

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

/**
 * Changing the e-mail address: the current password proves it is the account's owner; accounts without a password
 * (made through GitHub) leave it out and need a recent sign-in instead (docs/decisions/024-account-changes.md).
 */
export const ChangeEmailBody = z.object({
  email: z.string().trim().email('is invalid'),
  current_password: z.string().max(PASSWORD_MAX, `is too long (maximum is ${PASSWORD_MAX} characters)`).optional(),
})
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>

const NewPassword = z
  .string()
  .min(PASSWORD_MIN, `is too short (minimum is ${PASSWORD_MIN} characters)`)
  .max(PASSWORD_MAX, `is too long (maximum is ${PASSWORD_MAX} characters)`)

export const ChangePasswordBody = z.object({
  current_password: z.string().min(1, "can't be blank").max(PASSWORD_MAX, 'is incorrect'),
  new_password: NewPassword,
})
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>

/** A first password for an account made through GitHub (needs a recent sign-in). */
export const SetPasswordBody = z.object({ new_password: NewPassword })
export type SetPasswordBody = z.infer<typeof SetPasswordBody>

/** How recent a sign-in must be for an account without a password to change its e-mail or set a password. */
export const FRESH_SIGN_IN_MINUTES = 10
/** error_msg of the 403 that asks an account without a password to sign in again first. */
export const REAUTHENTICATE = 'reauthenticate'

/**
 * SSO_ONLY: an account's address is the one the site's single sign-on (OIDC_NAME) gives, so settings do not change it
 * (decision 081); the API refuses the change with these words and this error_msg.
 */
export const ADDRESS_MANAGED = 'address_managed'
export const addressManagedMessage = (ssoName: string) => `Your address is managed by ${ssoName}.`
