import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { owesPayment } from '#core/applications/payments.ts'
import { AppError } from '#core/errors.ts'
import { cardCheckoutLines, type CheckoutLine } from '#core/payments/card-checkout.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { cardCheckouts, events, payments, users } from '#server/db/schema/index.ts'
import { requireApplicationIds } from '#server/modules/applications/applications.queries.ts'
import { typeLabel } from '#server/modules/applications/application-types.ts'
import { lockApplication } from '#server/modules/applications/update-application.ts'
import { requireCardProvider } from '#server/modules/payments/card-provider.ts'
import { ledgerOf } from '#server/modules/payments/payments.queries.ts'
import { authenticate } from '#server/modules/shared/guards.ts'

/** How long the hosted page stays payable: Stripe's shortest (30 minutes) plus a little. */
const CHECKOUT_MINUTES = 31

/** Where the card page sends the member back: the return page reads the outcome from the server. */
export const CARD_RETURN_PATH = '/applications/card-payment'

/**
 * Start paying some of the member's own owed lines by card: the amount of each is what is still
 * outstanding on it by the ledger (never a figure from the browser). Any earlier unpaid checkout of
 * the same lines is closed first so a line cannot be paid twice. Returns where to send the member.
 */
export async function startCardCheckout(
  ctx: RequestContext,
  input: { applicationId: string; lineKeys: string[] },
): Promise<{ id: string; url: string }> {
  const viewer = authenticate(ctx.actor)
  requireApplicationIds([input.applicationId])
  const plan = await withTx(ctx, async (tx) => {
    const application = await lockApplication(tx, input.applicationId)
    if (application.userId !== viewer.id) throw new AppError('NOT_FOUND', 'No such application.')
    requireCardProvider(ctx.services)
    if (!owesPayment(application.status)) {
      throw new AppError('CONFLICT', 'Payments are taken once you have confirmed your place.')
    }
    const [event] = await tx.select().from(events).where(eq(events.id, application.eventId))
    const paid = await tx.select().from(payments).where(eq(payments.applicationId, application.id))
    const chosen = cardCheckoutLines(ledgerOf(event!, application, paid), input.lineKeys)
    if ('refusal' in chosen) {
      throw new AppError('VALIDATION', chosen.refusal, {
        fields: [{ path: 'lineKeys', message: chosen.refusal }],
      })
    }
    const open = await tx
      .select()
      .from(cardCheckouts)
      .where(and(eq(cardCheckouts.applicationId, application.id), eq(cardCheckouts.status, 'OPEN')))
    const keys = new Set(chosen.lines.map((l) => l.key))
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, viewer.id))
    return {
      lines: chosen.lines,
      total: chosen.totalPence,
      earlier: open.filter((c) => c.lines.some((l) => keys.has(l.key))).map((c) => c.id),
      email: user?.email ?? null,
      paysFor: `${event!.title} · ${typeLabel(event!, application.applicationType)}`,
    }
  })
  const provider = requireCardProvider(ctx.services)
  for (const id of plan.earlier) {
    const earlier = await provider.expireCheckout(id).catch(() => provider.retrieveCheckout(id))
    if (earlier.status === 'PAID') {
      throw new AppError(
        'CONFLICT',
        'An earlier card payment of this line has just gone through; reload the page.',
      )
    }
    await withTx(ctx, (tx) =>
      tx
        .update(cardCheckouts)
        .set({ status: 'EXPIRED' })
        .where(and(eq(cardCheckouts.id, id), eq(cardCheckouts.status, 'OPEN'))),
    )
  }
  const appUrl = ctx.services.config.appUrl
  const lines: CheckoutLine[] = plan.lines.map((l) => ({ ...l, label: `${l.label} (${plan.paysFor})` }))
  const checkout = await provider.createCheckout({
    purpose: 'APPLICATION_PAYMENT',
    subjectId: input.applicationId,
    lines,
    successUrl: `${appUrl}${CARD_RETURN_PATH}?session={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${appUrl}/applications`,
    expiresAt: new Date(ctx.now().getTime() + CHECKOUT_MINUTES * 60_000),
    customerEmail: plan.email,
    idempotencyKey: randomUUID(),
  })
  if (checkout.amountPence !== plan.total || !checkout.url) {
    throw new Error(`card checkout ${checkout.id} came back for ${checkout.amountPence}, not ${plan.total}`)
  }
  await withTx(ctx, async (tx) => {
    await tx.insert(cardCheckouts).values({
      id: checkout.id,
      purpose: 'APPLICATION_PAYMENT',
      applicationId: input.applicationId,
      lines: plan.lines,
      amountPence: plan.total,
      currency: checkout.currency,
      status: 'OPEN',
      startedBy: viewer.id,
      expiresAt: checkout.expiresAt,
    })
    await auditChange(tx, ctx, {
      action: 'payment.card.start',
      entityType: 'application',
      entityId: input.applicationId,
      after: { checkoutId: checkout.id, lines: plan.lines, amountPence: plan.total },
    })
  })
  return { id: checkout.id, url: checkout.url }
}
