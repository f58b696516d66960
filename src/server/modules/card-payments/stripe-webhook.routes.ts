import type { FastifyInstance } from 'fastify'
import { AppError } from '#core/errors.ts'
import { systemContext } from '#server/context.ts'
import { cardProviderEvents } from '#server/db/schema/index.ts'
import { sendError } from '#server/http/errors.ts'
import { cardProviderOf } from '#server/modules/payments/card-provider.ts'
import type { ProviderEvent } from '#server/modules/payments/payment-provider.ts'
import { eq } from 'drizzle-orm'
import {
  completeCardCheckout,
  expireCardCheckout,
  settleChargeRefunded,
  type SettleOutcome,
} from './settle-card-checkout.ts'

export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook'

/**
 * `POST /api/payments/stripe/webhook`: Stripe's word on checkouts and refunds (decision 0047). The
 * signature is checked on the raw body (so this route keeps the bytes; no JSON parsing first); a
 * missing or wrong one is 400 BAD_SIGNATURE. Each event id is handled once. Sessions we never
 * started and event types we do not handle are acknowledged (200) and logged, so Stripe stops
 * sending them; only a failure of our own (the database) answers 503 so Stripe retries later.
 */
export async function registerStripeWebhook(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
    scope.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
      const services = request.ctx.services
      const provider = cardProviderOf(services)
      if (!provider) return sendError(reply, new AppError('NOT_FOUND', 'Card payments are not set up here.'))
      const signature = request.headers['stripe-signature']
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string' || !signature) {
        return sendError(reply, new AppError('BAD_SIGNATURE', 'The Stripe-Signature header is missing.'))
      }
      let event: ProviderEvent
      try {
        event = provider.verifyEvent(request.body, signature)
      } catch {
        request.log.warn('stripe webhook with a signature that does not match')
        return sendError(reply, new AppError('BAD_SIGNATURE', 'The webhook signature does not match.'))
      }
      const ctx = systemContext(services, `stripe:${event.id}`)
      const [seen] = await services.db
        .select({ id: cardProviderEvents.id })
        .from(cardProviderEvents)
        .where(eq(cardProviderEvents.id, event.id))
      if (seen) {
        request.log.info({ eventId: event.id, type: event.type }, 'stripe event already handled')
        return reply.send({ received: true, outcome: 'already' })
      }
      let outcome: SettleOutcome | 'ignored'
      try {
        if (event.checkout && event.type === 'checkout.session.expired') {
          outcome = await expireCardCheckout(ctx, event.checkout.id)
        } else if (event.checkout) {
          outcome = await completeCardCheckout(ctx, provider, event.checkout)
        } else if (event.refunded?.paymentReference) {
          outcome = await settleChargeRefunded(ctx, provider, event.refunded.paymentReference)
        } else {
          outcome = 'ignored'
        }
      } catch (error) {
        request.log.error({ err: error, eventId: event.id, type: event.type }, 'stripe event not handled')
        return reply
          .status(503)
          .send({ error: { code: 'INTERNAL', message: 'Not handled this time; send it again later.' } })
      }
      await services.db
        .insert(cardProviderEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
      const level =
        outcome === 'unknown' || outcome === 'ignored' || outcome === 'unmatched' ? 'warn' : 'info'
      request.log[level]({ eventId: event.id, type: event.type, outcome }, 'stripe event')
      return reply.send({ received: true, outcome })
    })
  })
}
