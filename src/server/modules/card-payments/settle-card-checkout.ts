import { and, eq, inArray } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { formatPence } from '#core/money.ts'
import { spreadRefund } from '#core/payments/card-checkout.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { systemContext, withTx, type AfterCommit, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { applications, cardCheckouts, cardRefunds, events, payments, users } from '#server/db/schema/index.ts'
import { recordPaymentInTx } from '#server/modules/applications/record-payment.ts'
import { captureCardFee } from './card-fees.ts'
import type {
  CardProvider,
  ProviderCheckout,
  ProviderRefund,
} from '#server/modules/payments/payment-provider.ts'
import { completeTicketCheckout, expireTicketCheckout, refundTicketLines } from './settle-ticket-checkout.ts'

export type CheckoutRow = typeof cardCheckouts.$inferSelect

/** What settling a provider's word did: the webhook logs it and always acknowledges. */
export type SettleOutcome = 'recorded' | 'already' | 'unknown' | 'not-paid' | 'expired' | 'unmatched'

async function lockCheckout(tx: Tx, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await tx.select().from(cardCheckouts).where(eq(cardCheckouts.id, id)).for('update')
  return row
}

/**
 * The provider says a checkout is paid: write its lines to the ledger as card (online) payments,
 * once. A checkout we did not start is left alone ('unknown'); one already PAID changes nothing.
 * When the ledger refuses (the place was cancelled, or the line was settled another way meanwhile)
 * the money is still taken: the checkout is marked PAID and the mismatch audited for the treasurer.
 */
export async function completeCardCheckout(
  ctx: RequestContext,
  provider: CardProvider,
  checkout: ProviderCheckout,
): Promise<SettleOutcome> {
  if (checkout.status !== 'PAID') return 'not-paid'
  const settled = await withTx(ctx, async (tx, afterCommit): Promise<SettleOutcome> => {
    const row = await lockCheckout(tx, checkout.id)
    if (!row) return 'unknown'
    if (row.status === 'PAID') return 'already'
    const reference = checkout.paymentReference ?? checkout.id
    let outcome: SettleOutcome = 'recorded'
    if (row.purpose === 'APPLICATION_PAYMENT' && row.applicationId) {
      const applicationId = row.applicationId
      try {
        // A savepoint: a refusal undoes these lines only, and the checkout is still marked paid.
        await tx.transaction(async (sp) => {
          for (const line of row.lines) {
            await recordPaymentInTx(
              ctx,
              sp,
              afterCommit,
              {
                applicationId,
                lineKey: line.key,
                amountPence: line.amountPence,
                method: 'CARD_ONLINE',
                reference,
              },
              provider,
              null,
            )
          }
        })
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        outcome = 'unmatched'
        await auditChange(tx, ctx, {
          action: 'payment.card.unmatched',
          entityType: 'application',
          entityId: applicationId,
          after: { checkoutId: row.id, amountPence: row.amountPence, reference, reason: error.message },
        })
      }
    } else if (row.purpose === 'TICKET_ORDER' && row.orderId) {
      outcome = await completeTicketCheckout(ctx, tx, row, reference)
    }
    await tx
      .update(cardCheckouts)
      .set({ status: 'PAID', paymentReference: reference, completedAt: ctx.now() })
      .where(eq(cardCheckouts.id, row.id))
    return outcome
  })
  // The fee for the treasurer's payouts file: read after the commit, never inside the transaction.
  if (settled === 'recorded' || settled === 'unmatched') await captureCardFee(ctx, provider, checkout.id)
  return settled
}

/** The provider closed an unpaid checkout: it can no longer be paid. */
export async function expireCardCheckout(ctx: RequestContext, id: string): Promise<SettleOutcome> {
  const updated = await withTx(ctx, (tx) =>
    tx
      .update(cardCheckouts)
      .set({ status: 'EXPIRED' })
      .where(and(eq(cardCheckouts.id, id), eq(cardCheckouts.status, 'OPEN')))
      .returning({ id: cardCheckouts.id, orderId: cardCheckouts.orderId }),
  )
  // A ticket order's tickets go back on sale once its card page has closed unpaid (decision 0054).
  if (updated[0]?.orderId) await expireTicketCheckout(ctx, updated[0].orderId)
  if (updated.length) return 'expired'
  const [known] = await ctx.services.db
    .select({ id: cardCheckouts.id })
    .from(cardCheckouts)
    .where(eq(cardCheckouts.id, id))
  return known ? 'already' : 'unknown'
}

/**
 * Write to the ledger each refund the provider reports on a card payment that is not there yet
 * (negative lines, audited, the payer emailed), keyed by the provider's refund id so a refund staff
 * asked for and the provider's `charge.refunded` about it are recorded once between them.
 */
export async function recordCardRefunds(
  ctx: RequestContext,
  provider: CardProvider,
  paymentReference: string,
  refunds: readonly ProviderRefund[],
  recordedBy: string | null,
): Promise<{ outcome: SettleOutcome; recorded: number }> {
  const live = refunds.filter((r) => r.status === 'succeeded' || r.status === 'pending')
  return withTx(ctx, async (tx, afterCommit) => {
    const [found] = await tx
      .select()
      .from(cardCheckouts)
      .where(eq(cardCheckouts.paymentReference, paymentReference))
      .for('update')
    if (!found) return { outcome: 'unknown' as const, recorded: 0 }
    if (!live.length) return { outcome: 'already' as const, recorded: 0 }
    const known = await tx
      .select({ id: cardRefunds.id })
      .from(cardRefunds)
      .where(
        inArray(
          cardRefunds.id,
          live.map((r) => r.id),
        ),
      )
    const knownIds = new Set(known.map((k) => k.id))
    let recorded = 0
    for (const refund of live.filter((r) => !knownIds.has(r.id))) {
      if (found.purpose === 'APPLICATION_PAYMENT' && found.applicationId) {
        await refundLines(ctx, tx, afterCommit, provider, found, refund, recordedBy)
      } else if (found.purpose === 'TICKET_ORDER' && found.orderId) {
        await refundTicketLines(ctx, tx, found, refund, recordedBy)
      }
      await tx
        .insert(cardRefunds)
        .values({ id: refund.id, checkoutId: found.id, amountPence: refund.amountPence })
      recorded++
    }
    return { outcome: recorded ? ('recorded' as const) : ('already' as const), recorded }
  })
}

async function refundLines(
  ctx: RequestContext,
  tx: Tx,
  afterCommit: AfterCommit,
  provider: CardProvider,
  checkout: CheckoutRow,
  refund: ProviderRefund,
  recordedBy: string | null,
): Promise<void> {
  const applicationId = checkout.applicationId!
  const onLedger = await tx.select().from(payments).where(eq(payments.applicationId, applicationId))
  // What this card payment paid on each of its lines, less what was refunded of it already.
  const paid = checkout.lines.map((line) => ({
    key: line.key,
    paidPence: Math.min(
      line.amountPence,
      onLedger.filter((p) => p.lineKey === line.key).reduce((s, p) => s + p.amountPence, 0),
    ),
  }))
  const named = refund.metadata.line_key
  const parts = named
    ? [{ key: named, amountPence: refund.amountPence }]
    : spreadRefund(paid, refund.amountPence)
  for (const part of parts) {
    await recordPaymentInTx(
      ctx,
      tx,
      afterCommit,
      {
        applicationId,
        lineKey: part.key,
        amountPence: -part.amountPence,
        method: 'CARD_ONLINE',
        reference: refund.id,
      },
      provider,
      recordedBy,
    )
  }
  const [row] = await tx
    .select({ email: users.email, name: users.name, title: events.title })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .innerJoin(events, eq(events.id, applications.eventId))
    .where(eq(applications.id, applicationId))
  if (row) {
    await ctx.services.mailer.queue(
      {
        to: row.email,
        subject: `Refund of ${formatPence(refund.amountPence)} for ${row.title}`,
        text: [
          `Hello ${row.name},`,
          '',
          `We have refunded ${formatPence(refund.amountPence)} of your card payment for ${row.title} to the card you paid with.`,
          'Banks usually show a refund within 5 to 10 working days.',
          '',
          `Refund reference: ${refund.id}`,
        ].join('\n'),
        template: 'payment.card.refund',
      },
      tx,
    )
  }
}

/** A card refund the provider reported by webhook: the refunds of that payment, read from the provider. */
export async function settleChargeRefunded(
  ctx: RequestContext,
  provider: CardProvider,
  paymentReference: string,
): Promise<SettleOutcome> {
  const [known] = await ctx.services.db
    .select({ id: cardCheckouts.id })
    .from(cardCheckouts)
    .where(eq(cardCheckouts.paymentReference, paymentReference))
  if (!known) return 'unknown'
  const refunds = await provider.refundsOf(paymentReference)
  const { outcome } = await recordCardRefunds(
    systemContext(ctx.services, ctx.requestId),
    provider,
    paymentReference,
    refunds,
    null,
  )
  return outcome
}
