// A destructive action confirmed by typing a word exactly (spec §4 'Deletion': the button is enabled only when the
// typed text equals the username or the company name, and disabled once confirmed). Used by account and company
// deletion; the caller runs the action and reports a failure.
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { Alert } from './ui/alert.tsx'
import { Button } from './ui/button.tsx'
import { Dialog } from './ui/dialog.tsx'

export function TypeToConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  expected,
  label,
  confirmLabel,
  pendingLabel,
  blocked,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  children?: ReactNode
  /** The exact text to type. */
  expected: string
  label: string
  confirmLabel: string
  pendingLabel: string
  /** A reason the action cannot run at all (the button stays disabled). */
  blocked?: boolean
  /** Resolves when done; rejects with a message to show. */
  onConfirm: () => Promise<void>
}) {
  const inputId = useId()
  const [typed, setTyped] = useState('')
  const [confirmed, setConfirmed] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const matches = typed === expected

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!matches || confirmed || blocked) return
    setConfirmed(true)
    setFailure(null)
    try {
      await onConfirm()
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Something went wrong. Please try again.')
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setTyped('')
          setConfirmed(false)
          setFailure(null)
        }
        onOpenChange(next)
      }}
      title={title}
      description={description}
    >
      <form method="post" onSubmit={submit} className="space-y-4" noValidate>
        {children}
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="space-y-1">
          <label htmlFor={inputId} className="block text-sm text-slate-700">
            {label} <strong className="font-semibold break-words text-slate-900">{expected}</strong>
          </label>
          <input
            id={inputId}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value)
              // a new attempt after a refusal
              setConfirmed(false)
            }}
            autoComplete="off"
            spellCheck={false}
            disabled={blocked}
            className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-red-500 disabled:bg-slate-100"
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="danger"
            disabled={!matches || confirmed || blocked}
            isLoading={confirmed && !failure}
          >
            {confirmed && !failure ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
