import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Notice } from '#client/components/ui/notice.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { HoldTicketsMutation as HoldResult } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { useNow } from '#client/lib/use-now.ts'
import { formatTicketPrice, HOLD_MINUTES, type PaymentChoice } from '#core/tickets/tickets.ts'
import { ConfirmTicketOrderMutation } from '../graphql/ticket-holder.queries.ts'
import { HoldTicketsMutation, ReleaseHeldTicketOrderMutation } from '../graphql/tickets.queries.ts'
import { formatCountdown, holdAnnouncement } from '../hold-countdown.ts'

type Held = HoldResult['holdTickets'] & { deadline: number }
type Step =
  | { kind: 'choose' }
  | { kind: 'details'; held: Held }
  | { kind: 'lapsed' }
  | { kind: 'done'; message: string }

interface Props {
  eventSlug: string
  type: { id: string; name: string; pricePence: number }
  /** The most this buyer may take now (left, and the per-person limit). */
  max: number
}

/**
 * The shop's two-step checkout (decision 0022): choose how many ("Continue" holds them for
 * HOLD_MINUTES), then names and payment ("Confirm"). The hold shows a countdown, said politely to
 * screen readers at a few thresholds; when it runs out the buyer starts again. "Cancel" lets the
 * hold go at once; leaving the page lets the release job give it back at the end.
 */
export function TicketCheckout({ eventSlug, type, max }: Props) {
  const { user } = useAuth()
  const [step, setStepNow] = useState<Step>({ kind: 'choose' })
  // Focus follows a step change the buyer caused (never on the page's first render).
  const moved = useRef(false)
  const setStep = (next: Step) => {
    moved.current = true
    setStepNow(next)
  }
  const [quantity, setQuantity] = useState(1)
  const [email, setEmail] = useState(user?.email ?? '')
  const hold = useAppMutation(HoldTicketsMutation, { report: 'inline' })
  const focus = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (moved.current) focus.current?.focus()
  }, [step.kind])

  if (step.kind === 'done') {
    return (
      <div ref={(el) => void (focus.current = el)} tabIndex={-1} className="outline-none">
        <Notice tone="success">{step.message}</Notice>
      </div>
    )
  }
  if (step.kind === 'lapsed') {
    return (
      <div ref={(el) => void (focus.current = el)} tabIndex={-1} className="outline-none">
        <p role="alert" className="text-sm text-slate-800">
          Your {HOLD_MINUTES} minutes ran out, so the tickets went back on sale. Nothing was bought.
        </p>
        <Button className="mt-2" variant="secondary" onClick={() => setStep({ kind: 'choose' })}>
          Start again
        </Button>
      </div>
    )
  }
  if (step.kind === 'details') {
    return (
      <Details
        eventSlug={eventSlug}
        held={step.held}
        headingRef={(el) => void (focus.current = el)}
        onDone={(message) => setStep({ kind: 'done', message })}
        onLapsed={() => setStep({ kind: 'lapsed' })}
        onCancelled={() => setStep({ kind: 'choose' })}
      />
    )
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const started = Date.now()
    const r = await hold.run({ eventSlug, ticketTypeId: type.id, quantity, email })
    // The deadline on this device's clock, from when the request left (never after the server's).
    if (r.ok)
      setStep({ kind: 'details', held: { ...r.data.holdTickets, deadline: started + HOLD_MINUTES * 60_000 } })
  }
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={submit}>
      <div>
        <label htmlFor={`q-${type.id}`} className="block text-sm font-semibold text-slate-900">
          Tickets
        </label>
        <select
          ref={(el) => void (focus.current = el)}
          id={`q-${type.id}`}
          className={`mt-1.5 ${fieldClass()}`}
          value={quantity}
          onChange={(e) => setQuantity(Number(e.target.value))}
        >
          {Array.from({ length: Math.max(1, max) }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {i + 1}
            </option>
          ))}
        </select>
      </div>
      {user ? (
        <p className="self-end pb-2 text-sm text-slate-600">Sent to {user.email}</p>
      ) : (
        <TextField
          label="Email for the tickets"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          autoComplete="email"
          hint="The tickets go only to this address."
        />
      )}
      <div className="sm:col-span-2">
        <Button type="submit" pending={hold.fetching}>
          Continue with {quantity} {type.name} ticket{quantity === 1 ? '' : 's'}
        </Button>
        <p className="mt-1 text-sm text-slate-600">
          {type.pricePence === 0 ? 'Free.' : `${formatTicketPrice(type.pricePence * quantity)} in all.`} We
          hold them for you for {HOLD_MINUTES} minutes while you finish.
        </p>
        {hold.message ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {hold.message}
          </p>
        ) : null}
      </div>
    </form>
  )
}

function Details({
  eventSlug,
  held,
  headingRef,
  onDone,
  onLapsed,
  onCancelled,
}: {
  eventSlug: string
  held: Held
  headingRef: (el: HTMLElement | null) => void
  onDone: (message: string) => void
  onLapsed: () => void
  onCancelled: () => void
}) {
  const { user } = useAuth()
  const now = useNow(1000)
  const secondsLeft = (held.deadline - now.getTime()) / 1000
  const [buyerName, setBuyerName] = useState(user?.name ?? '')
  const [names, setNames] = useState<string[]>(() => Array.from({ length: held.quantity }, () => ''))
  const [payment, setPayment] = useState<PaymentChoice>('PAY_AT_DOOR')
  const confirm = useAppMutation(ConfirmTicketOrderMutation, { report: 'inline' })
  const release = useAppMutation(ReleaseHeldTicketOrderMutation, { report: 'inline' })
  const lapsed = secondsLeft <= 0
  useEffect(() => {
    if (lapsed) onLapsed()
  }, [lapsed, onLapsed])
  const free = held.amountPence === 0
  const idBase = `checkout-${eventSlug}-${held.claimToken.slice(0, 8)}`

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const attendeeNames = names.map((n) => n.trim() || buyerName.trim())
    const r = await confirm.run({ claimToken: held.claimToken, buyerName, attendeeNames, payment })
    if (r.ok) {
      const c = r.data.confirmTicketOrder
      const pay = free
        ? ''
        : payment === 'BANK_TRANSFER'
          ? ` Please pay ${formatTicketPrice(held.amountPence)} by bank transfer quoting ${c.reference}.`
          : ` Please pay ${formatTicketPrice(held.amountPence)} at the door (reference ${c.reference}).`
      onDone(`Done: ${c.tickets} ticket${c.tickets === 1 ? '' : 's'} sent to ${held.email}.${pay}`)
    } else if (r.failure.code === 'NOT_FOUND' || r.failure.code === 'CONFLICT') {
      onLapsed()
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-labelledby={`${idBase}-title`}>
      <div className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <h3
          id={`${idBase}-title`}
          ref={headingRef}
          tabIndex={-1}
          aria-describedby={`${idBase}-held`}
          className="font-semibold outline-none"
        >
          {held.quantity} × {held.typeName}: {free ? 'free' : formatTicketPrice(held.amountPence)}
        </h3>
        <p id={`${idBase}-held`}>
          Held for you for{' '}
          <span role="timer" className="font-semibold tabular-nums">
            {formatCountdown(secondsLeft)}
          </span>
          . Finish below before then.
        </p>
        <p aria-live="polite" className="sr-only">
          {holdAnnouncement(secondsLeft)}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Your name"
          value={buyerName}
          onChange={(e) => setBuyerName(e.target.value)}
          required
          autoComplete="name"
        />
        <p className="self-end pb-2 text-sm text-slate-600">Tickets go to {held.email}</p>
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">
          {held.quantity === 1 ? 'Name on the ticket' : 'Names on the tickets'}
        </legend>
        <p className="text-sm text-slate-600">Left empty: your name.</p>
        <div className="mt-1.5 grid gap-4 sm:grid-cols-2">
          {names.map((name, i) => (
            <TextField
              key={i}
              label={`Ticket ${i + 1}`}
              value={name}
              onChange={(e) => setNames((all) => all.map((n, j) => (j === i ? e.target.value : n)))}
              autoComplete="off"
            />
          ))}
        </div>
      </fieldset>
      {free ? (
        <p className="text-sm text-slate-700">Nothing to pay: the tickets are issued at once.</p>
      ) : (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">How you will pay</legend>
          <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
            {(
              [
                ['PAY_AT_DOOR', 'Pay at the door'],
                ['BANK_TRANSFER', 'Bank transfer with reference'],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm"
              >
                <input
                  type="radio"
                  name={`${idBase}-payment`}
                  value={value}
                  checked={payment === value}
                  onChange={() => setPayment(value)}
                  className="size-4"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {confirm.message || release.message ? (
        <p role="alert" className="text-sm text-red-700">
          {confirm.message ?? release.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={confirm.fetching}>
          Confirm {held.quantity === 1 ? 'the ticket' : `the ${held.quantity} tickets`}
        </Button>
        <Button
          variant="secondary"
          pending={release.fetching}
          onClick={async () => {
            const r = await release.run({ claimToken: held.claimToken })
            if (r.ok || r.failure.code === 'NOT_FOUND') onCancelled()
          }}
        >
          Cancel and release
        </Button>
      </div>
    </form>
  )
}
