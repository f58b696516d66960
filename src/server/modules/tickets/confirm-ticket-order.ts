import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { AppError } from '#core/errors.ts'
import { needsEmailConfirmation } from '#core/tickets/email-confirmation.ts'
import { describeLines } from '#core/tickets/basket.ts'
import { MAX_PER_ORDER, PAYMENT_CHOICES } from '#core/tickets/tickets.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { events, ticketOrders, ticketWaitlist } from '#server/db/schema/index.ts'
import { validationError } from '#server/modules/shared/guards.ts'
import { awaitEmailConfirmation } from './await-email-confirmation.ts'
import { releaseOrderKey } from './held-orders.ts'
import { linesOf } from './order-lines.ts'
import { closeOpenCardCheckouts, orderIdsByClaimToken } from './order-card-checkouts.ts'
import { issueHeldOrder, type OrderRow, type TicketRow } from './issue-tickets.ts'

export const confirmOrderInputSchema = z.object({
  claimToken: z.string().min(1),
  buyerName: z.string().trim().min(1, 'Give your name.').max(120),
  attendeeNames: z
    .array(z.string().trim().min(1, 'Give each attendee a name.').max(120))
    .min(1)
    .max(MAX_PER_ORDER),
  payment: z.enum(PAYMENT_CHOICES),
})

export interface HeldLineView {
  ticketTypeId: string
  typeName: string
  quantity: number
  unitPricePence: number
}

export interface HeldView {
  claimToken: string
  eventSlug: string
  eventTitle: string
  /** The lines in words: "2 × Adult, 1 × Concession". */
  typeName: string
  /** One per ticket type, in the order the tickets' names are asked for. */
  lines: HeldLineView[]
  /** Quoted on a bank transfer. */
  reference: string
  quantity: number
  amountPence: number
  email: string
  name: string
  heldUntil: Date
  fromWaitlist: boolean
}

/** A HELD order by its claim token; null once confirmed or lapsed, or for an unknown link. */
export async function heldOrderByToken(ctx: RequestContext, claimToken: string): Promise<HeldView | null> {
  if (!claimToken) return null
  const [row] = await ctx.services.db
    .select({
      order: ticketOrders,
      eventTitle: events.title,
      eventSlug: events.slug,
      waitlistId: ticketWaitlist.id,
    })
    .from(ticketOrders)
    .innerJoin(events, eq(events.id, ticketOrders.eventId))
    .leftJoin(ticketWaitlist, eq(ticketWaitlist.orderId, ticketOrders.id))
    .where(eq(ticketOrders.claimToken, claimToken))
  if (!row || row.order.status !== 'HELD' || !row.order.payBy) return null
  const lines = (await linesOf(ctx.services.db, row.order.id)).map((l) => ({
    ticketTypeId: l.type.id,
    typeName: l.type.name,
    quantity: l.quantity,
    unitPricePence: l.unitPricePence,
  }))
  return heldViewOf(row.order, { slug: row.eventSlug, title: row.eventTitle }, lines, row.waitlistId !== null)
}

/** A HELD order as the checkout shows it, from its row, its event and its lines. */
export function heldViewOf(
  order: OrderRow,
  event: { slug: string; title: string },
  lines: HeldLineView[],
  fromWaitlist: boolean,
): HeldView {
  return {
    claimToken: order.claimToken ?? '',
    eventSlug: event.slug,
    eventTitle: event.title,
    typeName: describeLines(lines),
    lines,
    reference: order.reference,
    quantity: order.quantity,
    amountPence: order.amountPence,
    email: order.email,
    name: order.buyerName,
    heldUntil: order.payBy!,
    fromWaitlist,
  }
}

/**
 * The HELD order of a checkout, locked for the rest of the transaction: NOT_FOUND once it is no
 * longer open, CONFLICT once its time has run out. Confirming and paying by card both start here.
 */
export async function lockOpenHold(ctx: RequestContext, tx: Tx, claimToken: string): Promise<OrderRow> {
  const [held] = await tx
    .select()
    .from(ticketOrders)
    .where(eq(ticketOrders.claimToken, claimToken))
    .for('update')
  if (!held || held.status !== 'HELD') {
    throw new AppError('NOT_FOUND', 'This checkout or offer is no longer open.')
  }
  if (!held.payBy || held.payBy.getTime() <= ctx.now().getTime()) {
    throw new AppError('CONFLICT', 'Sorry: the time to finish this checkout has run out.')
  }
  return held
}

/**
 * Finish a held checkout or claim a waitlist offer by its link: names for each ticket and the
 * payment choice; the tickets are issued and emailed. Refused once the hold has lapsed (the
 * release job gives the stock back at that time, if it has not already). A checkout begun without
 * sign-in is not issued yet: it waits for the link emailed to its address (`needsEmailConfirmation`),
 * and the answer has no tickets and the order's new `payBy`.
 */
export async function confirmTicketOrder(
  ctx: RequestContext,
  raw: z.input<typeof confirmOrderInputSchema>,
): Promise<{ order: OrderRow; tickets: TicketRow[] }> {
  const parsed = confirmOrderInputSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const input = parsed.data
  if (input.payment === 'CARD') {
    // A card order is issued by its payment (decision 0054), never confirmed as owing.
    const message = 'To pay by card, continue to the card page.'
    throw new AppError('VALIDATION', message, { fields: [{ path: 'payment', message }] })
  }
  // The buyer came back from the card page and chose another way: that page is closed first.
  await closeOpenCardCheckouts(ctx, await orderIdsByClaimToken(ctx, input.claimToken))
  return withTx(ctx, async (tx) => {
    const held = await lockOpenHold(ctx, tx, input.claimToken)
    if (input.attendeeNames.length !== held.quantity) {
      const message = `Give a name for each of the ${held.quantity} tickets.`
      throw new AppError('VALIDATION', message, { fields: [{ path: 'attendeeNames', message }] })
    }
    const [event] = await tx.select().from(events).where(eq(events.id, held.eventId))
    const lines = await linesOf(tx, held.id)
    const offers = await tx
      .select({ id: ticketWaitlist.id })
      .from(ticketWaitlist)
      .where(eq(ticketWaitlist.orderId, held.id))
    if (needsEmailConfirmation({ signedIn: held.userId !== null, addressShown: offers.length > 0 })) {
      const order = await awaitEmailConfirmation(ctx, tx, held, {
        eventTitle: event!.title,
        what: describeLines(lines.map((l) => ({ quantity: l.quantity, typeName: l.type.name }))),
        buyerName: input.buyerName,
        attendeeNames: input.attendeeNames,
        payment: input.payment,
      })
      return { order, tickets: [] }
    }
    const result = await issueHeldOrder(ctx, tx, held, {
      event: event!,
      email: held.email,
      buyerName: input.buyerName,
      attendeeNames: input.attendeeNames,
      payment: input.payment,
    })
    await tx.update(ticketWaitlist).set({ status: 'DONE' }).where(eq(ticketWaitlist.orderId, held.id))
    await ctx.services.queue.cancel(releaseOrderKey(held.id), tx)
    await auditChange(tx, ctx, {
      action: 'tickets.confirm',
      entityType: 'ticket_order',
      entityId: held.id,
      after: { quantity: held.quantity, amountPence: held.amountPence, status: result.order.status },
    })
    return result
  })
}
