import { Alert } from '../../../components/ui/alert.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { useAnalytics } from '../api/get-analytics.ts'

const number = new Intl.NumberFormat('en')

/** Events per name over the last 7 and 30 days and all time, most frequent first. */
export function AnalyticsPanel() {
  const { data, error, isPending } = useAnalytics()
  if (isPending) return <PageSpinner label="Loading counts" />
  if (error) return <Alert tone="error">{error.message}</Alert>
  const { events, totals } = data
  return (
    <section aria-labelledby="analytics-heading">
      <h2 id="analytics-heading" className="sr-only">
        Analytics
      </h2>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[
          ['Events, last 7 days', totals.last_7_days],
          ['Events, last 30 days', totals.last_30_days],
          ['Events, all time', totals.all_time],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm text-slate-500">{label}</dt>
            <dd className="mt-1 text-3xl font-semibold tabular-nums text-slate-900">{number.format(Number(value))}</dd>
          </div>
        ))}
      </dl>
      <div className="relative mt-6 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        {events.length === 0 ? (
          <p className="px-6 py-10 text-center text-slate-500">No events recorded yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Events by name</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-2 sm:px-4 py-3 font-medium">
                  Event
                </th>
                <th scope="col" className="px-2 sm:px-4 py-3 text-right font-medium">
                  Last 7 days
                </th>
                <th scope="col" className="px-2 sm:px-4 py-3 text-right font-medium">
                  Last 30 days
                </th>
                <th scope="col" className="px-2 sm:px-4 py-3 text-right font-medium">
                  All time
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {events.map((event) => (
                <tr key={event.name}>
                  <th
                    scope="row"
                    className="px-2 sm:px-4 py-2.5 font-mono text-xs font-medium break-all text-slate-800 sm:break-normal"
                  >
                    {event.name}
                  </th>
                  <td className="px-2 sm:px-4 py-2.5 text-right tabular-nums">{number.format(event.last_7_days)}</td>
                  <td className="px-2 sm:px-4 py-2.5 text-right tabular-nums">{number.format(event.last_30_days)}</td>
                  <td className="px-2 sm:px-4 py-2.5 text-right tabular-nums">{number.format(event.all_time)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  )
}
