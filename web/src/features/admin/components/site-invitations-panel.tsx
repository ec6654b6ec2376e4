// The admins' invitations to create an account (SIGNUP_MODE=invite, decision 052): send one by e-mail, see the
// pending ones, revoke. A list, not a table, so a phone shows each invitation whole (decision 041).
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { SendSiteInvitationBody } from '#contracts/site-invitations.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { fieldMessage } from '../../../lib/field-errors.ts'
import { applyServerErrors } from '../../../lib/form-errors.ts'
import { useSiteInvitations } from '../api/get-site-invitations.ts'
import { useRevokeSiteInvitation } from '../api/revoke-site-invitation.ts'
import { useSendSiteInvitation } from '../api/send-site-invitation.ts'

const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium' })

export function SiteInvitationsPanel({ inviteOnly }: { inviteOnly: boolean }) {
  return (
    <section aria-labelledby="invitations-heading" className="max-w-3xl space-y-6">
      <div>
        <h2 id="invitations-heading" className="text-lg font-semibold text-slate-900">
          Invitations
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {inviteOnly
            ? 'Only invited people can create an account on this site. '
            : 'Anyone may sign up on this site; an invitation still saves them confirming their address. '}
          The link works for 14 days and signs up that address only. A company admin's invitation to their team lets
          that address sign up too.
        </p>
      </div>
      <SendInvitationForm />
      <PendingInvitations />
    </section>
  )
}

function SendInvitationForm() {
  const send = useSendSiteInvitation()
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const { register, handleSubmit, setError, formState, reset } = useForm<SendSiteInvitationBody>({
    resolver: zodResolver(SendSiteInvitationBody),
    defaultValues: { email: '' },
  })
  const submit = handleSubmit(async (values) => {
    setNotice(null)
    try {
      const { invitation } = await send.mutateAsync(values)
      reset({ email: '' })
      setNotice({ tone: 'success', text: `Invitation sent to ${invitation.email}.` })
    } catch (error) {
      const message = applyServerErrors(error, setError, ['email'])
      if (message) setNotice({ tone: 'error', text: message })
    }
  })
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <TextField
            label="E-mail address to invite"
            type="email"
            autoComplete="off"
            {...register('email')}
            error={fieldMessage('Email', formState.errors.email?.message)}
          />
        </div>
        <Button type="submit" isLoading={formState.isSubmitting}>
          Send invitation
        </Button>
      </div>
    </form>
  )
}

function PendingInvitations() {
  const { data, error, isPending } = useSiteInvitations()
  const revoke = useRevokeSiteInvitation()
  if (isPending) return <Spinner />
  if (error) return <Alert tone="error">{error.message}</Alert>
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Pending ({data.invitations.length})</h3>
      {revoke.isError && (
        <Alert tone="error" className="mt-2">
          {revoke.error.message}
        </Alert>
      )}
      {data.invitations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No invitation is waiting to be used.</p>
      ) : (
        <ul
          aria-label="Pending invitations"
          className="mt-2 divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200"
        >
          {data.invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{invitation.email}</p>
                <p className="text-xs text-slate-600">
                  Sent {when.format(new Date(invitation.sent_at))}
                  {invitation.invited_by ? ` by @${invitation.invited_by}` : ''} · expires{' '}
                  {when.format(new Date(invitation.expires_at))}
                </p>
              </div>
              <Button
                variant="secondary"
                aria-label={`Revoke the invitation of ${invitation.email}`}
                onClick={() => revoke.mutate(invitation.id)}
                disabled={revoke.isPending}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
