import { and, eq, inArray } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import {
  boxOfficeRefusal,
  boxOfficeSaleSchema,
  WALK_IN_NAME,
  type BoxOfficeSaleInput,
} from '#core/tickets/box-office.ts'
import { describeLines, ticketTypeSlots } from '#core/tickets/basket.ts'
import type { DoorPaymentMethod } from '#core/tickets/door.ts'
import type { TicketStatus } from '#core/tickets/tickets.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { ticketPayments, ticketSales, ticketTypes } from '#server/db/schema/index.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'
import { publishDoorCount } from './door-count.ts'
import { writeOrder, type TicketTypeRow } from './issue-tickets.ts'
import { stockGone, type CheckedLine } from './ticket-checks.ts'
import { moveStock } from './ticket-stock.ts'

export interface BoxOfficeSale {
  orderId: string
  reference: string
  /** The order page's secret (`/tickets/order/:token`): every ticket's QR and the whole-order PDF. */
  orderToken: string
  amountPence: number
  method: DoorPaymentMethod
  /** "2 × Adult, 1 × Child". */
  what: string
  checkedIn: boolean
  /** Where the tickets were emailed; null when no address was given. */
  emailedTo: string | null
  tickets: { id: string; attendeeName: string; typeName: string; status: TicketStatus }[]
}

/** A refusal of one line, at that line's quantity (the panel puts it beside the type). */
function lineError(
  index: number,
  refusal: { code: 'FORBIDDEN' | 'VALIDATION' | 'CONFLICT'; message: string },
) {
  return refusal.code === 'VALIDATION'
    ? new AppError('VALIDATION', refusal.message, {
        fields: [{ path: `lines.${index}.quantity`, message: refusal.message }],
      })
    : new AppError(refusal.code, refusal.message)
}

/**
 * The box office (issue 27, decision 0050; ticketAdmin and above, the door's own permission): sell a
 * walk-in tickets of several types as one order, paid there and then in cash or on the society's
 * card reader. In one transaction: the stock taken by the shop's conditional updates (`moveStock`,
 * types in id order then the event, so a racing checkout or a second door cannot oversell), the order
 * written PAID with its lines and tickets, the payment recorded with the staff member as recorder,
 * the tickets checked in when asked, the email queued when an address is given, and an audit entry.
 * The open doors' counts move once it commits.
 */
export async function sellAtBoxOffice(ctx: RequestContext, raw: BoxOfficeSaleInput): Promise<BoxOfficeSale> {
  const viewer = authorize(ctx.actor, 'admin.ticketAllocation')
  const parsed = boxOfficeSaleSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const input = parsed.data
  const db = ctx.services.db
  const event = await findVisibleEvent(ctx, input.eventSlug)
  const [sale] = await db.select().from(ticketSales).where(eq(ticketSales.eventId, event.id))
  if (!sale) throw new AppError('NOT_FOUND', 'This event has no tickets set up.')
  // Checked once outside the transaction, so a rush refused as sold out never queues on the rows.
  const ids = input.lines.map((l) => l.ticketTypeId)
  const checked = checkLines(await typesOf(db, event.id, ids), input.lines, sale.capacity - sale.taken)
  const buyerName = input.buyerName || WALK_IN_NAME
  return withTx(ctx, async (tx, afterCommit) => {
    const moved = await moveStock(
      tx,
      event.id,
      checked.map((l) => ({ typeId: l.type.id, delta: l.quantity })),
    )
    if (!moved.ok) throw stockGone(checked, moved.typeId)
    // The rows are ours until commit: the prices sold at are the types' prices now.
    const current = await typesOf(tx, event.id, ids)
    const lines = checked.map((l) => ({ ...l, type: current.find((t) => t.id === l.type.id) ?? l.type }))
    const at = ctx.now()
    const { order, tickets } = await writeOrder(ctx, tx, {
      event,
      lines,
      userId: null,
      email: input.email,
      buyerName,
      attendeeNames: ticketTypeSlots(lines).map(() => buyerName),
      payment: 'PAY_AT_DOOR',
      source: 'BOX_OFFICE',
      paid: true,
      checkedIn: input.checkIn ? { by: viewer.id, at } : null,
    })
    if (order.amountPence > 0) {
      await tx.insert(ticketPayments).values({
        orderId: order.id,
        amountPence: order.amountPence,
        method: input.method,
        reference: 'Box office',
        recordedBy: viewer.id,
        recordedAt: at,
      })
    }
    const what = describeLines(lines.map((l) => ({ quantity: l.quantity, typeName: l.type.name })))
    await auditChange(tx, ctx, {
      action: 'tickets.boxOfficeSale',
      entityType: 'ticket_order',
      entityId: order.id,
      after: {
        lines: what,
        amountPence: order.amountPence,
        method: input.method,
        checkedIn: input.checkIn,
        emailed: input.email !== '',
      },
    })
    publishDoorCount(ctx, afterCommit, event.id)
    const typeName = new Map(lines.map((l) => [l.type.id, l.type.name]))
    return {
      orderId: order.id,
      reference: order.reference,
      orderToken: order.orderToken!,
      amountPence: order.amountPence,
      method: input.method,
      what,
      checkedIn: input.checkIn,
      emailedTo: input.email || null,
      tickets: tickets.map((t) => ({
        id: t.id,
        attendeeName: t.attendeeName,
        typeName: typeName.get(t.ticketTypeId) ?? '',
        status: t.status,
      })),
    }
  })
}

/** The event's types among `ids` (any other id is simply not there). */
async function typesOf(db: Db | Tx, eventId: string, ids: readonly string[]): Promise<TicketTypeRow[]> {
  return db
    .select()
    .from(ticketTypes)
    .where(and(inArray(ticketTypes.id, [...ids]), eq(ticketTypes.eventId, eventId)))
}

/**
 * The asked lines with their types, each refused by core's box-office rule (a type not of this
 * event, a ballot type, more than is left of it or of the event's `capacityLeft`).
 */
function checkLines(
  types: readonly TicketTypeRow[],
  asked: readonly { ticketTypeId: string; quantity: number }[],
  capacityLeft: number,
): CheckedLine[] {
  return asked.map((line, i) => {
    const type = types.find((t) => t.id === line.ticketTypeId)
    if (!type)
      throw lineError(i, { code: 'VALIDATION', message: 'That ticket type is not one of this event’s.' })
    const refusal = boxOfficeRefusal(type, line.quantity, capacityLeft)
    if (refusal) throw lineError(i, refusal)
    return { type, quantity: line.quantity }
  })
}
