// The edit area's save bar (spec §2, §4 Save state): 'View Stack', the save button showing Save / Saving... /
// Saved (disabled while saving or saved, and while the page's checks before a save run: isBusy), and
// 'Save & {next}' where a next step exists.
import { ArrowRight, Eye } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button.tsx'
import type { SaveState } from '../state/stack-editor-context.tsx'

export const SAVE_LABELS: Record<SaveState, string> = { unsaved: 'Save', saving: 'Saving...', saved: 'Saved' }

export function SaveBar({
  saveState,
  viewHref,
  onSave,
  next,
  disabled,
  isBusy,
}: {
  saveState: SaveState
  viewHref: string
  onSave: () => void
  next?: { label: string; onClick: () => void }
  disabled?: boolean
  /** A save or the checks before it are under way (the name's availability): both buttons wait. */
  isBusy?: boolean
}) {
  return (
    // Phones: one row (py-2, View Stack as its icon) so the sticky bar keeps the screen for the form.
    <div className="sticky bottom-0 z-10 -mx-5 -mb-5 mt-8 flex items-center justify-end gap-2 rounded-b-2xl border-t border-slate-200 bg-white/95 px-3 py-2 backdrop-blur sm:-mx-8 sm:-mb-8 sm:flex-wrap sm:gap-3 sm:px-8 sm:py-4">
      <Link
        to={viewHref}
        className="mr-auto inline-flex h-10 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <Eye className="size-4" aria-hidden="true" /> <span className="max-sm:sr-only">View Stack</span>
      </Link>
      <Button
        variant="secondary"
        onClick={onSave}
        disabled={disabled || isBusy || saveState !== 'unsaved'}
        aria-live="polite"
        data-save-state={saveState}
      >
        {SAVE_LABELS[saveState]}
      </Button>
      {next && (
        <Button
          onClick={next.onClick}
          disabled={disabled || isBusy || saveState === 'saving'}
          className="min-w-0 max-sm:h-auto max-sm:min-h-10 max-sm:px-3 max-sm:py-1.5"
        >
          Save & {next.label} <ArrowRight className="size-4" aria-hidden="true" />
        </Button>
      )}
    </div>
  )
}
