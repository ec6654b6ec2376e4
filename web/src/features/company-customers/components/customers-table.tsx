// The customers, newest first (spec §9), with their status (§4: not listed, pending, listed) and the actions their
// state allows: Add Email while not Added, Copy Email always, Send Email until it has been sent.
import { CheckCircle2, Clock, Copy, Mail, MailPlus, MinusCircle } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import {
  type CompanyCustomer,
  type CompanyCustomersResponse,
  customerStatusKind,
  SEND_FAILED_ALERT,
  SEND_SUCCESS_ALERT,
} from '#contracts/company-customers.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { useSendCustomerInvite } from '../api/send-customer-invite.ts'
import { CopyEmailDialog } from './copy-email-dialog.tsx'
import { EditCustomerDialog } from './edit-customer-dialog.tsx'

type Company = CompanyCustomersResponse['company']

export function CustomersTable({
  company,
  customers,
  showsMessages,
  onAction,
}: {
  company: Company
  customers: CompanyCustomer[]
  /** False once the add form acted later: the table's last message is then stale and hidden. */
  showsMessages: boolean
  /** Tells the page the table acted (Send Email, Add Email, Copy Email): the form's old message goes. */
  onAction: () => void
}) {
  const sendInvite = useSendCustomerInvite(company.slug)
  const [editing, setEditing] = useState<CompanyCustomer | null>(null)
  const [copying, setCopying] = useState<CompanyCustomer | null>(null)
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  const send = async (customer: CompanyCustomer) => {
    onAction()
    setNotice(null)
    try {
      await sendInvite.mutateAsync(customer.id)
      setNotice({ tone: 'success', text: SEND_SUCCESS_ALERT })
    } catch {
      setNotice({ tone: 'error', text: SEND_FAILED_ALERT })
    }
  }

  return (
    <section aria-labelledby="customers-heading" className="mt-8">
      <h2 id="customers-heading" className="text-lg font-semibold text-slate-900">
        Customers {customers.length > 0 && <span className="font-normal text-slate-500">({customers.length})</span>}
      </h2>
      {showsMessages && notice && (
        <Alert tone={notice.tone} className="mt-3">
          {notice.text}
        </Alert>
      )}
      {customers.length === 0 ? (
        <div className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="font-medium text-slate-700">No customers yet</p>
          <p className="mt-1 text-sm text-slate-600">
            Add the companies that use your tools above; they show on your tool's page.
          </p>
        </div>
      ) : (
        <div className="relative mt-3 overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
          <table className="stacked-table w-full text-left text-sm sm:min-w-[44rem]">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Company
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Tool
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Email
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {customers.map((customer) => (
                <tr key={customer.id} data-testid="customer-row">
                  <td className="px-4 py-3 font-medium text-slate-900">
                    {customer.company_canonical_url ? (
                      <Link to={customer.company_canonical_url} className="hover:text-brand-700 hover:underline">
                        {customer.company_name}
                      </Link>
                    ) : (
                      customer.company_name
                    )}
                  </td>
                  <td className="px-4 py-3">
                    <span className="inline-flex items-center gap-2">
                      <ToolLogo src={customer.service.image_url} className="size-6" />
                      {customer.service.name}
                    </span>
                  </td>
                  <td className="max-w-[14rem] truncate px-4 py-3 text-slate-700">{customer.email}</td>
                  <td className="px-4 py-3">
                    <StatusBadge status={customer.status} />
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap justify-end gap-2">
                      {customer.needs_email && customer.status !== 'Added' && (
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => {
                            onAction()
                            setEditing(customer)
                          }}
                        >
                          <MailPlus className="size-4" aria-hidden="true" /> Add Email
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => {
                          onAction()
                          setCopying(customer)
                        }}
                      >
                        <Copy className="size-4" aria-hidden="true" /> Copy Email
                      </Button>
                      {!customer.sent_at && customer.status !== 'Added' && (
                        <Button
                          size="sm"
                          onClick={() => send(customer)}
                          isLoading={sendInvite.isPending && sendInvite.variables === customer.id}
                          disabled={sendInvite.isPending}
                        >
                          <Mail className="size-4" aria-hidden="true" /> Send Email
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <EditCustomerDialog
          company={company}
          customer={editing}
          onClose={() => setEditing(null)}
          onSaved={() => setNotice(null)}
        />
      )}
      {copying && <CopyEmailDialog companySlug={company.slug} customer={copying} onClose={() => setCopying(null)} />}
    </section>
  )
}

const BADGES = {
  'not-listed': { label: 'Not listed', icon: MinusCircle, className: 'bg-slate-100 text-slate-700 ring-slate-200' },
  pending: { label: 'Pending', icon: Clock, className: 'bg-amber-50 text-amber-800 ring-amber-200' },
  listed: { label: 'Listed', icon: CheckCircle2, className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
} as const

function StatusBadge({ status }: { status: CompanyCustomer['status'] }) {
  const badge = BADGES[customerStatusKind(status)]
  const Icon = badge.icon
  return (
    <span className="inline-flex flex-col gap-0.5">
      <span
        className={cn(
          'inline-flex w-fit items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1',
          badge.className,
        )}
      >
        <Icon className="size-3.5" aria-hidden="true" />
        {badge.label}
      </span>
      <span className="text-xs text-slate-500">{status}</span>
    </span>
  )
}
