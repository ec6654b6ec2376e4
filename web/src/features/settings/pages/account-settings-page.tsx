// /settings/account: deleting the account (spec §2 'Deletion'). The dialog says first what goes with it and which
// companies need another admin before it can happen (docs/decisions/017-deletion.md).
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { TypeToConfirmDialog } from '../../../components/type-to-confirm-dialog.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { resetAnalytics } from '../../../lib/analytics.ts'
import { DocumentTitle } from '../../../lib/document-title.ts'
import { useCurrentUser } from '../../../lib/session.tsx'
import { deleteAccount } from '../api/delete-account.ts'
import { useAccountDeletion } from '../api/get-account-deletion.ts'

export default function AccountSettingsPage() {
  const { user } = useCurrentUser()
  const [open, setOpen] = useState(false)
  const preview = useAccountDeletion(open)
  if (!user) return null
  const blocking = preview.data?.blocking_companies ?? []
  const deleted = preview.data?.deleted_companies ?? []

  return (
    <section className="rounded-xl bg-white shadow-sm ring-1 ring-red-200">
      <DocumentTitle title="Account settings" />
      <div className="space-y-2 p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Delete account</h2>
        <p className="text-sm text-slate-600">
          Deletes your profile, your personal stacks, your comments, votes and follows, and signs you out on every
          device. Reasons you wrote stay on their tools without your name. This cannot be undone.
        </p>
      </div>
      <div className="flex justify-end rounded-b-xl border-t border-red-100 bg-red-50/50 px-5 py-3 sm:px-6">
        <Button variant="danger" onClick={() => setOpen(true)}>
          <Trash2 className="size-4" aria-hidden="true" /> Delete account
        </Button>
      </div>
      <TypeToConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        description="Your account and everything only you own will be deleted. This cannot be undone."
        expected={user.username}
        label="To confirm, type your username"
        confirmLabel="Delete my account"
        pendingLabel="Deleting account..."
        blocked={blocking.length > 0}
        onConfirm={async () => {
          await deleteAccount({ confirmation: user.username })
          resetAnalytics()
          // A fresh load: nothing fetched as this user stays in memory.
          window.location.replace('/')
        }}
      >
        {blocking.length > 0 && (
          <Alert tone="error">
            Sorry - Before you can delete your account, you need to make someone else an admin of{' '}
            {blocking.map((company, index) => (
              <span key={company.id}>
                {index > 0 && (index === blocking.length - 1 ? ' and ' : ', ')}
                <Link to={`/companies/${company.slug}`} className="font-medium underline">
                  {company.name}
                </Link>
              </span>
            ))}
            .
          </Alert>
        )}
        {deleted.length > 0 && (
          <Alert tone="warning">
            You are the only member of {deleted.map((company) => company.name).join(', ')}:{' '}
            {deleted.length === 1 ? 'it is' : 'they are'} deleted too, with {deleted.length === 1 ? 'its' : 'their'}{' '}
            stacks and customers.
          </Alert>
        )}
        {preview.data && preview.data.stacks_count > 0 && (
          <p className="text-sm text-slate-600">
            Your {preview.data.stacks_count === 1 ? 'personal stack' : `${preview.data.stacks_count} personal stacks`}{' '}
            will be deleted.
          </p>
        )}
      </TypeToConfirmDialog>
    </section>
  )
}
