import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns/format'
import { and, asc, eq, gte, lt, type SQL } from 'drizzle-orm'
import { asPaymentMethod } from '#core/payments/money-by-method.ts'
import { moneyRangeSchema } from '#core/payments/money-range.schemas.ts'
import type { PaymentMethod } from '#core/applications/payments.ts'
import type { RequestContext } from '#server/context.ts'
import {
  applications,
  events,
  payments,
  ticketOrders,
  ticketPayments,
  users,
} from '#server/db/schema/index.ts'
import { validationError } from '#server/modules/shared/guards.ts'

/**
 * Every entry of the two ledgers (application payment lines and ticket orders) in a date range,
 * with what it was for in words: the rows of the treasurer's exports (decision 0052). A ticket order
 * paid by card online is a `ticket_payments` row with method CARD_ONLINE and the PaymentIntent as
 * its reference, however it was written; nothing here depends on who wrote it.
 */
export interface LedgerEntry {
  kind: 'application' | 'ticket'
  at: Date
  amountPence: number
  method: PaymentMethod
  /** As recorded: the PaymentIntent of a card payment, the refund's id of a card refund, staff's words. */
  reference: string
  eventTitle: string
  /** The payer: the member, or the order's buyer. */
  payer: string
  /** The application's payment line ("Participation fee"), or the order's reference ("T4K2…"). */
  item: string
  /** Groups the entries of one payment: the application or order id. */
  subjectId: string
}

export interface DateRange {
  from: string
  to: string
  /** The first instant of `from` and of the day after `to`, on the society's clocks. */
  start: Date
  end: Date
}

/** The first instant of a YYYY-MM-DD day (plus some days) on the society's clocks. */
function dayStart(day: string, timeZone: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(new TZDate(y, m - 1, d + plusDays, timeZone).getTime())
}

/** `from` and `to` (YYYY-MM-DD, both days included) on the society's clocks; VALIDATION otherwise. */
export function dateRange(from: string, to: string, timeZone: string): DateRange {
  const parsed = moneyRangeSchema.safeParse({ from, to })
  if (!parsed.success) throw validationError(parsed.error.issues)
  const range = parsed.data
  return { ...range, start: dayStart(range.from, timeZone), end: dayStart(range.to, timeZone, 1) }
}

/** A moment as the treasurer reads it: "2026-11-29 18:04" on the society's clocks. */
export function localTime(at: Date, timeZone: string): string {
  return format(new TZDate(at, timeZone), 'yyyy-MM-dd HH:mm')
}

/** The ledgers' entries recorded in the range, oldest first; `onlyMethod` narrows to one method. */
export async function ledgerEntries(
  ctx: RequestContext,
  range: DateRange,
  onlyMethod?: PaymentMethod,
): Promise<LedgerEntry[]> {
  const db = ctx.services.db
  const appWhere: SQL[] = [gte(payments.recordedAt, range.start), lt(payments.recordedAt, range.end)]
  const ticketWhere: SQL[] = [
    gte(ticketPayments.recordedAt, range.start),
    lt(ticketPayments.recordedAt, range.end),
  ]
  if (onlyMethod) {
    appWhere.push(eq(payments.method, onlyMethod))
    ticketWhere.push(eq(ticketPayments.method, onlyMethod))
  }
  const appRows = await db
    .select({ payment: payments, application: applications, event: events, name: users.name })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .innerJoin(events, eq(events.id, applications.eventId))
    .innerJoin(users, eq(users.id, applications.userId))
    .where(and(...appWhere))
    .orderBy(asc(payments.recordedAt))
  const ticketRows = await db
    .select({ payment: ticketPayments, order: ticketOrders, eventTitle: events.title })
    .from(ticketPayments)
    .innerJoin(ticketOrders, eq(ticketOrders.id, ticketPayments.orderId))
    .innerJoin(events, eq(events.id, ticketOrders.eventId))
    .where(and(...ticketWhere))
    .orderBy(asc(ticketPayments.recordedAt))
  const entries: LedgerEntry[] = [
    ...appRows.map(({ payment, application, event, name }): LedgerEntry => {
      const line = (event.eventConfig.paymentLines?.[application.applicationType] ?? []).find(
        (l) => l.key === payment.lineKey,
      )
      return {
        kind: 'application',
        at: payment.recordedAt,
        amountPence: payment.amountPence,
        method: payment.method,
        reference: payment.reference,
        eventTitle: event.title,
        payer: name,
        item: line?.label ?? payment.lineKey,
        subjectId: application.id,
      }
    }),
    ...ticketRows.map(({ payment, order, eventTitle }): LedgerEntry => ({
      kind: 'ticket',
      at: payment.recordedAt,
      amountPence: payment.amountPence,
      method: asPaymentMethod(payment.method),
      reference: payment.reference,
      eventTitle,
      payer: order.buyerName,
      item: `Order ${order.reference}`,
      subjectId: order.id,
    })),
  ]
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime())
}

/** What an entry was for, in words: "Ann Smith: Participation fee" or "Order T4K2… (Ann Smith)". */
export function whatFor(entry: Pick<LedgerEntry, 'kind' | 'payer' | 'item'>): string {
  return entry.kind === 'ticket' ? `${entry.item} (${entry.payer})` : `${entry.payer}: ${entry.item}`
}
