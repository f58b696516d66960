import { and, eq, isNull } from 'drizzle-orm'
import type { RequestContext } from '#server/context.ts'
import { cardCheckouts } from '#server/db/schema/index.ts'
import type { CardProvider } from '#server/modules/payments/payment-provider.ts'

/** The most fees one payouts export asks the provider for (the rest wait for the next export). */
export const MAX_FEES_PER_EXPORT = 25

/**
 * Store the provider's fee on a paid checkout (Stripe: the charge's balance transaction), for the
 * treasurer's payouts file. Called after the settlement commits: a network call never holds the
 * transaction (the embedded database has one connection). A failure is left for later: the payouts
 * export asks again for checkouts whose fee is still unknown (`fillMissingFees`).
 */
export async function captureCardFee(
  ctx: RequestContext,
  provider: CardProvider,
  checkoutId: string,
): Promise<number | null> {
  const [row] = await ctx.services.db
    .select({ reference: cardCheckouts.paymentReference, fee: cardCheckouts.feePence })
    .from(cardCheckouts)
    .where(eq(cardCheckouts.id, checkoutId))
  if (!row?.reference) return null
  if (row.fee !== null) return row.fee
  // NOTE: Stripe may not have the balance transaction yet (a payment still settling): null, try later.
  const fee = await provider.feeOf(row.reference).catch(() => null)
  if (fee === null) return null
  await ctx.services.db
    .update(cardCheckouts)
    .set({ feePence: fee })
    .where(and(eq(cardCheckouts.id, checkoutId), isNull(cardCheckouts.feePence)))
  return fee
}

/**
 * Ask the provider for the fees still unknown on these paid checkouts, one by one: a few at most, and
 * none after the first it cannot answer (Stripe down, or not settled yet), so an export never waits long.
 */
export async function fillMissingFees(
  ctx: RequestContext,
  provider: CardProvider,
  checkoutIds: readonly string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>()
  for (const id of checkoutIds.slice(0, MAX_FEES_PER_EXPORT)) {
    const fee = await captureCardFee(ctx, provider, id)
    if (fee === null) break
    found.set(id, fee)
  }
  return found
}
