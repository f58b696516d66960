import { z } from 'zod'
import { HOLD_MINUTES, MAX_PER_ORDER, type OrderSource } from '#core/tickets/tickets.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { ticketOrders } from '#server/db/schema/index.ts'
import { validationError } from '#server/modules/shared/guards.ts'
import { newClaimToken, newOrderReference, type OrderRow, type TicketTypeRow } from './issue-tickets.ts'
import { checkPurchase, takeStockFor } from './ticket-checks.ts'

/** The durable job that releases a HELD order's stock (or a ballot winner's unpaid tickets) at `payBy`. */
export const RELEASE_ORDER_JOB = 'tickets.releaseOrder'
export const releaseOrderKey = (orderId: string) => `ticket-order:${orderId}`

export interface HeldOrderSpec {
  eventId: string
  type: TicketTypeRow
  userId: string | null
  email: string
  name: string
  quantity: number
  until: Date
  source: OrderSource
}

/**
 * Write a HELD order (the stock already taken by the caller): no tickets yet, a claim token for its
 * confirmation link, and the release job queued for `until` in the same transaction, so a hold can
 * never outlive its job.
 */
export async function writeHeldOrder(ctx: RequestContext, tx: Tx, spec: HeldOrderSpec): Promise<OrderRow> {
  const [order] = await tx
    .insert(ticketOrders)
    .values({
      eventId: spec.eventId,
      ticketTypeId: spec.type.id,
      userId: spec.userId,
      email: spec.email,
      buyerName: spec.name,
      quantity: spec.quantity,
      amountPence: spec.type.pricePence * spec.quantity,
      payment: 'PAY_AT_DOOR',
      reference: await newOrderReference(ctx, tx),
      status: 'HELD',
      source: spec.source,
      payBy: spec.until,
      claimToken: newClaimToken(),
      createdAt: ctx.now(),
    })
    .returning()
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

const holdInputSchema = z.object({
  eventSlug: z.string().min(1),
  ticketTypeId: z.uuid('Choose a ticket type.'),
  quantity: z.number().int().min(1, 'Choose at least one ticket.').max(MAX_PER_ORDER),
  email: z.email('Give an email address the tickets can be sent to.').max(254),
})

/**
 * Start a checkout: take the stock now and keep it HOLD_MINUTES while the buyer gives the names
 * and the payment choice (`confirmTicketOrder`); the release job gives it back if they do not.
 */
export async function holdTickets(
  ctx: RequestContext,
  raw: { eventSlug: string; ticketTypeId: string; quantity: number; email: string },
): Promise<OrderRow> {
  const parsed = holdInputSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const input = parsed.data
  const checked = await checkPurchase(ctx, input)
  return withTx(ctx, async (tx) => {
    await takeStockFor(ctx, tx, checked, input.quantity)
    const order = await writeHeldOrder(ctx, tx, {
      eventId: checked.event.id,
      type: checked.type,
      userId: ctx.actor?.id ?? null,
      email: checked.email,
      name: ctx.actor?.name ?? '',
      quantity: input.quantity,
      until: new Date(ctx.now().getTime() + HOLD_MINUTES * 60_000),
      source: 'SALE',
    })
    await auditChange(tx, ctx, {
      action: 'tickets.hold',
      entityType: 'ticket_order',
      entityId: order.id,
      after: { type: checked.type.name, quantity: input.quantity, until: order.payBy },
    })
    return order
  })
}
