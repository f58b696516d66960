import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
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

function TransferForm({ code, onDone }: { code: string; onDone: (message: string) => void }) {
  const [toName, setToName] = useState('')
  const [toEmail, setToEmail] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const transfer = useAppMutation(TransferTicketMutation, { report: 'inline' })
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = transferInputSchema.safeParse({ code, toName, toEmail })
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])))
      return
    }
    setErrors({})
    const r = await transfer.run({ code, toName, toEmail })
    if (r.ok) onDone(`Transferred to ${toName.trim()} (${toEmail.trim()}); this QR code no longer works.`)
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-3 sm:grid-cols-2">
      <TextField
        label="New holder’s name"
        value={toName}
        onChange={(e) => setToName(e.target.value)}
        error={errors.toName}
        required
      />
      <TextField
        label="New holder’s email"
        type="email"
        value={toEmail}
        onChange={(e) => setToEmail(e.target.value)}
        error={errors.toEmail}
        required
      />
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
    </form>
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
