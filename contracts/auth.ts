// Sign-in and sign-up forms (the server side is Better Auth, which enforces the same limits).
import { z } from 'zod'
import { Username } from './owners.ts'
import { PASSWORD_MIN } from './users.ts'

export const SignInForm = z.object({
  email: z.string().trim().email('is invalid'),
  password: z.string().min(1, "can't be blank"),
})
export type SignInForm = z.infer<typeof SignInForm>

export const SignUpForm = z.object({
  name: z.string().trim().min(1, "can't be blank").max(60, 'is too long (maximum is 60 characters)'),
  username: Username,
  email: z.string().trim().email('is invalid'),
  password: z
    .string()
    .min(PASSWORD_MIN, `is too short (minimum is ${PASSWORD_MIN} characters)`)
    .max(128, 'is too long (maximum is 128 characters)'),
})
export type SignUpForm = z.infer<typeof SignUpForm>
