// An admin's ring move: the new ring and the reason, checked with the API's own schema before it is sent; the
// server's field errors show under their fields. Escape or Cancel closes it.
import { useId, useState } from 'react'
import { MoveRadarToolBody, RADAR_REASON_MAX, RADAR_RINGS, type RadarEntry, type RadarRing } from '#contracts/radar.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextAreaField } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useMoveRadarTool } from '../api/move-radar-tool.ts'

interface MoveToolFormProps {
  companySlug: string
  entry: RadarEntry
  onDone: () => void
}

export function MoveToolForm({ companySlug, entry, onDone }: MoveToolFormProps) {
  const id = useId()
  const firstOther = RADAR_RINGS.find((ring) => ring.slug !== entry.ring)!.slug
  const [ring, setRing] = useState<RadarRing>(firstOther)
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const move = useMoveRadarTool(companySlug)
  const failure = move.error instanceof ApiError && Object.keys(move.error.fields).length === 0 ? move.error : null

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const parsed = MoveRadarToolBody.safeParse({ ring, reason })
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])))
      return
    }
    setErrors({})
    move.mutate(
      { companySlug, toolSlug: entry.tool.slug, ...parsed.data },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (error instanceof ApiError)
            setErrors(Object.fromEntries(Object.entries(error.fields).map(([field, list]) => [field, list.join(', ')])))
        },
      },
    )
  }

  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => event.key === 'Escape' && onDone()}
      className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
      aria-label={`Move ${entry.tool.name}`}
    >
      <div className="space-y-1">
        <label htmlFor={`${id}-ring`} className="block text-sm font-medium text-slate-700">
          Move to
        </label>
        <select
          id={`${id}-ring`}
          value={ring}
          onChange={(event) => setRing(event.target.value as RadarRing)}
          className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus:outline-none focus:ring-2 focus:ring-brand-500"
          aria-invalid={errors.ring ? true : undefined}
          // biome-ignore lint/a11y/noAutofocus: the form opens on the admin's click; its first field takes the focus
          autoFocus
        >
          {RADAR_RINGS.map((option) => (
            <option key={option.slug} value={option.slug} disabled={option.slug === entry.ring}>
              {option.name}
              {option.slug === entry.ring ? ' (now)' : ''}
            </option>
          ))}
        </select>
        {errors.ring && (
          <p className="text-sm text-red-600" role="alert">
            Ring {errors.ring}
          </p>
        )}
      </div>
      <TextAreaField
        label="Reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={RADAR_REASON_MAX}
        error={errors.reason && `Reason ${errors.reason}`}
        hint="Kept in the tool's history for everyone to read."
        className="min-h-20"
      />
      {failure && <Alert tone="error">{failure.message}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" isLoading={move.isPending}>
          Move {entry.tool.name}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
