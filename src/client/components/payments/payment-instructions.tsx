import type { PaymentInstructionsFieldsFragment as Instructions } from '#client/gql/graphql.ts'

/**
 * How to pay what is owed: the method, the society's account for a transfer, and the payer's own
 * reference. Beside an application's payment lines, and in a ticket checkout and order page.
 */
export function PaymentInstructions({ instructions }: { instructions: Instructions }) {
  const details = [
    ['Account name', instructions.accountName],
    ['Sort code', instructions.sortCode],
    ['Account number', instructions.accountNumber],
    ['Your reference', instructions.reference],
  ].filter((d): d is [string, string] => Boolean(d[1]))
  return (
    <div className="mt-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-slate-900">
      <h4 className="font-semibold">How to pay</h4>
      <p className="mt-1">{instructions.summary}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-mono font-semibold break-all">{value}</dd>
          </div>
        ))}
      </dl>
      {instructions.note ? <p className="mt-2 text-slate-700">{instructions.note}</p> : null}
    </div>
  )
}
