import Stripe from 'stripe'
import type { CheckoutPurpose } from '#core/payments/card-checkout.ts'
import { CHECKOUT_CURRENCY } from '#core/payments/card-checkout.ts'
import type { StripeConfig } from '#server/config/stripe-env.ts'
import {
  insertPayment,
  type CardProvider,
  type ProviderCheckout,
  type ProviderRefund,
} from './payment-provider.ts'

/**
 * The card provider on Stripe Checkout (decision 0047): the member pays on Stripe's hosted page, so
 * no card number reaches this server. Payments are written to the ledger only once Stripe confirms
 * them (the webhook, or a server-side read of the session), never because the browser came back.
 */
export function createStripeProvider(config: StripeConfig): CardProvider {
  const stripe = new Stripe(config.secretKey, {
    // NOTE: tests and stripe-mock point the SDK at a Stripe-shaped server (STRIPE_API_BASE).
    ...(config.api ?? {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Stagedoor' },
  })

  const asCheckout = (session: Stripe.Checkout.Session): ProviderCheckout => ({
    id: session.id,
    url: session.url,
    status: session.payment_status === 'paid' ? 'PAID' : session.status === 'expired' ? 'EXPIRED' : 'OPEN',
    paymentReference:
      typeof session.payment_intent === 'string'
        ? session.payment_intent
        : (session.payment_intent?.id ?? null),
    amountPence: session.amount_total ?? 0,
    currency: session.currency ?? CHECKOUT_CURRENCY,
    expiresAt: new Date(session.expires_at * 1000),
    metadata: session.metadata ?? {},
  })

  const asRefund = (refund: Stripe.Refund): ProviderRefund => ({
    id: refund.id,
    amountPence: refund.amount,
    status: refund.status ?? 'pending',
    paymentReference:
      typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? null),
    metadata: refund.metadata ?? {},
  })

  return {
    name: 'stripe',
    recordPayment: (tx, input) => insertPayment(tx, 'stripe', input),
    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          currency: CHECKOUT_CURRENCY,
          line_items: input.lines.map((line) => ({
            quantity: 1,
            price_data: {
              currency: CHECKOUT_CURRENCY,
              unit_amount: line.amountPence,
              product_data: { name: line.label },
            },
          })),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
          client_reference_id: input.subjectId,
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          metadata: purposeMetadata(input.purpose, input.subjectId, input.lines),
          payment_intent_data: { metadata: purposeMetadata(input.purpose, input.subjectId, input.lines) },
        },
        // A retried start sends the same request, and Stripe answers it once.
        { idempotencyKey: input.idempotencyKey },
      )
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL')
      return asCheckout(session)
    },
    async retrieveCheckout(id) {
      return asCheckout(await stripe.checkout.sessions.retrieve(id))
    },
    async expireCheckout(id) {
      return asCheckout(await stripe.checkout.sessions.expire(id))
    },
    async refund(input) {
      return asRefund(
        await stripe.refunds.create(
          { payment_intent: input.paymentReference, amount: input.amountPence, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        ),
      )
    },
    async refundsOf(paymentReference) {
      const list = await stripe.refunds.list({ payment_intent: paymentReference, limit: 100 })
      return list.data.map(asRefund)
    },
    async feeOf(paymentReference) {
      const intent = await stripe.paymentIntents.retrieve(paymentReference, {
        expand: ['latest_charge.balance_transaction'],
      })
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null
      const balance =
        charge && typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null
      return balance ? balance.fee : null
    },
    verifyEvent(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret)
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
        case 'checkout.session.expired':
          return { id: event.id, type: event.type, checkout: asCheckout(event.data.object) }
        case 'charge.refunded': {
          const charge = event.data.object
          const ref = charge.payment_intent
          return {
            id: event.id,
            type: event.type,
            refunded: {
              paymentReference: typeof ref === 'string' ? ref : (ref?.id ?? null),
              amountRefundedPence: charge.amount_refunded,
            },
          }
        }
        default:
          return { id: event.id, type: event.type }
      }
    },
  }
}

/** What a checkout pays for, on Stripe's side too: the dashboard shows it beside each payment. */
function purposeMetadata(
  purpose: CheckoutPurpose,
  subjectId: string,
  lines: readonly { key: string }[],
): Record<string, string> {
  return {
    purpose,
    [purpose === 'APPLICATION_PAYMENT' ? 'application_id' : 'order_id']: subjectId,
    line_keys: lines.map((l) => l.key).join(','),
  }
}
