import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { Form, TextInput, zodResolver } from '#client/components/ui/form/index.ts'
import { useIdPrefix } from '#client/components/ui/form/use-id-prefix.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { HOLDER_CUTOFF_HOURS, transferInputSchema } from '#core/tickets/tickets.ts'
import { formatPence } from '#core/money.ts'
import { CancelTicketMutation, TransferTicketMutation } from '../graphql/ticket-holder.queries.ts'

/**
 * Transfer (to another person by email: the ticket gets a new code, this QR stops working) and
 * cancel (under the event's policy), for whoever holds the ticket's code.
 */
export function TicketHolderActions({
  code,
  eventSlug,
  onDone,
}: {
  code: string
  eventSlug: string
  onDone: (message: string) => void
}) {
  const [open, setOpen] = useState<'transfer' | 'cancel' | null>(null)
  return (
    <div className="mt-3 print:hidden">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          aria-expanded={open === 'transfer'}
          onClick={() => setOpen(open === 'transfer' ? null : 'transfer')}
        >
          Transfer
        </Button>
        <Button
          variant="secondary"
          aria-expanded={open === 'cancel'}
          onClick={() => setOpen(open === 'cancel' ? null : 'cancel')}
        >
          Cancel ticket
        </Button>
      </div>
      {open === 'transfer' ? <TransferForm code={code} onDone={onDone} /> : null}
      {open === 'cancel' ? <CancelConfirm code={code} eventSlug={eventSlug} onDone={onDone} /> : null}
    </div>
  )
}

interface TransferValues {
  toName: string
  toEmail: string
}

function TransferForm({ code, onDone }: { code: string; onDone: (message: string) => void }) {
  const form = useForm<TransferValues>({
    defaultValues: { toName: '', toEmail: '' },
    resolver: zodResolver<TransferValues>(transferInputSchema, {
      toInput: (values) => ({ code, ...values }),
    }),
  })
  const transfer = useAppMutation(TransferTicketMutation, { report: 'inline' })
  const submit = async ({ toName, toEmail }: TransferValues) => {
    const r = await transfer.run({ code, toName, toEmail }, { form: { setError: form.setError } })
    if (r.ok) onDone(`Transferred to ${toName.trim()} (${toEmail.trim()}); this QR code no longer works.`)
  }
  return (
    <Form
      form={form}
      onSubmit={submit}
      idPrefix={useIdPrefix('transfer')}
      summary={false}
      className="mt-3 grid gap-3 sm:grid-cols-2"
    >
      <TextInput<TransferValues> name="toName" label="New holder’s name" required />
      <TextInput<TransferValues> name="toEmail" label="New holder’s email" type="email" required />
      <p className="text-sm text-slate-600 sm:col-span-2">
        They get the ticket by email with a new code; this one stops working at once.
      </p>
      {transfer.message ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {transfer.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" pending={transfer.fetching}>
          Transfer the ticket
        </Button>
      </div>
    </Form>
  )
}

function CancelConfirm({
  code,
  eventSlug,
  onDone,
}: {
  code: string
  eventSlug: string
  onDone: (message: string) => void
}) {
  const cancel = useAppMutation(CancelTicketMutation, { report: 'inline' })
  return (
    <div className="mt-3 space-y-2 text-sm">
      <p className="text-slate-700">
        Cancelling is possible until {HOLDER_CUTOFF_HOURS} hours before the event; the ticket’s place goes to
        the waitlist. Read the{' '}
        <Link className="underline" to={`/${encodeURIComponent(eventSlug)}/cancellations-and-refunds`}>
          cancellations and refunds policy
        </Link>
        .
      </p>
      {cancel.message ? (
        <p role="alert" className="text-red-700">
          {cancel.message}
        </p>
      ) : null}
      <Button
        pending={cancel.fetching}
        onClick={async () => {
          const r = await cancel.run({ code })
          if (!r.ok) return
          const refund = r.data.cancelTicket
          onDone(
            refund > 0
              ? `Ticket cancelled. A refund of ${formatPence(refund)} is due; the committee will pay it back.`
              : 'Ticket cancelled.',
          )
        }}
      >
        Yes, cancel this ticket
      </Button>
    </div>
  )
}
