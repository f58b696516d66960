import { Printer } from 'lucide-react'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { DataTable } from '#client/components/ui/data-table.tsx'
import { formatDate } from '#client/lib/format.ts'
import { errorMessage } from '#client/lib/mutation-failure.ts'
import { NeedToKnowQuery } from '../graphql/operations.query.ts'

/** Emergency contacts and needs: loaded (and audited) only when this tab is opened. */
export function NeedToKnowPanel({ eventSlug }: { eventSlug: string }) {
  const [query] = useQuery({
    query: NeedToKnowQuery,
    variables: { eventSlug },
    requestPolicy: 'network-only',
  })
  const data = query.data?.needToKnow
  if (query.error) {
    return (
      <p role="alert" className="text-red-800">
        {errorMessage(query.error, 'Emergency contacts could not be loaded.')}
      </p>
    )
  }
  if (!data) return <p>Loading emergency contacts…</p>
  return (
    <section aria-labelledby="ntk-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="ntk-heading" className="text-xl font-bold text-brand-950">
          Emergency contacts and needs
        </h2>
        <Button variant="secondary" onClick={() => window.print()} className="print:hidden">
          <Printer aria-hidden="true" className="size-4" /> Print
        </Button>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        Need-to-know: your view is recorded. Hidden from everyone from {formatDate(data.hiddenAt)}.
      </p>
      <div className="mt-3">
        <DataTable
          caption="Emergency contacts"
          columns={[
            { key: 'name', header: 'Name', rowHeader: true, cell: (r) => r.name },
            { key: 'part', header: 'Part', cell: (r) => r.part ?? r.typeLabel },
            { key: 'phone', header: 'Phone', cell: (r) => <PhoneLink number={r.phone} /> },
            {
              key: 'contact',
              header: 'Emergency contact',
              cell: (r) =>
                r.contactName ? (
                  <>
                    {r.contactName} ({r.contactRelationship}) <PhoneLink number={r.contactPhone} />
                  </>
                ) : (
                  'None given'
                ),
            },
            { key: 'access', header: 'Access and medical needs', cell: (r) => r.access },
            { key: 'dietary', header: 'Dietary', cell: (r) => r.dietary },
          ]}
          rows={data.rows}
          rowKey={(r) => r.id}
          density="compact"
        />
      </div>
    </section>
  )
}

/** A phone number one tap away on a phone: `tel:` with the digits and a leading +, as typed shown. */
function PhoneLink({ number }: { number: string | null | undefined }) {
  if (!number) return null
  const dial = number.replace(/[^\d+]/g, '')
  if (dial.replace('+', '').length < 3) return <>{number}</>
  return (
    <a href={`tel:${dial}`} className="whitespace-nowrap text-brand-800 underline">
      {number}
    </a>
  )
}
