// The team screen's message modals (spec §8): one sentence and an OK button.
import { Button } from '../../../../components/ui/button.tsx'
import { Dialog } from '../../../../components/ui/dialog.tsx'

export function MessageDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()} title="Manage Team">
      <p className="text-slate-700">{message}</p>
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>OK</Button>
      </div>
    </Dialog>
  )
}
