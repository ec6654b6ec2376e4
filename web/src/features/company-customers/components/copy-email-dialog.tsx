// 'Copy your email invite text here' (spec §2): the invitation the vendor can send from their own mailbox. Opening
// it records the copy (POST /company-customers/update-copied-at), which makes the status Email Copied.
import { Check, Copy } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { COPY_MODAL_TITLE, type CompanyCustomer } from '#contracts/company-customers.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { useMarkCustomerCopied } from '../api/mark-customer-copied.ts'

export function CopyEmailDialog({
  companySlug,
  customer,
  onClose,
}: {
  companySlug: string
  customer: CompanyCustomer
  onClose: () => void
}) {
  const markCopied = useMarkCustomerCopied(companySlug)
  const [copied, setCopied] = useState(false)
  const textId = useId()
  const textRef = useRef<HTMLTextAreaElement>(null)
  const marked = useRef(false)
  const { mutate } = markCopied

  useEffect(() => {
    if (marked.current) return
    marked.current = true
    mutate(customer.id)
  }, [customer.id, mutate])

  const copy = async () => {
    textRef.current?.select()
    try {
      await navigator.clipboard.writeText(customer.email_content)
      setCopied(true)
    } catch {
      // No clipboard permission: the text is selected, so Ctrl+C / Cmd+C still works.
      setCopied(false)
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={COPY_MODAL_TITLE}
      description={`Send it to ${customer.email} from your own mailbox.`}
      className="max-w-lg"
    >
      <label htmlFor={textId} className="sr-only">
        Invitation text
      </label>
      <textarea
        id={textId}
        ref={textRef}
        readOnly
        value={customer.email_content}
        rows={10}
        className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800 focus:outline-none focus:ring-2 focus:ring-brand-500"
      />
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button onClick={copy}>
          {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy text'}
        </Button>
      </div>
    </Dialog>
  )
}
