import { useFieldArray, useForm } from 'react-hook-form'
import { parsePounds, recordPaymentsSchema, type PaymentMethod } from '#core/applications/payments.ts'
import { formatPence } from '#core/money.ts'
import { zodResolver } from '#client/components/ui/form/index.ts'
import type { FieldProblem, PlacedProblems } from '#client/lib/mutation-failure.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { penceToPounds } from './amount.ts'
import { RecordPaymentsMutation } from './payment.query.ts'

/** One payment as the dialog holds it: the amount as typed, in pounds. */
export interface EntryValues {
  lineKey: string
  amount: string
  method: PaymentMethod
  reference: string
}
export interface PaymentEntriesValues {
  entries: EntryValues[]
}

export interface OwedLineView {
  key: string
  label: string
  outstandingPence: number
  amountPence: number
  paid: boolean
}

/** The pence an amount typed in pounds means (negative: a refund); NaN when it is not money. */
export const amountPenceOf = (text: string): number => parsePounds(text) ?? Number.NaN

const toInput = (values: PaymentEntriesValues) => ({
  entries: values.entries.map(({ amount, ...entry }) => ({ ...entry, amountPence: amountPenceOf(amount) })),
})

/** The schema's and the server's `entries.N.amountPence` is the form's `entries.N.amount`. */
const formPath = (path: string) => path.replace(/\.amountPence$/, '.amount')

function placeProblems(fields: readonly FieldProblem[]): PlacedProblems {
  const placed: PlacedProblems = { fields: {}, other: [] }
  for (const { path, message } of fields) {
    if (/^entries\.\d+\./.test(path)) placed.fields[formPath(path)] ??= message
    else placed.other.push(message)
  }
  return placed
}

/** A new entry: the first line not yet in the dialog that still owes, for what it owes. */
function nextEntry(lines: readonly OwedLineView[], taken: readonly string[]): EntryValues {
  const line = lines.find((l) => !l.paid && !taken.includes(l.key)) ?? lines.find((l) => !l.paid) ?? lines[0]
  const owed = line && !taken.includes(line.key) ? line.outstandingPence || line.amountPence : 0
  return {
    lineKey: line?.key ?? '',
    amount: owed ? penceToPounds(owed) : '',
    method: 'BANK_TRANSFER',
    reference: '',
  }
}

/**
 * The payment dialog's form: several payments for one application, checked by the shared schema
 * (recordPaymentsSchema), recorded by one mutation (all of them or none).
 */
export function usePaymentEntries({
  applicationId,
  name,
  lines,
  onDone,
}: {
  applicationId: string
  name: string
  lines: readonly OwedLineView[]
  onDone: (message: string) => void
}) {
  const form = useForm<PaymentEntriesValues>({
    defaultValues: { entries: [nextEntry(lines, [])] },
    resolver: zodResolver<PaymentEntriesValues>(recordPaymentsSchema, {
      toInput,
      pathOf: (path) => formPath(path.map(String).join('.')),
    }),
  })
  const entries = useFieldArray({ control: form.control, name: 'entries' })
  const record = useAppMutation(RecordPaymentsMutation, { report: 'inline' })

  function add() {
    entries.append(
      nextEntry(
        lines,
        form.getValues('entries').map((e) => e.lineKey),
      ),
    )
  }

  async function submit(values: PaymentEntriesValues) {
    const input = toInput(values)
    const outcome = await record.run(
      { applicationId, entries: input.entries },
      { form: { setError: form.setError, place: placeProblems } },
    )
    if (!outcome.ok) return
    const total = input.entries.reduce((sum, e) => sum + e.amountPence, 0)
    const count = input.entries.length
    onDone(
      `${formatPence(total)} recorded for ${name}${count > 1 ? ` in ${String(count)} payments` : ''}${outcome.data.recordPayments.status === 'PAID' ? '; all paid.' : '.'}`,
    )
  }

  return { form, entries, add, submit, message: record.message, fetching: record.fetching }
}
