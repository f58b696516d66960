import { and, desc, eq, lte } from 'drizzle-orm'
import type { CheckoutStatus } from '#core/payments/card-checkout.ts'
import type { RequestContext } from '#server/context.ts'
import { cardCheckouts, ticketOrders } from '#server/db/schema/index.ts'
import { cardProviderOf } from '#server/modules/payments/card-provider.ts'
import type { CardProvider } from '#server/modules/payments/payment-provider.ts'
import { ORDER_TOKEN } from '#server/modules/tickets/order-page.ts'
import { completeCardCheckout, expireCardCheckout } from './settle-card-checkout.ts'

/**
 * Ask Stripe about one checkout and act on its answer exactly as its webhook would: paid → recorded,
 * expired → closed (a ticket order released). With `close`, one still open is expired first (it is
 * past its time here), and one Stripe could not close is an error, so the caller tries again later.
 */
async function settleFromProvider(
  ctx: RequestContext,
  provider: CardProvider,
  id: string,
  close: boolean,
): Promise<void> {
  let checkout = await provider.retrieveCheckout(id)
  if (checkout.status === 'OPEN' && close) {
    checkout = await provider.expireCheckout(id).catch(() => provider.retrieveCheckout(id))
  }
  if (checkout.status === 'PAID') await completeCardCheckout(ctx, provider, checkout)
  else if (checkout.status === 'EXPIRED') await expireCardCheckout(ctx, id)
  else if (close) throw new Error(`card checkout ${id} is still open on Stripe past its time`)
}

/**
 * Run by the release job before it releases a held order (decision 0054): each card checkout of the
 * order still OPEN here past its expiry is settled from Stripe's own word, so a payment made at the
 * last moment whose webhook is late issues the tickets instead of losing them.
 */
export async function settleLapsedTicketCheckouts(ctx: RequestContext, orderId: string): Promise<void> {
  const provider = cardProviderOf(ctx.services)
  if (!provider) return
  const open = await ctx.services.db
    .select({ id: cardCheckouts.id })
    .from(cardCheckouts)
    .where(
      and(
        eq(cardCheckouts.orderId, orderId),
        eq(cardCheckouts.status, 'OPEN'),
        lte(cardCheckouts.expiresAt, ctx.now()),
      ),
    )
  for (const { id } of open) await settleFromProvider(ctx, provider, id, true)
}

/**
 * The latest card payment of the order with this page token, for its page (no account needed: the
 * token is the key). While it is OPEN here the server asks Stripe, never the browser's redirect, so
 * the page says "Paid" as soon as Stripe has it, even before the webhook. Null when the order has no
 * card payment or the token names no order.
 */
export async function ticketOrderCardStatus(
  ctx: RequestContext,
  token: string,
): Promise<CheckoutStatus | null> {
  const trimmed = token.trim()
  if (!ORDER_TOKEN.test(trimmed)) return null
  const latest = async () =>
    (
      await ctx.services.db
        .select({ id: cardCheckouts.id, status: cardCheckouts.status })
        .from(cardCheckouts)
        .innerJoin(ticketOrders, eq(ticketOrders.id, cardCheckouts.orderId))
        .where(eq(ticketOrders.orderToken, trimmed))
        .orderBy(desc(cardCheckouts.createdAt))
        .limit(1)
    )[0]
  const row = await latest()
  const provider = cardProviderOf(ctx.services)
  if (!row || row.status !== 'OPEN' || !provider) return row?.status ?? null
  await settleFromProvider(ctx, provider, row.id, false)
  return (await latest())?.status ?? null
}
