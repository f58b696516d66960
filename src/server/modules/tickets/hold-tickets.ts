import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { describeLines, holdBasketInputSchema, type HoldBasketInput } from '#core/tickets/basket.ts'
import { HOLD_MINUTES } from '#core/tickets/tickets.ts'
import { discountedBasket } from '#core/tickets/vouchers.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { ticketOrders, ticketWaitlist } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { validationError } from '#server/modules/shared/guards.ts'
import { heldViewOf, type HeldView } from './confirm-ticket-order.ts'
import { releaseOrderKey, writeHeldOrder } from './held-orders.ts'
import { limitAnonymousOrder } from './limit-anonymous-orders.ts'
import type { OrderRow } from './issue-tickets.ts'
import { offerFromWaitlist } from './offer-from-waitlist.ts'
import { knownSoldOut } from './sold-out.ts'
import { linesOf } from './order-lines.ts'
import { closeOpenCardCheckouts } from './order-card-checkouts.ts'
import { checkBasket, takeBasketStock } from './ticket-checks.ts'
import { giveVoucherUseBack, takeVoucherUse, unlockedTypeIds, usableVoucher } from './vouchers.ts'

/**
 * The buyer's own checkouts still in progress for the event, which their next hold replaces (a
 * reload, a second try, decision 0045): a signed-in member's by account; a buyer without sign-in's
 * by the hold token their browser kept, or by the email they give (the per-person limit counts by
 * that email too). Never a waitlist offer, nor an order waiting for its emailed link (no claim token).
 */
async function openHoldsOf(
  db: Db | Tx,
  eventId: string,
  buyer: { userId: string | null; email: string; previousClaimToken: string | null },
): Promise<string[]> {
  const byBuyer = buyer.userId
    ? eq(ticketOrders.userId, buyer.userId)
    : and(isNull(ticketOrders.userId), eq(sql`lower(${ticketOrders.email})`, buyer.email.toLowerCase()))
  const rows = await db
    .select({ id: ticketOrders.id })
    .from(ticketOrders)
    .leftJoin(ticketWaitlist, eq(ticketWaitlist.orderId, ticketOrders.id))
    .where(
      and(
        eq(ticketOrders.eventId, eventId),
        eq(ticketOrders.status, 'HELD'),
        eq(ticketOrders.source, 'SALE'),
        isNotNull(ticketOrders.claimToken),
        isNull(ticketWaitlist.id),
        buyer.previousClaimToken
          ? or(byBuyer, eq(ticketOrders.claimToken, buyer.previousClaimToken))
          : byBuyer,
      ),
    )
  return rows.map((r) => r.id)
}

/**
 * Cancel the buyer's earlier holds (locked, still HELD) in the new hold's transaction; returns the
 * stock they held, which the new hold's stock move gives back.
 */
async function replaceHolds(
  ctx: RequestContext,
  tx: Tx,
  ids: readonly string[],
): Promise<{ typeId: string; quantity: number }[]> {
  if (ids.length === 0) return []
  const locked = await tx
    .select()
    .from(ticketOrders)
    .where(and(inArray(ticketOrders.id, [...ids]), eq(ticketOrders.status, 'HELD')))
    .orderBy(ticketOrders.id)
    .for('update')
  const given: { typeId: string; quantity: number }[] = []
  for (const old of locked) {
    await giveVoucherUseBack(tx, old)
    const lines = await linesOf(tx, old.id)
    given.push(...lines.map((l) => ({ typeId: l.type.id, quantity: l.quantity })))
    await tx
      .update(ticketOrders)
      .set({ status: 'CANCELLED', claimToken: null })
      .where(eq(ticketOrders.id, old.id))
    await ctx.services.queue.cancel(releaseOrderKey(old.id), tx)
    await auditChange(tx, ctx, {
      action: 'tickets.holdReplaced',
      entityType: 'ticket_order',
      entityId: old.id,
      after: { quantity: old.quantity },
    })
  }
  return given
}

/**
 * Start a checkout for a whole basket (decision 0045): every line's stock taken now in one
 * transaction and kept HOLD_MINUTES in one HELD order while the buyer gives the names and the
 * payment choice (`confirmTicketOrder`); the release job gives it back if they do not. The buyer's
 * own earlier hold for the event is replaced in the same transaction, never stacked.
 *
 * A rush (issue 32, decision 0055): every refusal a read can decide ("sold out" above all) comes
 * from reads before the transaction, with nothing written; the anonymous-order limit is counted in
 * the transaction, so a hold and its count share one commit; and the stock is taken last, so the
 * ticket type's row is locked only from that update to the commit.
 */
export async function holdTickets(
  ctx: RequestContext,
  raw: HoldBasketInput & { previousClaimToken?: string | null; voucherCode?: string | null },
  client: { address: string },
): Promise<{ order: OrderRow; view: HeldView }> {
  const parsed = holdBasketInputSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const input = parsed.data
  const code = raw.voucherCode?.trim() || null
  // Sold out a moment ago: said again without a read (decision 0055); the checks below decide otherwise.
  const soldOut = code ? null : knownSoldOut(ctx, input)
  if (soldOut) throw soldOut
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const buyer = {
    userId: ctx.actor?.id ?? null,
    email: ctx.actor?.email || input.email,
    previousClaimToken: raw.previousClaimToken || null,
  }
  const earlier = await openHoldsOf(ctx.services.db, event.id, buyer)
  // An earlier hold's card page is closed before the hold is replaced (decision 0054).
  await closeOpenCardCheckouts(ctx, earlier)
  const checked = await checkBasket(ctx, input, earlier, await unlockedTypeIds(ctx, event.id, code), event)
  const priced = checked.lines.map((l) => ({
    ticketTypeId: l.type.id,
    quantity: l.quantity,
    unitPricePence: l.type.pricePence,
  }))
  // The voucher (decision 0049): checked here in words, its use counted in the transaction.
  const voucher = code ? await usableVoucher(ctx, event.id, code, priced) : null
  const { discountPence } = discountedBasket(voucher, priced)
  const order = await withTx(ctx, async (tx) => {
    await limitAnonymousOrder(ctx, { clientAddress: client.address, email: raw.email }, tx)
    const givenBack = await replaceHolds(ctx, tx, await openHoldsOf(tx, event.id, buyer))
    if (voucher) await takeVoucherUse(ctx, tx, voucher.id)
    const held = await writeHeldOrder(ctx, tx, {
      eventId: checked.event.id,
      lines: checked.lines,
      userId: buyer.userId,
      email: checked.email,
      name: ctx.actor?.name ?? '',
      until: new Date(ctx.now().getTime() + HOLD_MINUTES * 60_000),
      source: 'SALE',
      voucher: voucher ? { id: voucher.id, discountPence } : null,
    })
    await auditChange(tx, ctx, {
      action: 'tickets.hold',
      entityType: 'ticket_order',
      entityId: held.id,
      after: {
        lines: describeLines(checked.lines.map((l) => ({ quantity: l.quantity, typeName: l.type.name }))),
        until: held.payBy,
        ...(voucher ? { voucher: voucher.code, discountPence } : {}),
      },
    })
    // Last: from here to the commit the types' and the event's stock rows are locked.
    await takeBasketStock(ctx, tx, checked, givenBack, [held.id])
    // Stock the replaced hold gave back beyond what this one took goes down the waitlist.
    for (const typeId of new Set(givenBack.map((g) => g.typeId))) await offerFromWaitlist(ctx, tx, typeId)
    return held
  })
  const lines = checked.lines.map((l) => ({
    ticketTypeId: l.type.id,
    typeName: l.type.name,
    quantity: l.quantity,
    unitPricePence: l.type.pricePence,
  }))
  return { order, view: heldViewOf(order, event, lines, false) }
}
