// The tool page's 'Companies using {tool}' from its vendor's customer list (docs/decisions/016-company-customers.md).
// Renders nothing until there is something to show, so tools without a vendor on the site look as before.
import { BadgeCheck, Building2 } from 'lucide-react'
import { Link } from 'react-router'
import { OwnerLogo } from '../../../components/ui/owner-logo.tsx'
import { useToolCustomers } from '../api/get-tool-customers.ts'

export function ToolCustomers({ slug, toolName }: { slug: string; toolName: string }) {
  const { data } = useToolCustomers(slug)
  if (!data || data.customers.length === 0) return null
  return (
    <section aria-labelledby="customers-heading" className="mt-10">
      <h2 id="customers-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Building2 className="size-5 text-slate-400" aria-hidden="true" />
        Companies using {toolName}
        <span className="text-sm font-normal text-slate-500">({data.customers.length})</span>
      </h2>
      {data.vendor && (
        <p className="mt-1 text-sm text-slate-600">
          As listed by{' '}
          <Link to={data.vendor.path} className="text-brand-700 hover:underline">
            {data.vendor.name}
          </Link>
          . <BadgeCheck className="inline size-4 text-emerald-600" aria-hidden="true" /> marks a customer that lists{' '}
          {toolName} in its own stack.
        </p>
      )}
      <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {data.customers.map((customer) => {
          const body = (
            <>
              <OwnerLogo
                owner={{ type: 'Company', name: customer.name, image_url: customer.image_url }}
                className="size-9"
              />
              <span className="min-w-0 truncate font-medium text-slate-900">{customer.name}</span>
              {customer.confirmed && (
                <BadgeCheck className="size-4 shrink-0 text-emerald-600" aria-label="Lists it in its stack" />
              )}
            </>
          )
          const className = 'flex items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200'
          return (
            <li key={customer.path ?? customer.name}>
              {customer.path ? (
                <Link to={customer.path} className={`${className} hover:ring-brand-300`}>
                  {body}
                </Link>
              ) : (
                <div className={className}>{body}</div>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
