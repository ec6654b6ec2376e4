// /settings/email (the avatar menu's Email Settings): the address the account signs in with.
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { ChangeEmailBody } from '#contracts/users.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { fieldMessage } from '../../../lib/field-errors.ts'
import { applyServerErrors } from '../../../lib/form-errors.ts'
import { useCurrentUser } from '../../../lib/session.tsx'
import { useChangeEmail } from '../api/change-email.ts'
import { SettingsCard } from '../components/settings-card.tsx'

export default function EmailSettingsPage() {
  const { user } = useCurrentUser()
  const changeEmail = useChangeEmail()
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const { register, handleSubmit, setError, formState, reset } = useForm<ChangeEmailBody>({
    resolver: zodResolver(ChangeEmailBody),
    defaultValues: { email: '' },
  })

  const submit = handleSubmit(async (values) => {
    setNotice(null)
    try {
      await changeEmail.mutateAsync(values)
      reset({ email: '' })
      setNotice({
        tone: 'success',
        text: `Your e-mail address is now ${values.email}. Use it the next time you sign in.`,
      })
    } catch (error) {
      const message = applyServerErrors(error, setError, ['email'])
      if (message) setNotice({ tone: 'error', text: message })
    }
  })

  return (
    <SettingsCard
      title="Email"
      description={
        <>
          You sign in with <span className="font-medium text-slate-900">{user?.email}</span>.
        </>
      }
      onSubmit={submit}
      footer={
        <Button type="submit" isLoading={formState.isSubmitting}>
          Change email
        </Button>
      }
    >
      <title>Email settings | Stackatlas</title>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <TextField
        label="New email address"
        type="email"
        autoComplete="email"
        {...register('email')}
        error={fieldMessage('Email', formState.errors.email?.message)}
      />
    </SettingsCard>
  )
}
