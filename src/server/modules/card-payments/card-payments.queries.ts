import { eq } from 'drizzle-orm'
import { can } from '#core/auth/policies.ts'
import { AppError } from '#core/errors.ts'
import type { RequestContext } from '#server/context.ts'
import { cardCheckouts } from '#server/db/schema/index.ts'
import { cardProviderOf } from '#server/modules/payments/card-provider.ts'
import { authenticate } from '#server/modules/shared/guards.ts'
import { completeCardCheckout, expireCardCheckout, type CheckoutRow } from './settle-card-checkout.ts'

const findCheckout = async (ctx: RequestContext, id: string): Promise<CheckoutRow | undefined> =>
  (await ctx.services.db.select().from(cardCheckouts).where(eq(cardCheckouts.id, id)))[0]

/**
 * A card checkout as the member who started it (or staff) may see it. While it is still OPEN here
 * the server asks the provider (never the browser's redirect): a checkout Stripe reports paid is
 * recorded now, exactly as its webhook would, and one it reports expired is closed.
 */
export async function cardCheckoutFor(ctx: RequestContext, id: string): Promise<CheckoutRow> {
  const viewer = authenticate(ctx.actor)
  const row = id.length <= 255 ? await findCheckout(ctx, id) : undefined
  if (!row || (row.startedBy !== viewer.id && !can(viewer, 'admin.general'))) {
    throw new AppError('NOT_FOUND', 'No such card payment.')
  }
  const provider = cardProviderOf(ctx.services)
  if (row.status !== 'OPEN' || !provider) return row
  const checkout = await provider.retrieveCheckout(row.id)
  if (checkout.status === 'PAID') await completeCardCheckout(ctx, provider, checkout)
  else if (checkout.status === 'EXPIRED') await expireCardCheckout(ctx, row.id)
  else return row
  return (await findCheckout(ctx, id)) ?? row
}

/** Whether card payments are set up (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET). */
export const cardPaymentsOn = (ctx: RequestContext): boolean => cardProviderOf(ctx.services) !== null
