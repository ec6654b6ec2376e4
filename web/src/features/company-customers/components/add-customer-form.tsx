// The add form (spec §2, §4, §5): a tool of the company, the customer's company (one found by the search, or a new
// name), the address (only the part before the company's domain when the company is known), and 'Add Customer
// Below'. Adding sends no e-mail: that is the table's Send Email.
import { Building2, Check, Info, X } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import {
  type CompanyCustomersResponse,
  type CompanySearchResult,
  DOMAIN_HINT,
  domainOfWebsite,
  NO_EMAIL_NOTE,
  SUBMIT_ADDING,
  SUBMIT_IDLE,
} from '#contracts/company-customers.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useAddCustomer } from '../api/add-customer.ts'
import { useCompanySearch } from '../api/search-companies.ts'
import { customerFailureMessage, isValidEmail } from './customer-messages.ts'
import { EmailInput } from './email-input.tsx'

type Company = CompanyCustomersResponse['company']
type Service = CompanyCustomersResponse['services'][number]

export function AddCustomerForm({
  company,
  services,
  showsMessages,
  onAction,
}: {
  company: Company
  services: Service[]
  /** False once the table acted later: this form's last message is then stale and hidden. */
  showsMessages: boolean
  /** Tells the page this form acted (its message is now the latest). */
  onAction: () => void
}) {
  const addCustomer = useAddCustomer(company.slug)
  const [serviceId, setServiceId] = useState<number | ''>(services.length === 1 ? services[0]!.id : '')
  const [companyText, setCompanyText] = useState('')
  const [chosen, setChosen] = useState<CompanySearchResult | null>(null)
  const [email, setEmail] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const [added, setAdded] = useState<string | null>(null)
  const serviceFieldId = useId()

  const domain = chosen ? domainOfWebsite(chosen.website_url) : null
  const fullEmail = domain ? `${email.trim()}@${domain}` : email.trim()
  const hasCompany = chosen !== null || companyText.trim().length > 0
  // spec §5: a company (chosen or a new name), a tool, a valid address, and nothing in flight
  const canSubmit = hasCompany && serviceId !== '' && isValidEmail(fullEmail) && !addCustomer.isPending

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!canSubmit) return
    onAction()
    setFailure(null)
    setAdded(null)
    try {
      const { company_customer } = await addCustomer.mutateAsync({
        company_id: company.id,
        company_customer: { service_id: Number(serviceId), email: fullEmail },
        existing_company: chosen !== null,
        company_name: chosen ? chosen.id : companyText.trim(),
      })
      // spec §4: reset on success
      setCompanyText('')
      setChosen(null)
      setEmail('')
      setAdded(`${company_customer.company_name} was added below.`)
    } catch (error) {
      setFailure(customerFailureMessage(error))
    }
  }

  return (
    <form onSubmit={submit} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6" noValidate>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Add a customer</h2>
        <p className="inline-flex items-center gap-1.5 text-sm text-slate-600">
          <Info className="size-4 text-slate-400" aria-hidden="true" />
          {NO_EMAIL_NOTE}
        </p>
      </div>
      {showsMessages && failure && (
        <Alert tone="error" className="mt-4">
          {failure}
        </Alert>
      )}
      {showsMessages && added && (
        <Alert tone="success" className="mt-4">
          {added}
        </Alert>
      )}
      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={serviceFieldId} className="block text-sm font-medium text-slate-700">
            Tool
          </label>
          <select
            id={serviceFieldId}
            value={serviceId}
            onChange={(event) => setServiceId(event.target.value ? Number(event.target.value) : '')}
            className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500"
          >
            <option value="">Choose one of your tools</option>
            {services.map((service) => (
              <option key={service.id} value={service.id}>
                {service.name}
              </option>
            ))}
          </select>
        </div>
        <CompanyPicker
          text={companyText}
          chosen={chosen}
          onTextChange={(value) => {
            setCompanyText(value)
            setChosen(null)
          }}
          onChoose={(found) => {
            setChosen(found)
            setCompanyText(found.name)
            // the domain is prefilled: keep only what was typed before an '@'
            setEmail((current) => current.split('@')[0] ?? '')
          }}
          onClear={() => {
            setChosen(null)
            setCompanyText('')
          }}
        />
        <div className="md:col-span-2">
          <EmailInput
            label="Customer's email address"
            value={email}
            onChange={setEmail}
            domain={domain}
            hint={domain ? DOMAIN_HINT : 'The person who can confirm that their company uses your tool.'}
          />
        </div>
      </div>
      <div className="mt-5 flex justify-end">
        <Button type="submit" disabled={!canSubmit} isLoading={addCustomer.isPending}>
          {addCustomer.isPending ? SUBMIT_ADDING : SUBMIT_IDLE}
        </Button>
      </div>
    </form>
  )
}

function CompanyPicker({
  text,
  chosen,
  onTextChange,
  onChoose,
  onClear,
}: {
  text: string
  chosen: CompanySearchResult | null
  onTextChange: (value: string) => void
  onChoose: (company: CompanySearchResult) => void
  onClear: () => void
}) {
  const inputId = useId()
  const listId = useId()
  const search = useCompanySearch(chosen ? '' : text)
  const results = !chosen && text.trim() ? (search.data ?? []) : []
  const exact = results.some((company) => company.name.toLowerCase() === text.trim().toLowerCase())
  const showList = !chosen && text.trim().length > 0

  return (
    <div className="relative space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        Customer's company
      </label>
      <div className="relative">
        <Building2 className="pointer-events-none absolute top-2.5 left-3 size-5 text-slate-400" aria-hidden="true" />
        <input
          id={inputId}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          placeholder="Search companies or type a new name"
          autoComplete="off"
          maxLength={60}
          aria-controls={showList ? listId : undefined}
          className={cn(
            'block h-10 w-full rounded-lg border border-slate-300 bg-white pr-9 pl-10 text-sm shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-500',
            chosen && 'border-emerald-400 bg-emerald-50/40',
          )}
        />
        {chosen && (
          <button
            type="button"
            onClick={onClear}
            className="absolute top-2 right-2 rounded p-1 text-slate-500 hover:bg-slate-100"
            aria-label="Choose another company"
          >
            <X className="size-4" />
          </button>
        )}
      </div>
      {chosen ? (
        <p className="flex items-center gap-1 text-xs text-emerald-700">
          <Check className="size-3.5" aria-hidden="true" /> {chosen.name} is on the site
          {chosen.website_url ? ` (${domainOfWebsite(chosen.website_url) ?? chosen.website_url})` : ''}.
        </p>
      ) : (
        showList && (
          <div id={listId} className="rounded-lg border border-slate-200 bg-white shadow-sm">
            {search.isFetching && !search.data ? (
              <p className="flex items-center gap-2 px-3 py-2 text-sm text-slate-500">
                <Spinner className="size-4" /> Searching…
              </p>
            ) : (
              <ul aria-label="Matching companies" className="max-h-56 overflow-y-auto py-1">
                {results.map((company) => (
                  <li key={company.id}>
                    <button
                      type="button"
                      onClick={() => onChoose(company)}
                      className="flex w-full items-baseline justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-brand-50 focus:bg-brand-50 focus:outline-none"
                    >
                      <span className="font-medium text-slate-900">{company.name}</span>
                      {company.website_url && (
                        <span className="truncate text-xs text-slate-500">{domainOfWebsite(company.website_url)}</span>
                      )}
                    </button>
                  </li>
                ))}
                {!exact && (
                  <li className="px-3 py-2 text-xs text-slate-500">
                    Not listed? "{text.trim()}" will be added as a new company name.
                  </li>
                )}
              </ul>
            )}
          </div>
        )
      )}
    </div>
  )
}
