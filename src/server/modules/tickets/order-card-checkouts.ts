import { and, eq, gt, inArray } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { cardCheckouts, ticketOrders } from '#server/db/schema/index.ts'
import { cardProviderOf } from '#server/modules/payments/card-provider.ts'

// A held order may have a card checkout open on Stripe's page (decision 0054). These are the ticket
// side's few questions about it; paying and settling live in modules/card-payments.

/** The latest expiry of the order's card checkouts still OPEN after `now`; null when none is. */
export async function openCardCheckoutUntil(db: Db | Tx, orderId: string, now: Date): Promise<Date | null> {
  const rows = await db
    .select({ expiresAt: cardCheckouts.expiresAt })
    .from(cardCheckouts)
    .where(
      and(
        eq(cardCheckouts.orderId, orderId),
        eq(cardCheckouts.status, 'OPEN'),
        gt(cardCheckouts.expiresAt, now),
      ),
    )
  return rows.reduce<Date | null>(
    (latest, r) => (!latest || r.expiresAt > latest ? r.expiresAt : latest),
    null,
  )
}

/**
 * Close on Stripe every card checkout still OPEN for these orders, before the order is confirmed
 * another way, let go or replaced, so it cannot also be paid by card. When Stripe says one was paid
 * meanwhile, the step is refused (the payment's webhook, or the order page, records it) rather than
 * letting the buyer owe, or lose, tickets they have just paid for.
 */
export async function closeOpenCardCheckouts(
  ctx: RequestContext,
  orderIds: readonly string[],
): Promise<void> {
  if (orderIds.length === 0) return
  const open = await ctx.services.db
    .select({ id: cardCheckouts.id })
    .from(cardCheckouts)
    .where(and(inArray(cardCheckouts.orderId, [...orderIds]), eq(cardCheckouts.status, 'OPEN')))
  if (open.length === 0) return
  const provider = cardProviderOf(ctx.services)
  for (const { id } of open) {
    if (provider) {
      const closed = await provider.expireCheckout(id).catch(() => provider.retrieveCheckout(id))
      if (closed.status === 'PAID') {
        throw new AppError(
          'CONFLICT',
          'Your card payment for these tickets has just gone through: see the order’s page or your email.',
        )
      }
      // Stripe did not close it (unreachable): it could still be paid, so nothing else happens now.
      if (closed.status === 'OPEN') throw new Error(`card checkout ${id} could not be closed`)
    }
    await withTx(ctx, (tx) =>
      tx
        .update(cardCheckouts)
        .set({ status: 'EXPIRED' })
        .where(and(eq(cardCheckouts.id, id), eq(cardCheckouts.status, 'OPEN'))),
    )
  }
}

/** The held order a checkout link names, for `closeOpenCardCheckouts`; [] for an unknown link. */
export async function orderIdsByClaimToken(ctx: RequestContext, claimToken: string): Promise<string[]> {
  if (!claimToken) return []
  const rows = await ctx.services.db
    .select({ id: ticketOrders.id })
    .from(ticketOrders)
    .where(eq(ticketOrders.claimToken, claimToken))
  return rows.map((r) => r.id)
}
