import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '#client/components/ui/form/index.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { basketCount, holdBasketInputSchema } from '#core/tickets/basket.ts'
import { HOLD_MINUTES } from '#core/tickets/tickets.ts'
import type { Held } from './components/ticket-checkout-details.tsx'
import { HoldTicketsMutation } from './graphql/tickets.queries.ts'
import { useBasketVoucher, type UnlockedType } from './use-basket-voucher.ts'

export type BasketStep =
  | { kind: 'choose' }
  | { kind: 'details'; held: Held }
  | { kind: 'lapsed' }
  | { kind: 'done'; message: string; orderToken: string | null }

export interface BasketType {
  id: string
  name: string
  pricePence: number
  /** The most this buyer may take now (left, and the per-person limit). */
  max: number
}

export interface BasketValues {
  /** Per ticket type id, as each select holds it: "0", "1"… */
  quantities: Record<string, string>
  email: string
  /** "Have a voucher code?": sent with the hold when given (decision 0049). */
  voucherCode: string
}

/** This browser's last hold for the event: the next hold replaces it (a reload, a second try). */
const heldKey = (eventSlug: string) => `stagedoor.held.${eventSlug}`
function lastHold(eventSlug: string): string | null {
  try {
    return sessionStorage.getItem(heldKey(eventSlug))
  } catch {
    return null
  }
}
function rememberHold(eventSlug: string, claimToken: string | null) {
  try {
    if (claimToken) sessionStorage.setItem(heldKey(eventSlug), claimToken)
    else sessionStorage.removeItem(heldKey(eventSlug))
  } catch {
    // Storage refused (private mode): the server still replaces a hold by account or email.
  }
}

const linesOf = (types: readonly BasketType[], values: BasketValues) =>
  types.map((t) => ({ ticketTypeId: t.id, quantity: Number(values.quantities[t.id] ?? '0') }))

/**
 * The basket's state (decision 0045): one quantity per ticket type and one email, "Continue" holds
 * them all in one order for HOLD_MINUTES (replacing this browser's earlier hold), then the details
 * step names the tickets and confirms.
 */
export function useTicketBasket(
  eventSlug: string,
  types: readonly BasketType[],
  onUnlocked: (types: UnlockedType[]) => void = () => {},
) {
  const { user } = useAuth()
  // Focus follows a step change the buyer caused (never on the page's first render).
  const [{ step, moved }, setState] = useState<{ step: BasketStep; moved: boolean }>({
    step: { kind: 'choose' },
    moved: false,
  })
  const [focusEl, setFocusEl] = useState<HTMLElement | null>(null)
  const setStep = (next: BasketStep) => {
    if (next.kind !== 'details') rememberHold(eventSlug, null)
    setState({ step: next, moved: true })
  }
  const first = types[0]?.id ?? ''
  const form = useForm<BasketValues>({
    defaultValues: {
      quantities: Object.fromEntries(types.map((t, i) => [t.id, i === 0 ? '1' : '0'])),
      email: user?.email ?? '',
      voucherCode: '',
    },
    // The buyer's address is checked when they type it; a member's is their account's.
    resolver: zodResolver<BasketValues>(
      holdBasketInputSchema.pick(user ? { lines: true } : { lines: true, email: true }),
      {
        toInput: (values) => ({ lines: linesOf(types, values), email: values.email.trim() }),
        pathOf: (path) => (path[0] === 'lines' ? `quantities.${first}` : path.map(String).join('.')),
      },
    ),
  })
  const quantities = useWatch({ control: form.control, name: 'quantities' })
  const chosen = types.map((t) => ({
    ticketTypeId: t.id,
    quantity: Number(quantities?.[t.id] ?? '0'),
    unitPricePence: t.pricePence,
  }))
  const voucher = useBasketVoucher(eventSlug, onUnlocked)
  const applyVoucher = () =>
    voucher.apply(
      form.getValues('voucherCode'),
      chosen.filter((l) => l.quantity > 0).map(({ ticketTypeId, quantity }) => ({ ticketTypeId, quantity })),
    )
  const hold = useAppMutation(HoldTicketsMutation, { report: 'inline' })
  useEffect(() => {
    if (!moved) return
    if (step.kind === 'choose') form.setFocus(`quantities.${first}`)
    else focusEl?.focus()
  }, [moved, step.kind, focusEl, form, first])

  const submit = async (values: BasketValues) => {
    const started = Date.now()
    const r = await hold.run(
      {
        eventSlug,
        lines: linesOf(types, values).filter((l) => l.quantity > 0),
        email: values.email.trim(),
        previousClaimToken: lastHold(eventSlug),
        voucherCode: values.voucherCode.trim() || null,
      },
      { form: { setError: form.setError } },
    )
    if (!r.ok) return
    rememberHold(eventSlug, r.data.holdTickets.claimToken)
    // The deadline on this device's clock, from when the request left (never after the server's).
    setStep({
      kind: 'details',
      held: { ...r.data.holdTickets, deadline: started + HOLD_MINUTES * 60_000 },
    })
  }
  return {
    user,
    step,
    setStep,
    form,
    hold,
    submit,
    setFocusTarget: setFocusEl,
    count: basketCount(chosen),
    priced: voucher.price(chosen),
    voucher,
    applyVoucher,
  }
}
