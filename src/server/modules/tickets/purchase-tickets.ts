import { purchaseInputSchema, type PurchaseInput } from '#core/tickets/tickets.ts'
import { AppError } from '#core/errors.ts'
import { emailConfirmDeadline, needsEmailConfirmation } from '#core/tickets/email-confirmation.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { validationError } from '#server/modules/shared/guards.ts'
import { awaitEmailConfirmation } from './await-email-confirmation.ts'
import { writeHeldOrder } from './hold-tickets.ts'
import { writeOrder, type OrderRow, type TicketRow } from './issue-tickets.ts'
import { checkPurchase, takeStockFor } from './ticket-checks.ts'

/**
 * Buy first-come tickets in one step (stock taken and tickets issued in one transaction, so nothing
 * needs holding): anonymous for public types (the tickets go only to the email given, so holding
 * them proves the address), signed in for members' and participants' types. Free orders are PAID at
 * once; others await payment at the door or by transfer, which staff record. Without sign-in the
 * order is HELD instead, with no tickets, until the buyer confirms it from the link emailed to the
 * address (`needsEmailConfirmation`, issue 26): unconfirmed, it lapses and the stock goes back.
 */
export async function purchaseTickets(
  ctx: RequestContext,
  raw: PurchaseInput,
): Promise<{ order: OrderRow; tickets: TicketRow[] }> {
  const parsed = purchaseInputSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const input = parsed.data
  if (input.attendeeNames.length !== input.quantity) {
    const message = 'Give a name for each ticket.'
    throw new AppError('VALIDATION', message, { fields: [{ path: 'attendeeNames', message }] })
  }
  const checked = await checkPurchase(ctx, input)
  const { event, type, email } = checked
  return withTx(ctx, async (tx) => {
    await takeStockFor(ctx, tx, checked, input.quantity)
    if (needsEmailConfirmation({ signedIn: Boolean(ctx.actor), addressShown: false })) {
      const held = await writeHeldOrder(ctx, tx, {
        eventId: event.id,
        type,
        userId: null,
        email,
        name: input.buyerName,
        quantity: input.quantity,
        until: emailConfirmDeadline(ctx.now()),
        source: 'SALE',
      })
      const order = await awaitEmailConfirmation(ctx, tx, held, {
        eventTitle: event.title,
        typeName: type.name,
        buyerName: input.buyerName,
        attendeeNames: input.attendeeNames,
        payment: input.payment,
      })
      return { order, tickets: [] }
    }
    const result = await writeOrder(ctx, tx, {
      event,
      type,
      userId: ctx.actor?.id ?? null,
      email,
      buyerName: input.buyerName,
      attendeeNames: input.attendeeNames,
      payment: input.payment,
      source: 'SALE',
    })
    await auditChange(tx, ctx, {
      action: 'tickets.purchase',
      entityType: 'ticket_order',
      entityId: result.order.id,
      after: { type: type.name, quantity: input.quantity, amountPence: result.order.amountPence },
    })
    return result
  })
}
