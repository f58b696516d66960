import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { Form, TextInput, zodResolver } from '#client/components/ui/form/index.ts'
import { RadioGroup } from '#client/components/ui/form/radio-group.tsx'
import type { HoldTicketsMutation as HoldResult } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { formatDateTime } from '#client/lib/format.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { useNow } from '#client/lib/use-now.ts'
import { formatPence } from '#core/money.ts'
import { PaymentInstructions } from '#client/components/payments/payment-instructions.tsx'
import { EMAIL_CONFIRM_WAIT } from '#core/tickets/email-confirmation.ts'
import {
  PAYMENT_CHOICE_LABELS,
  PAYMENT_CHOICES,
  purchaseInputSchema,
  type PaymentChoice,
} from '#core/tickets/tickets.ts'
import { ConfirmTicketOrderMutation } from '../graphql/ticket-holder.queries.ts'
import {
  ReleaseHeldTicketOrderMutation,
  StartTicketCardCheckoutMutation,
} from '../graphql/tickets.queries.ts'
import { formatCountdown, holdAnnouncement } from '../hold-countdown.ts'

export type Held = HoldResult['holdTickets'] & { deadline: number }

/** Each ticket's label in the names list: its type, numbered within the type when there are several. */
function ticketLabels(lines: Held['lines']): string[] {
  return lines.flatMap((l) =>
    Array.from({ length: l.quantity }, (_, i) => (l.quantity === 1 ? l.typeName : `${l.typeName} ${i + 1}`)),
  )
}

interface DetailsValues {
  buyerName: string
  /** Left empty: the buyer's name. */
  attendeeNames: string[]
  payment: PaymentChoice
}

/** The names and payment the server checks when the order is confirmed, as when buying. */
const detailsSchema = purchaseInputSchema.pick({ buyerName: true, attendeeNames: true, payment: true })

/** A ticket's name left empty is the buyer's. */
const withBuyerName = (values: DetailsValues): DetailsValues => ({
  ...values,
  attendeeNames: values.attendeeNames.map((n) => n.trim() || values.buyerName.trim()),
})

/** The ways to pay the checkout offers: by card only when the server says so (decision 0054). */
const paymentOptions = (byCard: boolean) =>
  PAYMENT_CHOICES.filter((c) => byCard || c !== 'CARD').map((value) => ({
    value,
    label: PAYMENT_CHOICE_LABELS[value],
  }))

/**
 * The checkout's second step: the held tickets' countdown, the buyer's and the tickets' names and how
 * to pay ("Confirm"), or "Cancel and release".
 */
export function Details({
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
  onDone: (message: string, orderToken: string | null) => void
  onLapsed: () => void
  onCancelled: () => void
}) {
  const { user } = useAuth()
  const timeZone = useSocietyTimeZone()
  const now = useNow(1000)
  const secondsLeft = (held.deadline - now.getTime()) / 1000
  const form = useForm<DetailsValues>({
    defaultValues: {
      buyerName: user?.name ?? '',
      attendeeNames: Array.from({ length: held.quantity }, () => ''),
      payment: 'PAY_AT_DOOR',
    },
    resolver: zodResolver<DetailsValues>(detailsSchema, { toInput: withBuyerName }),
  })
  const confirm = useAppMutation(ConfirmTicketOrderMutation, { report: 'inline' })
  const release = useAppMutation(ReleaseHeldTicketOrderMutation, { report: 'inline' })
  const card = useAppMutation(StartTicketCardCheckoutMutation, { report: 'inline' })
  const lapsed = secondsLeft <= 0
  useEffect(() => {
    if (lapsed) onLapsed()
  }, [lapsed, onLapsed])
  const free = held.amountPence === 0
  const idBase = `checkout-${eventSlug}-${held.claimToken.slice(0, 8)}`

  const labels = ticketLabels(held.lines)
  const payment = useWatch({ control: form.control, name: 'payment' })
  const submit = async (values: DetailsValues) => {
    if (values.payment === 'CARD') {
      // To Stripe's page; the tickets are issued when Stripe confirms the payment, never on return.
      const { buyerName, attendeeNames } = withBuyerName(values)
      const started = await card.run(
        { claimToken: held.claimToken, buyerName, attendeeNames },
        { form: { setError: form.setError } },
      )
      if (started.ok) window.location.assign(started.data.startTicketCardCheckout.url)
      else if (started.failure.code === 'NOT_FOUND') onLapsed()
      return
    }
    const r = await confirm.run(
      { claimToken: held.claimToken, ...withBuyerName(values) },
      { form: { setError: form.setError } },
    )
    if (r.ok && r.data.confirmTicketOrder.confirmBy) {
      // Signed out: nothing is issued until the emailed link is used (issue 26).
      onDone(
        `We've emailed a link to ${held.email}; your tickets are kept until ${formatDateTime(r.data.confirmTicketOrder.confirmBy, timeZone)}. Open it within ${EMAIL_CONFIRM_WAIT} to confirm the order, or the tickets go back on sale.`,
        null,
      )
    } else if (r.ok) {
      const c = r.data.confirmTicketOrder
      const pay = free
        ? ''
        : values.payment === 'BANK_TRANSFER'
          ? ` Please pay ${formatPence(held.amountPence)} by bank transfer quoting ${c.reference}: the account is on your order's page and in the email.`
          : ` Please pay ${formatPence(held.amountPence)} at the door (reference ${c.reference}).`
      onDone(
        `Done: ${c.tickets} ticket${c.tickets === 1 ? '' : 's'} sent to ${held.email}.${pay}`,
        c.orderToken ?? null,
      )
    } else if (r.failure.code === 'NOT_FOUND' || r.failure.code === 'CONFLICT') {
      onLapsed()
    }
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      idPrefix={idBase}
      summary={false}
      className="grid gap-4"
      aria-labelledby={`${idBase}-title`}
    >
      <div className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <h3
          id={`${idBase}-title`}
          ref={headingRef}
          tabIndex={-1}
          aria-describedby={`${idBase}-held`}
          className="font-semibold outline-none"
        >
          {held.typeName}: {formatPence(held.amountPence)}
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
        <TextInput<DetailsValues> name="buyerName" label="Your name" required autoComplete="name" />
        <p className="self-end pb-2 text-sm text-slate-600">Tickets go to {held.email}</p>
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">
          {held.quantity === 1 ? 'Name on the ticket' : 'Names on the tickets'}
        </legend>
        <p className="text-sm text-slate-600">Left empty: your name.</p>
        <div className="mt-1.5 grid gap-4 sm:grid-cols-2">
          {Array.from({ length: held.quantity }, (_, i) => (
            <TextInput<DetailsValues>
              key={i}
              name={`attendeeNames.${i}`}
              label={labels[i] ?? `Ticket ${i + 1}`}
              autoComplete="off"
            />
          ))}
        </div>
      </fieldset>
      {free ? (
        <p className="text-sm text-slate-700">Nothing to pay: the tickets are issued at once.</p>
      ) : (
        <RadioGroup<DetailsValues>
          name="payment"
          legend="How you will pay"
          options={paymentOptions(held.payByCard)}
        />
      )}
      {!free && payment === 'CARD' ? (
        <p className="text-sm text-slate-700">
          You pay {formatPence(held.amountPence)} on Stripe’s secure card page. Your tickets are kept for you
          while you pay and emailed to {held.email} as soon as the payment goes through.
        </p>
      ) : null}
      {!free && payment === 'BANK_TRANSFER' && held.bankTransfer ? (
        <PaymentInstructions instructions={held.bankTransfer} />
      ) : null}
      {confirm.message || release.message || card.message ? (
        <p role="alert" className="text-sm text-red-700">
          {confirm.message ?? release.message ?? card.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={confirm.fetching || card.fetching}>
          {!free && payment === 'CARD'
            ? `Pay ${formatPence(held.amountPence)} by card`
            : `Confirm ${held.quantity === 1 ? 'the ticket' : `the ${held.quantity} tickets`}`}
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
    </Form>
  )
}
