import { AppError } from '#core/errors.ts'
import type { Services } from '#server/services.ts'
import type { CardProvider } from './payment-provider.ts'
import { createStripeProvider } from './stripe-provider.ts'

const providers = new WeakMap<Services, CardProvider>()

/**
 * The process's card provider: Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set,
 * otherwise null (no "Pay by card" anywhere). Made once per set of services.
 */
export function cardProviderOf(services: Services): CardProvider | null {
  const config = services.config.stripe
  if (!config) return null
  let provider = providers.get(services)
  if (!provider) providers.set(services, (provider = createStripeProvider(config)))
  return provider
}

/** The card provider, or a refusal with a code when card payments are not set up. */
export function requireCardProvider(services: Services): CardProvider {
  const provider = cardProviderOf(services)
  if (!provider) {
    throw new AppError(
      'CARD_PAYMENTS_OFF',
      'Card payments are not set up for this society; pay by the other ways shown.',
    )
  }
  return provider
}
