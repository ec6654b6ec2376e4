// Continue (disabled while saving, while an error banner shows, or when the step says so) and the optional Skip link.
import { Button } from '../../../components/ui/button.tsx'
import { useWizard } from '../state/wizard-context.tsx'

export function StepActions({
  onContinue,
  onSkip,
  isDisabled = false,
}: {
  onContinue: () => void
  onSkip?: () => void
  isDisabled?: boolean
}) {
  const wizard = useWizard()
  return (
    <div className="flex flex-wrap items-center justify-end gap-4 border-t border-slate-200 pt-5">
      {onSkip && (
        <Button variant="link" onClick={onSkip} disabled={wizard.isSaving}>
          Skip
        </Button>
      )}
      <Button
        size="lg"
        onClick={onContinue}
        isLoading={wizard.isSaving}
        disabled={isDisabled || wizard.isBlocked}
        className="min-w-36"
      >
        Continue
      </Button>
    </div>
  )
}
