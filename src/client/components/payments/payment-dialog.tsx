import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { DataTable, type DataColumn } from '#client/components/ui/data-table.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { Form, Group, ListButton, Select, TextInput } from '#client/components/ui/form/index.ts'
import { formatPence } from '#core/money.ts'
import type { AcceptanceApplicationQuery as EntryData, PaymentMethod } from '#client/gql/graphql.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { errorMessage } from '#client/lib/mutation-failure.ts'
import { AcceptanceApplicationQuery } from './payment.query.ts'
import { usePaymentEntries, type PaymentEntriesValues } from './use-payment-entries.ts'
import { PAYMENT_METHOD_LABELS } from '#core/applications/payments.ts'
import { CardRefundButton } from './card-refund-button.tsx'
import { ReceiptButton } from './receipt-button.tsx'

const METHODS: { value: PaymentMethod; label: string }[] = [
  { value: 'BANK_TRANSFER', label: 'Bank transfer' },
  { value: 'CASH', label: 'Cash' },
  { value: 'CARD', label: 'Card' },
  { value: 'OTHER', label: 'Other' },
]

type Entry = NonNullable<EntryData['acceptanceApplication']>
type Line = Entry['ledger'][number]

/** The lines with what is paid, and each paid line's receipt for the member (issue 28). */
const ledgerColumns = (applicationId: string): DataColumn<Line>[] => [
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
  {
    key: 'receipt',
    header: 'Receipt',
    hideHeader: true,
    cell: (line) =>
      line.paidPence > 0 ? (
        <ReceiptButton applicationId={applicationId} lineKey={line.key} lineLabel={line.label} />
      ) : null,
  },
]

interface DialogProps {
  applicationId: string
  name: string
  timeZone: string
  onClose: () => void
  onDone: (message: string) => void
}

/** Record payments (or refunds, negative) against an application's payment lines: several at once. */
export function PaymentDialog(props: DialogProps) {
  const { applicationId, name, onClose } = props
  const [query] = useQuery({
    query: AcceptanceApplicationQuery,
    variables: { id: applicationId },
    requestPolicy: 'network-only',
  })
  const entry = query.data?.acceptanceApplication
  return (
    <Dialog title={`Record payment: ${name}`} onClose={onClose}>
      {query.fetching && !entry ? <p className="text-slate-700">Loading what is owed…</p> : null}
      {query.error ? (
        <p role="alert" className="text-red-800">
          {errorMessage(query.error, 'What is owed could not be loaded.')}
        </p>
      ) : null}
      {entry && entry.ledger.length === 0 ? (
        <p className="text-slate-700">This application type has no payment lines.</p>
      ) : null}
      {entry && entry.ledger.length > 0 ? <PaymentForm {...props} entry={entry} /> : null}
    </Dialog>
  )
}

function PaymentForm({
  applicationId,
  name,
  timeZone,
  onClose,
  onDone,
  entry,
}: DialogProps & { entry: Entry }) {
  const lines = entry.ledger
  const { form, entries, add, submit, message, fetching } = usePaymentEntries({
    applicationId,
    name,
    lines,
    onDone,
  })
  const lineOptions = lines.map((l) => ({ value: l.key, label: l.label }))
  return (
    <Form
      form={form}
      onSubmit={submit}
      idPrefix={`pay-${applicationId}`}
      message={message}
      className="space-y-4"
    >
      <DataTable
        caption="Payment lines"
        scroll={false}
        frame="bare"
        density="compact"
        columns={ledgerColumns(applicationId)}
        rows={lines}
        rowKey={(line) => line.key}
      />
      {entries.fields.map((field, index) => (
        <Group key={field.id} level="row" legend={`Payment ${String(index + 1)}`}>
          <div className="grid gap-3 sm:grid-cols-2">
            <Select<PaymentEntriesValues>
              name={`entries.${index}.lineKey`}
              label="Payment line"
              options={lineOptions}
              data-autofocus={index === 0 ? true : undefined}
            />
            <TextInput<PaymentEntriesValues>
              name={`entries.${index}.amount`}
              label="Amount (£)"
              hint="Negative for a refund."
              inputMode="decimal"
            />
            <Select<PaymentEntriesValues> name={`entries.${index}.method`} label="Method" options={METHODS} />
            <TextInput<PaymentEntriesValues>
              name={`entries.${index}.reference`}
              label="Reference"
              hint="Optional: a receipt number or the bank reference."
              maxLength={200}
            />
          </div>
          {entries.fields.length > 1 ? (
            <ListButton className="mt-3" onClick={() => entries.remove(index)}>
              Remove payment {index + 1}
            </ListButton>
          ) : null}
        </Group>
      ))}
      <ListButton onClick={add}>Add another payment</ListButton>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={fetching}>
          {entries.fields.length > 1 ? `Record ${String(entries.fields.length)} payments` : 'Record payment'}
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
                {lines.find((l) => l.key === p.lineKey)?.label ?? 'a line no longer offered'} (
                {PAYMENT_METHOD_LABELS[p.method].toLowerCase()}
                {p.reference ? `, ${p.reference}` : ''})
                {p.method === 'CARD_ONLINE' && p.amountPence > 0 ? (
                  <CardRefundButton paymentId={p.id} amountPence={p.amountPence} onDone={onDone} />
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Form>
  )
}
