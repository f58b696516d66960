import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { ticketCheckoutLines } from '#core/payments/card-checkout.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { cardCheckouts, events, ticketOrders } from '#server/db/schema/index.ts'
import { requireCardProvider } from '#server/modules/payments/card-provider.ts'
import { validationError } from '#server/modules/shared/guards.ts'
import { confirmOrderInputSchema, lockOpenHold } from '#server/modules/tickets/confirm-ticket-order.ts'
import { scheduleRelease } from '#server/modules/tickets/held-orders.ts'
import { newClaimToken } from '#server/modules/tickets/issue-tickets.ts'
import { closeOpenCardCheckouts } from '#server/modules/tickets/order-card-checkouts.ts'
import { linesOf } from '#server/modules/tickets/order-lines.ts'

/** How long the hosted page stays payable: Stripe's shortest (30 minutes) plus a little. */
const CHECKOUT_MINUTES = 31

const detailsSchema = confirmOrderInputSchema.omit({ payment: true })

/**
 * "Pay by card" on a held basket (decision 0054): the amount is the order's own (its lines at the
 * prices held, the voucher's discount taken off), never a figure from the browser. The names are
 * kept on the checkout until Stripe confirms the payment, when the tickets are issued PAID. The hold
 * keeps its tickets until the card page expires (its `payBy` and release job move there), and the
 * order gets its page's token now: Stripe sends the buyer back to `/tickets/order/:token`, which
 * reads the outcome from the server. An earlier card page of the same hold is closed first.
 */
export async function startTicketCheckout(
  ctx: RequestContext,
  raw: { claimToken: string; buyerName: string; attendeeNames: string[] },
): Promise<{ id: string; url: string }> {
  const parsed = detailsSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const input = parsed.data
  const provider = requireCardProvider(ctx.services)
  const plan = await withTx(ctx, async (tx) => {
    const held = await lockOpenHold(ctx, tx, input.claimToken)
    if (input.attendeeNames.length !== held.quantity) {
      const message = `Give a name for each of the ${held.quantity} tickets.`
      throw new AppError('VALIDATION', message, { fields: [{ path: 'attendeeNames', message }] })
    }
    const [event] = await tx.select().from(events).where(eq(events.id, held.eventId))
    const lines = await linesOf(tx, held.id)
    const chosen = ticketCheckoutLines(
      { amountPence: held.amountPence, eventTitle: event!.title, reference: held.reference },
      lines.map((l) => ({
        key: l.type.id,
        typeName: l.type.name,
        quantity: l.quantity,
        unitPricePence: l.unitPricePence,
      })),
    )
    if ('refusal' in chosen) {
      throw new AppError('VALIDATION', chosen.refusal, {
        fields: [{ path: 'payment', message: chosen.refusal }],
      })
    }
    // The page's token, written with the checkout below (not before Stripe has answered).
    return { held, event: event!, orderToken: held.orderToken ?? newClaimToken(), ...chosen }
  })
  await closeOpenCardCheckouts(ctx, [plan.held.id])
  const appUrl = ctx.services.config.appUrl
  const checkout = await provider.createCheckout({
    purpose: 'TICKET_ORDER',
    subjectId: plan.held.id,
    lines: plan.lines,
    successUrl: `${appUrl}/tickets/order/${plan.orderToken}?session={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${appUrl}/${encodeURIComponent(plan.event.slug)}/ticket-sales`,
    expiresAt: new Date(ctx.now().getTime() + CHECKOUT_MINUTES * 60_000),
    customerEmail: plan.held.email,
    idempotencyKey: randomUUID(),
  })
  if (checkout.amountPence !== plan.totalPence || !checkout.url) {
    throw new Error(
      `card checkout ${checkout.id} came back for ${checkout.amountPence}, not ${plan.totalPence}`,
    )
  }
  try {
    await withTx(ctx, async (tx) => {
      const held = await lockOpenHold(ctx, tx, input.claimToken)
      await tx.insert(cardCheckouts).values({
        id: checkout.id,
        purpose: 'TICKET_ORDER',
        orderId: held.id,
        lines: plan.lines,
        buyerDetails: { buyerName: input.buyerName, attendeeNames: input.attendeeNames },
        amountPence: plan.totalPence,
        currency: checkout.currency,
        status: 'OPEN',
        startedBy: ctx.actor?.id ?? null,
        expiresAt: checkout.expiresAt,
      })
      // The hold keeps its tickets while the card page is open; the release job moves with it.
      const until = new Date(Math.max(checkout.expiresAt.getTime(), held.payBy!.getTime()))
      await tx
        .update(ticketOrders)
        .set({ payBy: until, buyerName: input.buyerName, orderToken: plan.orderToken })
        .where(eq(ticketOrders.id, held.id))
      await scheduleRelease(ctx, tx, held.id, until)
      await auditChange(tx, ctx, {
        action: 'payment.card.start',
        entityType: 'ticket_order',
        entityId: held.id,
        after: { checkoutId: checkout.id, lines: plan.lines, amountPence: plan.totalPence, until },
      })
    })
  } catch (error) {
    // The hold lapsed while Stripe answered: close the page so nothing can be paid for it.
    await provider.expireCheckout(checkout.id).catch(() => undefined)
    throw error
  }
  return { id: checkout.id, url: checkout.url }
}
