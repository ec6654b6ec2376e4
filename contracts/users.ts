// The current-user record (specs/stack-match-and-community.md §3 "Current user record") plus the flags the
// stack wizard reads (specs/stack-creation-and-editing.md §3 "Current user flags").
import { z } from 'zod'
import { Notification } from './notifications.ts'
import { Username } from './owners.ts'

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
  .meta({ id: 'CurrentUser' })
export type CurrentUser = z.infer<typeof CurrentUser>

export const CurrentUserResponse = z.object({ user: CurrentUser.nullable() })
export type CurrentUserResponse = z.infer<typeof CurrentUserResponse>

export const NAME_MAX = 60

export const UpdateProfileBody = z.object({
  name: z.string().trim().min(1, "can't be blank").max(NAME_MAX, `is too long (maximum is ${NAME_MAX} characters)`),
  username: Username,
})
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>

export const ChangeEmailBody = z.object({ email: z.string().trim().email('is invalid') })
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>

export const PASSWORD_MIN = 8
export const ChangePasswordBody = z.object({
  current_password: z.string().min(1, "can't be blank"),
  new_password: z
    .string()
    .min(PASSWORD_MIN, `is too short (minimum is ${PASSWORD_MIN} characters)`)
    .max(128, 'is too long (maximum is 128 characters)'),
})
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>
