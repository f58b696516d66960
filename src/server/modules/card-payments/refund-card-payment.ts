import { and, eq, lt, sql } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { formatPence } from '#core/money.ts'
import type { RequestContext } from '#server/context.ts'
import { cardCheckouts, payments } from '#server/db/schema/index.ts'
import { requireCardProvider } from '#server/modules/payments/card-provider.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { recordCardRefunds } from './settle-card-checkout.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Staff (who may record payments) refund some or all of a card (online) payment: Stripe returns the
 * money to the card, and the refund is written to the ledger (a negative line, audited) and emailed
 * to the payer. The refund is keyed by Stripe's refund id, so its `charge.refunded` webhook, which
 * may arrive first, records nothing more.
 */
export async function refundCardPayment(
  ctx: RequestContext,
  input: { paymentId: string; amountPence: number },
): Promise<{ applicationId: string }> {
  const viewer = authorize(ctx.actor, 'admin.general')
  if (!UUID.test(input.paymentId)) throw new AppError('NOT_FOUND', 'No such payment.')
  const [payment] = await ctx.services.db.select().from(payments).where(eq(payments.id, input.paymentId))
  if (!payment) throw new AppError('NOT_FOUND', 'No such payment.')
  const provider = requireCardProvider(ctx.services)
  if (payment.method !== 'CARD_ONLINE' || payment.provider !== 'stripe' || payment.amountPence < 0) {
    const message = 'Only a card (online) payment can be refunded to the card; record other refunds by hand.'
    throw new AppError('VALIDATION', message, { fields: [{ path: 'paymentId', message }] })
  }
  const [checkout] = await ctx.services.db
    .select()
    .from(cardCheckouts)
    .where(eq(cardCheckouts.paymentReference, payment.reference))
  if (!checkout) throw new AppError('NOT_FOUND', 'No card payment matches that payment.')
  // What is left of this payment: its amount less the refunds already on its line after it.
  const [refunded] = await ctx.services.db
    .select({ pence: sql<number>`coalesce(-sum(${payments.amountPence}), 0)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.applicationId, payment.applicationId),
        eq(payments.lineKey, payment.lineKey),
        eq(payments.method, 'CARD_ONLINE'),
        lt(payments.amountPence, 0),
      ),
    )
  const left = payment.amountPence - (refunded?.pence ?? 0)
  if (!Number.isInteger(input.amountPence) || input.amountPence <= 0 || input.amountPence > left) {
    const message =
      left > 0
        ? `Enter an amount from 1p to ${formatPence(left)}, what is left of this card payment.`
        : 'This card payment has been refunded in full already.'
    throw new AppError('VALIDATION', message, { fields: [{ path: 'amountPence', message }] })
  }
  const refund = await provider.refund({
    paymentReference: payment.reference,
    amountPence: input.amountPence,
    metadata: { line_key: payment.lineKey, application_id: payment.applicationId, payment_id: payment.id },
    idempotencyKey: `refund:${payment.id}:${left}:${input.amountPence}`,
  })
  await recordCardRefunds(ctx, provider, payment.reference, [refund], viewer.id)
  return { applicationId: payment.applicationId }
}
