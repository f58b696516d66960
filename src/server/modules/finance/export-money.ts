import { stringify } from 'csv-stringify/sync'
import { and, eq, gte, inArray, lt } from 'drizzle-orm'
import { PAYMENT_METHOD_LABELS } from '#core/applications/payments.ts'
import { payoutFigures, penceAsDecimal } from '#core/payments/money-by-method.ts'
import type { RequestContext } from '#server/context.ts'
import { cardCheckouts, payments, ticketPayments } from '#server/db/schema/index.ts'
import { fillMissingFees } from '#server/modules/card-payments/card-fees.ts'
import { cardProviderOf } from '#server/modules/payments/card-provider.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { dateRange, ledgerEntries, localTime, whatFor, type LedgerEntry } from './money-ledger.queries.ts'

/** The payouts file's columns: one row per card payment and per card refund (decision 0052). */
export const PAYOUT_COLUMNS = [
  'Date',
  'Kind',
  'What for',
  'Event',
  'Stripe reference',
  'Gross (£)',
  'Fee (£)',
  'Net (£)',
] as const

/** The money-received file's columns: one row per ledger entry, every method. */
export const RECEIVED_COLUMNS = [
  'Date',
  'Kind',
  'Method',
  'What for',
  'Event',
  'Reference',
  'Amount (£)',
] as const

/** A cell a spreadsheet would run as a formula gets a leading apostrophe; a negative amount stays a number. */
function cell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^-\d/.test(value) ? `'${value}` : value
}

const toCsv = (header: readonly string[], rows: string[][]) =>
  stringify([[...header], ...rows.map((r) => r.map(cell))])

interface PayoutRow {
  at: Date
  kind: 'Payment' | 'Refund'
  what: string
  event: string
  reference: string
  grossPence: number
  feePence: number | null
}

/** One card payment (a PaymentIntent) or refund: its ledger entries, one per line it paid. */
function groupCardEntries(entries: readonly LedgerEntry[]): PayoutRow[] {
  const groups = new Map<string, LedgerEntry[]>()
  for (const e of entries) {
    const key = `${e.kind}/${e.subjectId}/${e.reference}/${e.amountPence < 0 ? '-' : '+'}`
    groups.set(key, [...(groups.get(key) ?? []), e])
  }
  return [...groups.values()].map((list): PayoutRow => {
    const first = list[0]!
    const gross = list.reduce((s, e) => s + e.amountPence, 0)
    const items = [...new Set(list.map((e) => e.item))].join(', ')
    return {
      at: first.at,
      kind: gross < 0 ? 'Refund' : 'Payment',
      what: whatFor({ ...first, item: items }),
      event: first.eventTitle,
      reference: first.reference,
      grossPence: gross,
      feePence: null,
    }
  })
}

/**
 * The treasurer's payouts file (finance staff): every card payment and card refund recorded in the
 * range, with Stripe's fee and what reaches the bank, to match Stripe's payouts line by line. A card
 * payment Stripe took that the ledger refused (the place was cancelled meanwhile) is listed too, as
 * it is in Stripe's balance. Fees not stored yet are asked of Stripe once more (a few per export).
 */
export async function exportPayoutsCsv(ctx: RequestContext, input: { from: string; to: string }) {
  authorize(ctx.actor, 'admin.finance')
  const { timeZone } = await societySettingsOf(ctx.services)
  const range = dateRange(input.from, input.to, timeZone)
  const db = ctx.services.db
  const rows = groupCardEntries(await ledgerEntries(ctx, range, 'CARD_ONLINE'))
  const paymentRefs = rows.filter((r) => r.kind === 'Payment').map((r) => r.reference)
  const inRange = await db
    .select()
    .from(cardCheckouts)
    .where(
      and(
        eq(cardCheckouts.status, 'PAID'),
        gte(cardCheckouts.completedAt, range.start),
        lt(cardCheckouts.completedAt, range.end),
      ),
    )
  const byRef = paymentRefs.length
    ? await db.select().from(cardCheckouts).where(inArray(cardCheckouts.paymentReference, paymentRefs))
    : []
  const checkouts = new Map([...inRange, ...byRef].map((c) => [c.paymentReference ?? c.id, c]))
  const provider = cardProviderOf(ctx.services)
  const missing = [...checkouts.values()].filter((c) => c.feePence === null).map((c) => c.id)
  const filled = provider && missing.length ? await fillMissingFees(ctx, provider, missing) : new Map()
  const feeOf = (ref: string) => {
    const c = checkouts.get(ref)
    return c ? (c.feePence ?? filled.get(c.id) ?? null) : null
  }
  for (const row of rows) if (row.kind === 'Payment') row.feePence = feeOf(row.reference)
  // Paid checkouts whose money is on no ledger at all: Stripe has it, so the payouts show it.
  const orphans = inRange.filter((c) => c.paymentReference && !paymentRefs.includes(c.paymentReference))
  if (orphans.length) {
    const refs = orphans.map((c) => c.paymentReference!)
    const onLedger = new Set([
      ...(
        await db.select({ r: payments.reference }).from(payments).where(inArray(payments.reference, refs))
      ).map((x) => x.r),
      ...(
        await db
          .select({ r: ticketPayments.reference })
          .from(ticketPayments)
          .where(inArray(ticketPayments.reference, refs))
      ).map((x) => x.r),
    ])
    for (const c of orphans.filter((o) => !onLedger.has(o.paymentReference!))) {
      rows.push({
        at: c.completedAt ?? c.createdAt,
        kind: 'Payment',
        what: `Card payment not on the ledger (checkout ${c.id}): refund it or record it by hand`,
        event: '',
        reference: c.paymentReference!,
        grossPence: c.amountPence,
        feePence: feeOf(c.paymentReference!),
      })
    }
  }
  rows.sort((a, b) => a.at.getTime() - b.at.getTime())
  return toCsv(
    PAYOUT_COLUMNS,
    rows.map((r) => {
      const f = payoutFigures(r.grossPence, r.feePence)
      return [
        localTime(r.at, timeZone),
        r.kind,
        r.what,
        r.event,
        r.reference,
        penceAsDecimal(f.grossPence),
        f.feePence === null ? '' : penceAsDecimal(f.feePence),
        f.netPence === null ? '' : penceAsDecimal(f.netPence),
      ]
    }),
  )
}

/**
 * Every payment and refund recorded in the range, by any method (finance staff): the cash book the
 * treasurer matches to the bank statement and the cash tin. One row per ledger entry.
 */
export async function exportMoneyReceivedCsv(ctx: RequestContext, input: { from: string; to: string }) {
  authorize(ctx.actor, 'admin.finance')
  const { timeZone } = await societySettingsOf(ctx.services)
  const range = dateRange(input.from, input.to, timeZone)
  const entries = await ledgerEntries(ctx, range)
  return toCsv(
    RECEIVED_COLUMNS,
    entries.map((e) => [
      localTime(e.at, timeZone),
      e.amountPence < 0 ? 'Refund' : 'Payment',
      PAYMENT_METHOD_LABELS[e.method],
      whatFor(e),
      e.eventTitle,
      e.reference,
      penceAsDecimal(e.amountPence),
    ]),
  )
}
