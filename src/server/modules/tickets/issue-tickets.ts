import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { formatReference, type BankDetails } from '#core/society/society-settings.schemas.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import { formatPence } from '#core/money.ts'
import { formatInZone } from '#server/modules/email-templates/application-email.ts'
import { paymentInstructions } from '#core/applications/payment-instructions.ts'
import { basketCount, basketSubtotal, describeLines, ticketTypeSlots } from '#core/tickets/basket.ts'
import { type OrderSource, type PaymentChoice } from '#core/tickets/tickets.ts'
import type { RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { ticketOrders, tickets, ticketTypes } from '#server/db/schema/index.ts'
import type { EventRow } from '#server/modules/events/find-visible-event.ts'
import { linesOf, writeLines } from './order-lines.ts'
import { ticketPdfAttachment } from './ticket-pdf.ts'
import { mailGreeting, mailSafeText } from '#core/text/mail-text.ts'
import { whenAndWhereLines, yourTicketsLine } from './ticket-mail-lines.ts'

export type TicketRow = typeof tickets.$inferSelect
export type OrderRow = typeof ticketOrders.$inferSelect
export type TicketTypeRow = typeof ticketTypes.$inferSelect

/** A fresh QR secret: `SD1-` and 24 url-safe random characters (144 bits). */
export function newTicketCode(): string {
  return `SD1-${randomBytes(18).toString('base64url')}`
}

/** A short bank-transfer reference, unique per order, in the society's reference format. */
export async function newOrderReference(ctx: RequestContext, tx: Tx): Promise<string> {
  const { bank } = await societySettingsOf(ctx.services, tx)
  return formatReference(bank.referenceFormat, `T${randomBytes(5).toString('hex').toUpperCase()}`)
}

export interface NewOrder {
  event: EventRow
  /** One line per type; the attendee names follow the lines' order (`ticketTypeSlots`). */
  lines: readonly { type: TicketTypeRow; quantity: number }[]
  userId: string | null
  email: string
  buyerName: string
  attendeeNames: string[]
  payment: PaymentChoice
  source: OrderSource
  payBy?: Date | null
  /** The money was taken with the order (the box office): the order is PAID from the start. */
  paid?: boolean
  /** The tickets are issued already checked in (a walk-in let in at the box office). */
  checkedIn?: { by: string; at: Date } | null
}

/**
 * Write an order, its lines and its tickets (the counters were already taken by the caller) and queue
 * the confirmation email with every ticket's code and the order's page, in the caller's transaction
 * (no email for an order without an address: a walk-in at the box office who gave none).
 */
export async function writeOrder(
  ctx: RequestContext,
  tx: Tx,
  o: NewOrder,
): Promise<{ order: OrderRow; tickets: TicketRow[] }> {
  const amountPence = basketSubtotal(o.lines.map((l) => ({ ...l, unitPricePence: l.type.pricePence })))
  const [order] = await tx
    .insert(ticketOrders)
    .values({
      eventId: o.event.id,
      ticketTypeId: o.lines[0]!.type.id,
      userId: o.userId,
      email: o.email,
      buyerName: o.buyerName,
      quantity: basketCount(o.lines),
      amountPence,
      payment: o.payment,
      reference: await newOrderReference(ctx, tx),
      status: amountPence === 0 || o.paid ? 'PAID' : 'AWAITING_PAYMENT',
      source: o.source,
      payBy: o.payBy ?? null,
      orderToken: newClaimToken(),
      createdAt: ctx.now(),
    })
    .returning()
  await writeLines(tx, order!.id, o.lines)
  const rows = await issueTickets(ctx, tx, o, order!)
  return { order: order!, tickets: rows }
}

/** Insert an order's tickets, each with a fresh code and its line's type, and queue the email. */
async function issueTickets(ctx: RequestContext, tx: Tx, o: NewOrder, order: OrderRow): Promise<TicketRow[]> {
  const slots = ticketTypeSlots(o.lines)
  if (slots.length !== o.attendeeNames.length) throw new Error('one name per ticket of the order')
  const rows = await tx
    .insert(tickets)
    .values(
      o.attendeeNames.map((attendeeName, i) => ({
        orderId: order.id,
        eventId: o.event.id,
        ticketTypeId: slots[i]!.type.id,
        attendeeName,
        code: newTicketCode(),
        ...(o.checkedIn
          ? { status: 'CHECKED_IN' as const, checkedInAt: o.checkedIn.at, checkedInBy: o.checkedIn.by }
          : {}),
      })),
    )
    .returning()
  if (!o.email) return rows
  const { bank, timeZone } = await societySettingsOf(ctx.services, tx)
  const where = await whenAndWhereLines(ctx, tx, o.event)
  await ctx.services.mailer.queue(orderEmail(ctx, o, order, rows, bank, where, timeZone), tx)
  return rows
}

/**
 * Finish a HELD order (a checkout's hold, a claimed waitlist offer): the buyer's names and payment
 * choice are written, the tickets issued and emailed. The caller holds the order's row lock and has
 * checked that the hold has not lapsed.
 */
export async function issueHeldOrder(
  ctx: RequestContext,
  tx: Tx,
  held: OrderRow,
  o: Omit<NewOrder, 'source' | 'payBy' | 'userId' | 'lines'> & {
    /** Already paid (a card payment, written to the ledger by the caller): the order is PAID when it covers it. */
    paidPence?: number
  },
): Promise<{ order: OrderRow; tickets: TicketRow[] }> {
  const lines = await linesOf(tx, held.id)
  const [order] = await tx
    .update(ticketOrders)
    .set({
      email: o.email,
      buyerName: o.buyerName,
      payment: o.payment,
      status: held.amountPence <= (o.paidPence ?? 0) ? 'PAID' : 'AWAITING_PAYMENT',
      payBy: null,
      claimToken: null,
      // A card checkout gave the order its page's token already: the buyer comes back to it.
      orderToken: held.orderToken ?? newClaimToken(),
    })
    .where(eq(ticketOrders.id, held.id))
    .returning()
  const rows = await issueTickets(ctx, tx, { ...o, lines, userId: held.userId, source: held.source }, order!)
  return { order: order!, tickets: rows }
}

/** A secret for a held order's confirmation link, or for an order's own page. */
export function newClaimToken(): string {
  return randomBytes(18).toString('base64url')
}

function orderEmail(
  ctx: RequestContext,
  o: NewOrder,
  order: OrderRow,
  rows: TicketRow[],
  bank: BankDetails,
  whenAndWhere: string[],
  timeZone: string,
) {
  const base = ctx.services.config.appUrl
  const typeName = new Map(o.lines.map((l) => [l.type.id, l.type.name]))
  const instructions = paymentInstructions({ method: 'BANK_TRANSFER' }, order.reference, bank)
  // The society's account, set once in its settings for applications and tickets alike (decision 0039).
  const account = instructions.bank
    ? ` to ${instructions.bank.accountName} (sort code ${instructions.bank.sortCode}, account ${instructions.bank.accountNumber})`
    : ''
  const pay =
    order.status === 'PAID'
      ? order.amountPence > 0
        ? o.payment === 'CARD'
          ? `Paid by card: ${formatPence(order.amountPence)}. Thank you.`
          : `Paid in full: ${formatPence(order.amountPence)}. Thank you.`
        : 'Nothing to pay.'
      : o.payment === 'BANK_TRANSFER'
        ? `Please pay ${formatPence(order.amountPence)} by bank transfer${account} quoting ${order.reference}${order.payBy ? ` by ${formatInZone(order.payBy, timeZone)}` : ''}.`
        : `Please pay ${formatPence(order.amountPence)} at the door (reference ${order.reference}).`
  const lines = rows.map(
    (t) =>
      `- ${mailSafeText(t.attendeeName)}: ${typeName.get(t.ticketTypeId) ?? ''}, ticket code ${t.code}\n  ${base}/tickets/show/${t.code}`,
  )
  const infos = o.lines.filter((l) => l.type.info).map((l) => `${l.type.name}: ${l.type.info}`)
  const what = describeLines(o.lines.map((l) => ({ quantity: l.quantity, typeName: l.type.name })))
  return {
    to: o.email,
    subject: `Your tickets for ${o.event.title}`,
    template: 'tickets.order',
    text: [
      mailGreeting(o.buyerName),
      '',
      `Here ${rows.length === 1 ? 'is your ticket' : `are your ${rows.length} tickets`} for ${o.event.title} (${what}), order ${order.reference}.`,
      ...whenAndWhere,
      infos.length ? `\n${infos.join('\n')}\n` : '',
      ...lines,
      '',
      `Your order, with every ticket, what is paid and a PDF of them all: ${base}/tickets/order/${order.orderToken}`,
      ...(order.discountPence > 0 ? [`Your voucher code took ${formatPence(order.discountPence)} off.`] : []),
      pay,
      o.checkedIn
        ? 'You were let in at the door with these tickets: this email is your receipt.'
        : `Each ticket is attached as a PDF: show its QR code (or the one at its link above) at the door. Anyone with the code can use the ticket: keep it to yourself.`,
      yourTicketsLine(ctx),
    ].join('\n'),
    // A ticket used at the door is left out when the email is sent anyway (ticketPdfRenderer).
    attachments: o.checkedIn ? [] : rows.map((t) => ticketPdfAttachment(t.code)),
  }
}

/** Lock a ticket type row of the event, or undefined. */
export async function lockTicketType(tx: Tx, id: string): Promise<TicketTypeRow | undefined> {
  const [row] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, id)).for('update')
  return row
}
