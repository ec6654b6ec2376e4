// A confirmation with a written reason: rejecting a tool (required, shown to its submitter) and removing a
// flagged comment (optional, kept in the moderation log).
import { type FormEvent, useId, useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { ApiError } from '../../../lib/api.ts'
import { fieldMessage } from '../../../lib/field-errors.ts'

export function ReasonDialog({
  title,
  description,
  label,
  confirmLabel,
  isRequired,
  maxLength,
  onConfirm,
  onClose,
}: {
  title: string
  description: string
  label: string
  confirmLabel: string
  isRequired: boolean
  maxLength: number
  /** Throws ApiError when the server refuses. */
  onConfirm: (reason: string) => Promise<void>
  onClose: () => void
}) {
  const id = useId()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (isRequired && !reason.trim()) {
      setError(fieldMessage(label, "can't be blank") ?? null)
      return
    }
    setError(null)
    setIsSaving(true)
    try {
      await onConfirm(reason.trim())
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields.reason : undefined
      setError(
        fields
          ? (fieldMessage(label, fields.join(', ')) ?? null)
          : failure instanceof Error
            ? failure.message
            : 'Something went wrong.',
      )
      setIsSaving(false)
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="space-y-1">
          <label htmlFor={id} className="block text-sm font-medium text-slate-700">
            {label}
            {!isRequired && <span className="font-normal text-slate-500"> (optional)</span>}
          </label>
          <textarea
            id={id}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={maxLength}
            rows={4}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500"
          />
          <p className="text-xs text-slate-500">
            {reason.length}/{maxLength}
          </p>
        </div>
        {error && (
          <Alert tone="error">
            <span id={`${id}-error`}>{error}</span>
          </Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isLoading={isSaving}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
