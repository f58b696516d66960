import { useId, useState, type FormEvent } from 'react'
import { useQuery } from 'urql'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Button } from '#client/components/ui/button.tsx'
import { DataTable, type DataColumn } from '#client/components/ui/data-table.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { formatPence } from '#core/money.ts'
import type { AcceptanceApplicationQuery as EntryData, PaymentMethod } from '#client/gql/graphql.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { errorMessage } from '#client/lib/mutation-failure.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { parsePaymentAmount, penceToPounds } from './amount.ts'
import { AcceptanceApplicationQuery, RecordPaymentMutation } from './payment.query.ts'
import { Dialog } from '#client/components/ui/dialog.tsx'

const METHODS: { value: PaymentMethod; label: string }[] = [
  { value: 'BANK_TRANSFER', label: 'Bank transfer' },
  { value: 'CASH', label: 'Cash' },
  { value: 'CARD', label: 'Card' },
  { value: 'OTHER', label: 'Other' },
]

type Line = NonNullable<EntryData['acceptanceApplication']>['ledger'][number]

const LEDGER_COLUMNS: DataColumn<Line>[] = [
  {
    key: 'line',
    header: 'Line',
    rowHeader: true,
    cell: (line) => `${line.label} (${formatPence(line.amountPence)})`,
  },
  { key: 'paid', header: 'Paid', cell: (line) => formatPence(line.paidPence) },
  {
    key: 'outstanding',
    header: 'Outstanding',
    cell: (line) => (line.paid ? 'Paid' : formatPence(line.outstandingPence)),
  },
]

const select = `mt-1 ${fieldClass()}`

/** Record a payment (or a refund, negative) against one of an application's payment lines. */
export function PaymentDialog({
  applicationId,
  name,
  timeZone,
  onClose,
  onDone,
}: {
  applicationId: string
  name: string
  timeZone: string
  onClose: () => void
  onDone: (message: string) => void
}) {
  const [query] = useQuery({
    query: AcceptanceApplicationQuery,
    variables: { id: applicationId },
    requestPolicy: 'network-only',
  })
  const record = useAppMutation(RecordPaymentMutation, { report: 'inline' })
  const entry = query.data?.acceptanceApplication
  const lines = entry?.ledger ?? []
  const [lineKey, setLineKey] = useState('')
  const chosen = lines.find((l) => l.key === lineKey) ?? lines.find((l) => !l.paid) ?? lines[0]
  const [amount, setAmount] = useState<string | null>(null)
  const [method, setMethod] = useState<PaymentMethod>('BANK_TRANSFER')
  const [reference, setReference] = useState('')
  const [amountProblem, setAmountProblem] = useState<string | null>(null)
  const lineId = useId()
  const methodId = useId()
  const amountValue = amount ?? (chosen ? penceToPounds(chosen.outstandingPence || chosen.amountPence) : '')

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!chosen) return
    const pence = parsePaymentAmount(amountValue)
    if (pence === null) {
      setAmountProblem('Enter an amount in pounds, such as 25 or 12.50 (negative for a refund).')
      return
    }
    setAmountProblem(null)
    const outcome = await record.run({
      applicationId,
      lineKey: chosen.key,
      amountPence: pence,
      method,
      reference,
    })
    if (outcome.ok)
      onDone(
        `${formatPence(pence)} recorded for ${name}${outcome.data.recordPayment.status === 'PAID' ? '; all paid.' : '.'}`,
      )
  }

  return (
    <Dialog title={`Record payment: ${name}`} onClose={onClose}>
      {query.fetching && !entry ? <p className="text-slate-700">Loading what is owed…</p> : null}
      {query.error ? (
        <p role="alert" className="text-red-800">
          {errorMessage(query.error, 'What is owed could not be loaded.')}
        </p>
      ) : null}
      {entry && lines.length === 0 ? (
        <p className="text-slate-700">This application type has no payment lines.</p>
      ) : null}
      {entry && lines.length > 0 ? (
        <form onSubmit={submit} noValidate className="space-y-4">
          <DataTable
            caption="Payment lines"
            scroll={false}
            frame="bare"
            density="compact"
            columns={LEDGER_COLUMNS}
            rows={lines}
            rowKey={(line) => line.key}
          />
          <div>
            <label htmlFor={lineId} className="block text-sm font-semibold text-slate-900">
              Payment line
            </label>
            <select
              id={lineId}
              className={select}
              value={chosen?.key ?? ''}
              onChange={(e) => {
                setLineKey(e.target.value)
                setAmount(null)
              }}
              data-autofocus
            >
              {lines.map((line) => (
                <option key={line.key} value={line.key}>
                  {line.label}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Amount (£)"
            hint="Negative for a refund."
            inputMode="decimal"
            value={amountValue}
            onChange={(e) => setAmount(e.target.value)}
            error={amountProblem}
          />
          <div>
            <label htmlFor={methodId} className="block text-sm font-semibold text-slate-900">
              Method
            </label>
            <select
              id={methodId}
              className={select}
              value={method}
              onChange={(e) => setMethod(e.target.value as PaymentMethod)}
            >
              {METHODS.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Reference"
            hint="Optional: a receipt number or the bank reference."
            value={reference}
            maxLength={200}
            onChange={(e) => setReference(e.target.value)}
          />
          {record.message ? (
            <p role="alert" className="text-red-800">
              {record.message}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" pending={record.fetching}>
              Record payment
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </div>
          {entry.payments.length ? (
            <div>
              <h3 className="text-sm font-bold text-brand-950">Recorded so far</h3>
              <ul className="mt-1 space-y-1 text-sm text-slate-700">
                {entry.payments.map((p) => (
                  <li key={p.id}>
                    {formatDateTime(p.recordedAt, timeZone)}: {formatPence(p.amountPence)} on{' '}
                    {lines.find((l) => l.key === p.lineKey)?.label ?? p.lineKey} (
                    {p.method.toLowerCase().replace('_', ' ')}
                    {p.reference ? `, ${p.reference}` : ''})
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </form>
      ) : null}
    </Dialog>
  )
}
