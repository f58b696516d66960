import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { formatReference, type BankDetails } from '#core/society/society-settings.schemas.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import { formatPence } from '#core/money.ts'
import { type OrderSource, type PaymentChoice } from '#core/tickets/tickets.ts'
import type { RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { ticketOrders, tickets, ticketTypes } from '#server/db/schema/index.ts'
import type { EventRow } from '#server/modules/events/find-visible-event.ts'
import { ticketPdfAttachment } from './ticket-pdf.ts'
import { mailGreeting, mailSafeText } from '#core/text/mail-text.ts'

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
  type: TicketTypeRow
  userId: string | null
  email: string
  buyerName: string
  attendeeNames: string[]
  payment: PaymentChoice
  source: OrderSource
  payBy?: Date | null
}

/**
 * Write an order and its tickets (the counters were already taken by the caller) and queue the
 * confirmation email with every ticket's code and link, in the caller's transaction.
 */
export async function writeOrder(
  ctx: RequestContext,
  tx: Tx,
  o: NewOrder,
): Promise<{ order: OrderRow; tickets: TicketRow[] }> {
  const amountPence = o.type.pricePence * o.attendeeNames.length
  const [order] = await tx
    .insert(ticketOrders)
    .values({
      eventId: o.event.id,
      ticketTypeId: o.type.id,
      userId: o.userId,
      email: o.email,
      buyerName: o.buyerName,
      quantity: o.attendeeNames.length,
      amountPence,
      payment: o.payment,
      reference: await newOrderReference(ctx, tx),
      status: amountPence === 0 ? 'PAID' : 'AWAITING_PAYMENT',
      source: o.source,
      payBy: o.payBy ?? null,
      createdAt: ctx.now(),
    })
    .returning()
  const rows = await issueTickets(ctx, tx, o, order!)
  return { order: order!, tickets: rows }
}

/** Insert an order's tickets, each with a fresh code, and queue the email that carries them. */
async function issueTickets(ctx: RequestContext, tx: Tx, o: NewOrder, order: OrderRow): Promise<TicketRow[]> {
  const rows = await tx
    .insert(tickets)
    .values(
      o.attendeeNames.map((attendeeName) => ({
        orderId: order.id,
        eventId: o.event.id,
        ticketTypeId: o.type.id,
        attendeeName,
        code: newTicketCode(),
      })),
    )
    .returning()
  const { bank } = await societySettingsOf(ctx.services, tx)
  await ctx.services.mailer.queue(orderEmail(ctx, o, order, rows, bank), tx)
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
  o: Omit<NewOrder, 'source' | 'payBy' | 'userId'>,
): Promise<{ order: OrderRow; tickets: TicketRow[] }> {
  const [order] = await tx
    .update(ticketOrders)
    .set({
      email: o.email,
      buyerName: o.buyerName,
      payment: o.payment,
      status: held.amountPence === 0 ? 'PAID' : 'AWAITING_PAYMENT',
      payBy: null,
      claimToken: null,
    })
    .where(eq(ticketOrders.id, held.id))
    .returning()
  const rows = await issueTickets(ctx, tx, { ...o, userId: held.userId, source: held.source }, order!)
  return { order: order!, tickets: rows }
}

/** A secret for a held order's confirmation link. */
export function newClaimToken(): string {
  return randomBytes(18).toString('base64url')
}

function orderEmail(ctx: RequestContext, o: NewOrder, order: OrderRow, rows: TicketRow[], bank: BankDetails) {
  const base = ctx.services.config.appUrl
  // The society's account, set once in its settings for applications and tickets alike (decision 0039).
  const account = bank.accountNumber
    ? ` to ${bank.accountName} (sort code ${bank.sortCode}, account ${bank.accountNumber})`
    : ''
  const pay =
    order.status === 'PAID'
      ? 'Nothing to pay.'
      : o.payment === 'BANK_TRANSFER'
        ? `Please pay ${formatPence(order.amountPence)} by bank transfer${account} quoting ${order.reference}${order.payBy ? ` by ${order.payBy.toUTCString()}` : ''}.`
        : `Please pay ${formatPence(order.amountPence)} at the door (reference ${order.reference}).`
  const lines = rows.map(
    (t) =>
      `- ${mailSafeText(t.attendeeName)}: ${o.type.name}, ticket code ${t.code}\n  ${base}/tickets/show/${t.code}\n  PDF to print or keep: ${base}/api/tickets/${t.code}.pdf`,
  )
  return {
    to: o.email,
    subject: `Your tickets for ${o.event.title}`,
    template: 'tickets.order',
    text: [
      mailGreeting(o.buyerName),
      '',
      `Here ${rows.length === 1 ? 'is your ticket' : `are your ${rows.length} tickets`} for ${o.event.title} (${o.type.name}).`,
      o.type.info ? `\n${o.type.info}\n` : '',
      ...lines,
      '',
      pay,
      `Each ticket is attached as a PDF: show its QR code (or the one at the link above) at the door. Anyone with the code can use the ticket: keep it to yourself.`,
    ].join('\n'),
    attachments: rows.map((t) => ticketPdfAttachment(t.code)),
  }
}

/** Lock a ticket type row of the event, or undefined. */
export async function lockTicketType(tx: Tx, id: string): Promise<TicketTypeRow | undefined> {
  const [row] = await tx.select().from(ticketTypes).where(eq(ticketTypes.id, id)).for('update')
  return row
}
