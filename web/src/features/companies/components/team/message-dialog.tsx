// The team screen's message modals (spec §8): one sentence and an OK button, and under it, when there is one, a line
// saying what happened (who the invitation went to, why a resend was not needed).
import { Button } from '../../../../components/ui/button.tsx'
import { Dialog } from '../../../../components/ui/dialog.tsx'

export interface TeamMessage {
  text: string
  detail?: string
}

export function MessageDialog({ message, onClose }: { message: TeamMessage | null; onClose: () => void }) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()} title="Manage Team">
      <p className="font-medium text-slate-800">{message?.text}</p>
      {message?.detail && <p className="mt-2 break-words text-sm text-slate-600">{message.detail}</p>}
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>OK</Button>
      </div>
    </Dialog>
  )
}
