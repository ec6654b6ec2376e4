// 'Add Email for Company Customer' (spec §2, §4): change the customer's address; the server clears sent_at, so
// the e-mail can be sent again. For a company on the site only the part before its domain is typed.
import { type FormEvent, useState } from 'react'
import {
  type CompanyCustomer,
  type CompanyCustomersResponse,
  DOMAIN_HINT,
  EDIT_MODAL_TITLE,
  SUBMIT_UPDATING,
} from '#contracts/company-customers.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { useUpdateCustomer } from '../api/update-customer.ts'
import { customerFailureMessage, isValidEmail } from './customer-messages.ts'
import { EmailInput } from './email-input.tsx'

export function EditCustomerDialog({
  company,
  customer,
  onClose,
  onSaved,
}: {
  company: CompanyCustomersResponse['company']
  customer: CompanyCustomer
  onClose: () => void
  onSaved: () => void
}) {
  const updateCustomer = useUpdateCustomer(company.slug)
  // A company on the site keeps its domain: the address was checked against it when the customer was added.
  const domain = customer.company_canonical_url ? (customer.email.split('@')[1]?.toLowerCase() ?? null) : null
  const [email, setEmail] = useState(domain ? (customer.email.split('@')[0] ?? '') : customer.email)
  const [failure, setFailure] = useState<string | null>(null)
  const fullEmail = domain ? `${email.trim()}@${domain}` : email.trim()
  const canSubmit = isValidEmail(fullEmail) && !updateCustomer.isPending

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!canSubmit) return
    setFailure(null)
    try {
      await updateCustomer.mutateAsync({
        customerId: customer.id,
        company_id: company.id,
        company_customer: { service_id: customer.service.id, email: fullEmail },
        existing_company: false,
        company_name: customer.company_name,
      })
      onSaved()
      onClose()
    } catch (error) {
      setFailure(customerFailureMessage(error))
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={EDIT_MODAL_TITLE}
      description={`${customer.company_name} · ${customer.service.name}`}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {failure && <Alert tone="error">{failure}</Alert>}
        <EmailInput
          label="Email address"
          value={email}
          onChange={setEmail}
          domain={domain}
          hint={domain ? DOMAIN_HINT : 'Saving a new address lets you send the email again.'}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSubmit} isLoading={updateCustomer.isPending}>
            {updateCustomer.isPending ? SUBMIT_UPDATING : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
