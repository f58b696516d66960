import { and, asc, eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { formatPence } from '#core/money.ts'
import { owesPayment, paymentReference } from '#core/applications/payments.ts'
import {
  hasReceipt,
  lineReceiptNumber,
  NOTHING_PAID,
  orderReceiptNumber,
  type ReceiptEntry,
} from '#core/payments/receipt.ts'
import type { RequestContext } from '#server/context.ts'
import { events, payments, ticketOrders, ticketPayments, users } from '#server/db/schema/index.ts'
import { readableApplication } from '#server/modules/applications/applications.queries.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import { linesOf } from '#server/modules/tickets/order-lines.ts'
import { orderByToken } from '#server/modules/tickets/order-page.ts'
import type { ReceiptView } from './receipt-pdf.ts'

function latest(entries: readonly ReceiptEntry[]): Date {
  return entries.reduce((at, e) => (e.at > at ? e.at : at), entries[0]!.at)
}

/**
 * The receipt of a ticket order, for whoever holds its page's token (the buyer, no account needed):
 * NOT_FOUND for a bad token, CONFLICT while nothing has been paid on it (a free or unpaid order).
 */
export async function ticketOrderReceipt(ctx: RequestContext, token: string): Promise<ReceiptView> {
  const order = await orderByToken(ctx, token)
  const db = ctx.services.db
  const [row] = await db
    .select({ discountPence: ticketOrders.discountPence })
    .from(ticketOrders)
    .where(eq(ticketOrders.id, order.id))
  const entries: ReceiptEntry[] = await db
    .select({
      at: ticketPayments.recordedAt,
      method: ticketPayments.method,
      reference: ticketPayments.reference,
      amountPence: ticketPayments.amountPence,
    })
    .from(ticketPayments)
    .where(eq(ticketPayments.orderId, order.id))
    .orderBy(asc(ticketPayments.recordedAt))
  if (!hasReceipt(entries)) throw new AppError('CONFLICT', NOTHING_PAID)
  const lines = await linesOf(db, order.id)
  const items = lines
    .filter((l) => l.quantity > 0)
    .map((l) => ({
      label: `${l.quantity} × ${l.type.name} at ${formatPence(l.unitPricePence)}`,
      amountPence: l.quantity * l.unitPricePence,
    }))
  const discount = row?.discountPence ?? 0
  if (discount > 0) items.push({ label: 'Voucher discount', amountPence: -discount })
  const society = await societySettingsOf(ctx.services)
  return {
    number: orderReceiptNumber(order.reference),
    date: latest(entries),
    society: { name: society.name, supportEmail: society.supportEmail },
    payer: { name: order.buyerName, email: order.email },
    title: `Tickets for ${order.event.title}`,
    reference: order.reference,
    items,
    totalPence: order.soldPence,
    entries,
    ...(order.status === 'CANCELLED'
      ? { note: 'This order was cancelled: nothing more is owed on it.' }
      : {}),
  }
}

/**
 * The receipt of one payment line of an application: its member's, or any for committee members who
 * handle payments (admin.general, the finance roles among them); NOT_FOUND for anyone else, so ids
 * cannot be probed. CONFLICT while nothing has been paid on the line.
 */
export async function applicationLineReceipt(
  ctx: RequestContext,
  applicationId: string,
  lineKey: string,
): Promise<ReceiptView> {
  if (!/^[0-9a-f-]{36}$/i.test(applicationId)) throw new AppError('NOT_FOUND', 'No such application.')
  const application = await readableApplication(ctx, applicationId)
  const db = ctx.services.db
  const [found] = await db
    .select({ event: events, name: users.name, email: users.email })
    .from(events)
    .innerJoin(users, eq(users.id, application.userId))
    .where(eq(events.id, application.eventId))
  const line = (found?.event.eventConfig.paymentLines?.[application.applicationType] ?? []).find(
    (l) => l.key === lineKey,
  )
  if (!found || !line) throw new AppError('NOT_FOUND', 'No such payment line on this application.')
  const entries: ReceiptEntry[] = await db
    .select({
      at: payments.recordedAt,
      method: payments.method,
      reference: payments.reference,
      amountPence: payments.amountPence,
    })
    .from(payments)
    .where(and(eq(payments.applicationId, application.id), eq(payments.lineKey, line.key)))
    .orderBy(asc(payments.recordedAt))
  if (!hasReceipt(entries)) throw new AppError('CONFLICT', NOTHING_PAID)
  const society = await societySettingsOf(ctx.services)
  return {
    number: lineReceiptNumber(application.id, line.key),
    date: latest(entries),
    society: { name: society.name, supportEmail: society.supportEmail },
    payer: { name: found.name, email: found.email },
    title: `${found.event.title}: ${line.label}`,
    reference: paymentReference(application.id, society.bank.referenceFormat),
    items: [{ label: line.label, amountPence: line.amountPence }],
    totalPence: owesPayment(application.status) ? line.amountPence : 0,
    entries,
    ...(owesPayment(application.status)
      ? {}
      : { note: 'This place was given up or cancelled: nothing more is owed on it.' }),
  }
}
