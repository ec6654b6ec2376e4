// /settings/password: the current password, then the new one twice.
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { ChangePasswordBody, PASSWORD_MIN } from '#contracts/users.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { fieldMessage } from '../../../lib/field-errors.ts'
import { applyServerErrors } from '../../../lib/form-errors.ts'
import { useChangePassword } from '../api/change-password.ts'
import { SettingsCard } from '../components/settings-card.tsx'

// The confirmation never leaves the browser: the request body is the contract's ChangePasswordBody.
const PasswordForm = ChangePasswordBody.extend({ password_confirmation: z.string() }).refine(
  (values) => values.password_confirmation === values.new_password,
  { path: ['password_confirmation'], message: "doesn't match the new password" },
)
type PasswordForm = z.infer<typeof PasswordForm>

const EMPTY: PasswordForm = { current_password: '', new_password: '', password_confirmation: '' }

export default function PasswordSettingsPage() {
  const changePassword = useChangePassword()
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const { register, handleSubmit, setError, formState, reset } = useForm<PasswordForm>({
    resolver: zodResolver(PasswordForm),
    defaultValues: EMPTY,
  })

  const submit = handleSubmit(async ({ current_password, new_password }) => {
    setNotice(null)
    try {
      await changePassword.mutateAsync({ current_password, new_password })
      reset(EMPTY)
      setNotice({ tone: 'success', text: 'Your password was changed.' })
    } catch (error) {
      const message = applyServerErrors(error, setError, ['current_password', 'new_password'])
      if (message) setNotice({ tone: 'error', text: message })
    }
  })

  return (
    <SettingsCard
      title="Password"
      description={`Use at least ${PASSWORD_MIN} characters. You stay signed in on this device.`}
      onSubmit={submit}
      footer={
        <Button type="submit" isLoading={formState.isSubmitting}>
          Change password
        </Button>
      }
    >
      <title>Password settings | Stackatlas</title>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...register('current_password')}
        error={fieldMessage('Current password', formState.errors.current_password?.message)}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        {...register('new_password')}
        error={fieldMessage('New password', formState.errors.new_password?.message)}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...register('password_confirmation')}
        error={fieldMessage('Confirmation', formState.errors.password_confirmation?.message)}
      />
    </SettingsCard>
  )
}
