// A question asked in place ("Are you sure...?") with Yes and Cancel (comments, pros and cons).
import { Button } from './button.tsx'
import { cn } from './cn.ts'

export function InlineConfirm({
  question,
  onYes,
  onNo,
  isPending,
  className,
}: {
  question: string
  onYes: () => void
  onNo: () => void
  isPending?: boolean
  className?: string
}) {
  return (
    <div role="alertdialog" aria-label={question} className={cn('mt-3 rounded-lg bg-slate-50 p-3 text-sm', className)}>
      <p className="text-slate-800">{question}</p>
      <div className="mt-2 flex gap-2">
        <Button size="sm" variant="danger" onClick={onYes} isLoading={isPending}>
          Yes
        </Button>
        <Button size="sm" variant="secondary" onClick={onNo}>
          Cancel
        </Button>
      </div>
    </div>
  )
}
