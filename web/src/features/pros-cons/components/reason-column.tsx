// A card's Pros or Cons column (spec §2, §5, §8): the input (at most 55 characters, a live counter, 'Enter some
// text!' when empty) filters the list below as one types (case-insensitive, after 250 ms), and adds the text on
// Enter. A duplicate gets the spec's sentence. Signed-out writes open the sign-in modal and continue after it.
import { type FormEvent, useId, useState } from 'react'
import {
  type ProsConsReason,
  type ProsConsTool,
  REASON_DUPLICATE,
  REASON_EMPTY_MESSAGE,
  REASON_FILTER_DEBOUNCE_MS,
  REASON_TEXT_MAX,
  type ReasonType,
  reasonDuplicateMessage,
} from '#contracts/reasons.ts'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { ApiError } from '../../../lib/api.ts'
import { useRequireSignIn } from '../../../lib/session.tsx'
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts'
import { useCreateReason } from '../api/create-reason.ts'
import { useDeleteReason } from '../api/delete-reason.ts'
import { useToggleReasonVote } from '../api/toggle-reason-vote.ts'
import { ReasonItem } from './reason-item.tsx'

const LABELS: Record<ReasonType, { title: string; singular: string }> = {
  pro: { title: 'Pros', singular: 'pro' },
  con: { title: 'Cons', singular: 'con' },
}

export function ReasonColumn({
  tool,
  type,
  reasons,
  viewerId,
}: {
  tool: ProsConsTool
  type: ReasonType
  reasons: ProsConsReason[]
  viewerId: number | null
}) {
  const id = useId()
  const label = LABELS[type]
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const filter = useDebouncedValue(text, REASON_FILTER_DEBOUNCE_MS).trim().toLowerCase()
  const requireSignIn = useRequireSignIn()
  const create = useCreateReason(viewerId)
  const vote = useToggleReasonVote(viewerId)
  const remove = useDeleteReason(viewerId)
  const shown = filter ? reasons.filter((reason) => reason.text.toLowerCase().includes(filter)) : reasons

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = text.trim()
    if (!value) {
      setError(REASON_EMPTY_MESSAGE)
      return
    }
    requireSignIn(
      () => {
        setError(null)
        create.mutate(
          { service_id: tool.id, text: value, con: type === 'con' },
          {
            onSuccess: () => setText(''),
            onError: (failure) =>
              setError(
                failure instanceof ApiError && failure.errorMsg === REASON_DUPLICATE
                  ? reasonDuplicateMessage(type)
                  : failure.message,
              ),
          },
        )
      },
      { reason: `Sign in to add a ${label.singular} for ${tool.name}.` },
    )
  }

  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 flex-1" data-testid={`${type}s-column`}>
      <h3
        id={`${id}-title`}
        className={cn(
          'text-sm font-semibold uppercase tracking-wide',
          type === 'pro' ? 'text-emerald-700' : 'text-rose-700',
        )}
      >
        {label.title}
      </h3>
      <form onSubmit={submit} className="mt-2" noValidate>
        <label htmlFor={`${id}-input`} className="sr-only">
          {`Add a ${label.singular} for ${tool.name}, or type to filter the ${label.title.toLowerCase()}`}
        </label>
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <input
              id={`${id}-input`}
              value={text}
              maxLength={REASON_TEXT_MAX}
              onChange={(event) => {
                setText(event.target.value)
                if (error) setError(null)
              }}
              placeholder={`Add a ${label.singular}…`}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-counter${error ? ` ${id}-error` : ''}`}
              className="h-10 w-full rounded-lg border-0 bg-white pr-14 pl-3 text-sm text-slate-900 ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none aria-invalid:ring-red-400"
            />
            <span
              id={`${id}-counter`}
              data-testid="reason-counter"
              className={cn(
                'pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-xs tabular-nums',
                text.length >= REASON_TEXT_MAX ? 'font-semibold text-rose-700' : 'text-slate-500',
              )}
            >
              <span className="sr-only">Characters used: </span>
              {text.length}/{REASON_TEXT_MAX}
            </span>
          </div>
          <Button type="submit" variant="secondary" isLoading={create.isPending} aria-label={`Add ${label.singular}`}>
            Add
          </Button>
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
      {reasons.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500">
          <span className="block text-base font-semibold text-slate-700">First!</span>
          {`Be the first to add a ${label.singular} for ${tool.name}.`}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {shown.map((reason) => (
            <ReasonItem
              key={reason.id}
              reason={reason}
              viewerId={viewerId}
              isVoting={vote.isPending && vote.variables?.id === reason.id}
              isDeleting={remove.isPending && remove.variables === reason.id}
              onVote={() =>
                requireSignIn(() => vote.mutate({ id: reason.id, vote: !reason.user_voted_for }), {
                  reason: `Sign in to vote on ${tool.name}'s ${label.title.toLowerCase()}.`,
                })
              }
              onDelete={() => remove.mutate(reason.id)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
