// "Replace credentials": just the token or App key (PUT { auth }), the settings kept. Nothing is shown back.
import { type FormEvent, useState } from 'react'
import type { CodeHost } from '#contracts/code-hosts.ts'
import { Alert } from '../../../../components/ui/alert.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { Dialog } from '../../../../components/ui/dialog.tsx'
import { ApiError } from '../../../../lib/api.ts'
import { useSaveCodeHost } from '../../api/save-code-host.ts'
import {
  CREDENTIAL_FIELDS,
  CredentialFields,
  credentialsOf,
  emptyCredentials,
  isRefusedElsewhere,
} from './credential-fields.tsx'

export function ReplaceCredentialsDialog({
  slug,
  codeHost,
  open,
  onOpenChange,
}: {
  slug: string
  codeHost: CodeHost & { kind: 'github' | 'gitlab' }
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [values, setValues] = useState(() => emptyCredentials(codeHost))
  const save = useSaveCodeHost(slug)
  const error = save.error instanceof ApiError ? save.error : null
  const fieldError = (field: string) => error?.fields[field]?.join(', ')
  const [isBlank, setIsBlank] = useState(false)

  const close = (next: boolean) => {
    if (!next) {
      setValues(emptyCredentials(codeHost))
      setIsBlank(false)
      save.reset()
    }
    onOpenChange(next)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const auth = credentialsOf(values)
    setIsBlank(!auth)
    if (auth) save.mutate({ slug, body: { auth } }, { onSuccess: () => close(false) })
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Replace credentials"
      description="The new credentials replace the stored ones; the settings stay."
    >
      <form method="post" onSubmit={submit} noValidate className="space-y-4">
        {error && isRefusedElsewhere(error, CREDENTIAL_FIELDS) && <Alert tone="error">{error.message}</Alert>}
        {isBlank && <Alert tone="error">Enter the new credentials.</Alert>}
        <CredentialFields
          kind={codeHost.kind}
          values={values}
          onChange={(next) => setValues((current) => ({ ...current, ...next }))}
          fieldError={fieldError}
          isStored={false}
        />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" isLoading={save.isPending}>
            Replace credentials
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
