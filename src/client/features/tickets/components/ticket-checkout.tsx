import { useEffect, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { Form, Select, TextInput, zodResolver } from '#client/components/ui/form/index.ts'
import { Notice } from '#client/components/ui/notice.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { formatPence } from '#core/money.ts'
import { EMAIL_CONFIRM_WAIT } from '#core/tickets/email-confirmation.ts'
import { HOLD_MINUTES, purchaseInputSchema } from '#core/tickets/tickets.ts'
import { HoldTicketsMutation } from '../graphql/tickets.queries.ts'
import { quantityOptions } from '../quantity-options.ts'
import { Details, type Held } from './ticket-checkout-details.tsx'

type Step =
  | { kind: 'choose' }
  | { kind: 'details'; held: Held }
  | { kind: 'lapsed' }
  | { kind: 'done'; message: string }

interface ChooseValues {
  /** As the select holds it: "1", "2"… */
  quantity: string
  email: string
}

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
  const form = useForm<ChooseValues>({
    defaultValues: { quantity: '1', email: user?.email ?? '' },
    // The buyer's address is checked when they type it; a member's is their account's.
    resolver: zodResolver<ChooseValues>(
      purchaseInputSchema.pick(user ? { quantity: true } : { quantity: true, email: true }),
      { toInput: (values) => ({ quantity: Number(values.quantity), email: values.email.trim() }) },
    ),
  })
  const quantity = Number(useWatch({ control: form.control, name: 'quantity' }))
  const hold = useAppMutation(HoldTicketsMutation, { report: 'inline' })
  const focus = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (!moved.current) return
    if (step.kind === 'choose') form.setFocus('quantity')
    else focus.current?.focus()
  }, [step.kind, form])

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
  const submit = async (values: ChooseValues) => {
    const started = Date.now()
    const r = await hold.run(
      { eventSlug, ticketTypeId: type.id, quantity: Number(values.quantity), email: values.email.trim() },
      { form: { setError: form.setError } },
    )
    // The deadline on this device's clock, from when the request left (never after the server's).
    if (r.ok)
      setStep({ kind: 'details', held: { ...r.data.holdTickets, deadline: started + HOLD_MINUTES * 60_000 } })
  }
  return (
    <Form
      form={form}
      onSubmit={submit}
      idPrefix={`q-${type.id}`}
      summary={false}
      className="grid gap-3 sm:grid-cols-2"
    >
      <Select<ChooseValues> name="quantity" label="Tickets" options={quantityOptions(max)} />
      {user ? (
        <p className="self-end pb-2 text-sm text-slate-600">Sent to {user.email}</p>
      ) : (
        <TextInput<ChooseValues>
          name="email"
          label="Email for the tickets"
          type="email"
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
          {type.pricePence === 0 ? 'Free.' : `${formatPence(type.pricePence * quantity)} in all.`} We hold
          them for you for {HOLD_MINUTES} minutes while you finish
          {user ? '.' : `, then you confirm from the link we email you within ${EMAIL_CONFIRM_WAIT}.`}
        </p>
        {hold.message ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {hold.message}
          </p>
        ) : null}
      </div>
    </Form>
  )
}
