import type { OrderSource } from '#core/tickets/tickets.ts'
import { basketCount, basketSubtotal } from '#core/tickets/basket.ts'
import type { RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { ticketOrders } from '#server/db/schema/index.ts'
import { newClaimToken, newOrderReference, type OrderRow, type TicketTypeRow } from './issue-tickets.ts'
import { writeLines } from './order-lines.ts'

/** The durable job that releases a HELD order's stock (or a ballot winner's unpaid tickets) at `payBy`. */
export const RELEASE_ORDER_JOB = 'tickets.releaseOrder'
export const releaseOrderKey = (orderId: string) => `ticket-order:${orderId}`

export interface HeldOrderSpec {
  eventId: string
  lines: readonly { type: TicketTypeRow; quantity: number }[]
  userId: string | null
  email: string
  name: string
  until: Date
  source: OrderSource
  /** The voucher given with the hold and what it took off (its use already counted). */
  voucher?: { id: string; discountPence: number } | null
}

/**
 * Write a HELD order and its lines (the stock already taken by the caller): no tickets yet, a claim
 * token for its confirmation link, and the release job queued for `until` in the same transaction,
 * so a hold can never outlive its job.
 */
export async function writeHeldOrder(ctx: RequestContext, tx: Tx, spec: HeldOrderSpec): Promise<OrderRow> {
  const [order] = await tx
    .insert(ticketOrders)
    .values({
      eventId: spec.eventId,
      ticketTypeId: spec.lines[0]!.type.id,
      userId: spec.userId,
      email: spec.email,
      buyerName: spec.name,
      quantity: basketCount(spec.lines),
      amountPence:
        basketSubtotal(spec.lines.map((l) => ({ ...l, unitPricePence: l.type.pricePence }))) -
        (spec.voucher?.discountPence ?? 0),
      voucherId: spec.voucher?.id ?? null,
      discountPence: spec.voucher?.discountPence ?? 0,
      payment: 'PAY_AT_DOOR',
      reference: await newOrderReference(ctx, tx),
      status: 'HELD',
      source: spec.source,
      payBy: spec.until,
      claimToken: newClaimToken(),
      createdAt: ctx.now(),
    })
    .returning()
  await writeLines(tx, order!.id, spec.lines)
  await scheduleRelease(ctx, tx, order!.id, spec.until)
  return order!
}

/** Queue (or re-queue) the release of an order at `at`. */
export async function scheduleRelease(ctx: RequestContext, tx: Tx, orderId: string, at: Date): Promise<void> {
  const { queue } = ctx.services
  await queue.cancel(releaseOrderKey(orderId), tx)
  await queue.enqueue(
    RELEASE_ORDER_JOB,
    { orderId },
    { runAt: at, singletonKey: releaseOrderKey(orderId), tx },
  )
}
