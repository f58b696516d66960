import { useId, useState, type FormEvent } from 'react'
import toast from 'react-hot-toast'
import { useQuery } from 'urql'
import { formatPence, parsePounds } from '#core/applications/payments.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { OperationsOverviewQuery, PaymentMethod } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { OperationsLedgerQuery, OperationsPaymentMutation } from '../graphql/operations.query.ts'

const METHODS: { value: PaymentMethod; label: string }[] = [
  { value: 'BANK_TRANSFER', label: 'Bank transfer' },
  { value: 'CASH', label: 'Cash' },
  { value: 'CARD', label: 'Card' },
  { value: 'OTHER', label: 'Other' },
]

/** A line of the operations table (what the dialog needs of it). */
export type Participant = OperationsOverviewQuery['operationsOverview']['participants'][number]

const select = `mt-1 ${fieldClass()}`
const pounds = (pence: number) => (pence / 100).toFixed(2)

/** Record a payment or (negative) a refund on one line: the acceptance page's use case (recordPayment). */
export function PaymentDialog(props: { participant: Participant; onClose: () => void; onDone: () => void }) {
  const [query] = useQuery({
    query: OperationsLedgerQuery,
    variables: { id: props.participant.id },
    requestPolicy: 'network-only',
  })
  const lines = query.data?.acceptanceApplication?.ledger
  if (!lines) {
    return (
      <Dialog title={`Record payment: ${props.participant.name}`} onClose={props.onClose}>
        <p>{query.error ? 'What is owed could not be loaded.' : 'Loading what is owed…'}</p>
      </Dialog>
    )
  }
  return <PaymentForm {...props} lines={lines} />
}

type Line = {
  key: string
  label: string
  amountPence: number
  dueDate?: string | null
  paidPence: number
  outstandingPence: number
  paid: boolean
}

function PaymentForm({
  lines,
  participant,
  onClose,
  onDone,
}: {
  lines: Line[]
  participant: Participant
  onClose: () => void
  onDone: () => void
}) {
  const [lineKey, setLineKey] = useState((lines.find((l) => !l.paid) ?? lines[0])?.key ?? '')
  const line = lines.find((l) => l.key === lineKey)
  const [amount, setAmount] = useState(line ? pounds(line.outstandingPence || line.amountPence) : '')
  const [method, setMethod] = useState<PaymentMethod>('BANK_TRANSFER')
  const [reference, setReference] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const record = useAppMutation(OperationsPaymentMutation, { report: 'inline' })
  const lineId = useId()
  const methodId = useId()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const pence = parsePounds(amount)
    if (!line || pence === null || pence === 0) {
      setProblem('Enter an amount in pounds, such as 25 or 12.50 (negative for a refund).')
      return
    }
    setProblem(null)
    const outcome = await record.run({
      applicationId: participant.id,
      lineKey: line.key,
      amountPence: pence,
      method,
      reference,
    })
    if (outcome.ok) {
      toast.success(
        `${formatPence(pence)} recorded for ${participant.name}${outcome.data.recordPayment.status === 'PAID' ? '; all paid.' : '.'}`,
      )
      onDone()
    }
  }

  return (
    <Dialog title={`Record payment: ${participant.name}`} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <ul className="text-sm text-slate-700">
          {lines.map((l) => (
            <li key={l.key}>
              {l.label}: {formatPence(l.paidPence)} of {formatPence(l.amountPence)} paid
              {l.dueDate ? `, due ${l.dueDate}` : ''}
            </li>
          ))}
        </ul>
        <div>
          <label htmlFor={lineId} className="block text-sm font-semibold text-slate-900">
            Payment line
          </label>
          <select
            id={lineId}
            className={select}
            value={lineKey}
            data-autofocus
            onChange={(e) => {
              setLineKey(e.target.value)
              const next = lines.find((l) => l.key === e.target.value)
              if (next) setAmount(pounds(next.outstandingPence || next.amountPence))
            }}
          >
            {lines.map((l) => (
              <option key={l.key} value={l.key}>
                {l.label}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Amount (£)"
          hint="Negative for a refund."
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={problem}
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
          hint="Optional."
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
      </form>
    </Dialog>
  )
}
