import { CHECKOUT_PURPOSES, CHECKOUT_STATUSES } from '#core/payments/card-checkout.ts'
import { builder } from '#server/graphql/builder.ts'
import type { CheckoutRow } from '../settle-card-checkout.ts'

export const CardCheckoutStatusEnum = builder.enumType('CardCheckoutStatus', { values: CHECKOUT_STATUSES })
export const CardCheckoutPurposeEnum = builder.enumType('CardCheckoutPurpose', { values: CHECKOUT_PURPOSES })

export const CardCheckoutLineRef = builder
  .objectRef<CheckoutRow['lines'][number]>('CardCheckoutLine')
  .implement({
    description: 'One payment line a card checkout pays, at the amount the server set.',
    fields: (t) => ({
      key: t.exposeString('key'),
      label: t.exposeString('label'),
      amountPence: t.exposeInt('amountPence'),
    }),
  })

export const CardCheckoutRef = builder.objectRef<CheckoutRow>('CardCheckout').implement({
  description:
    'A card payment started on the hosted card page (Stripe Checkout): what it pays and whether the provider has confirmed it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    purpose: t.field({ type: CardCheckoutPurposeEnum, resolve: (c) => c.purpose }),
    status: t.field({ type: CardCheckoutStatusEnum, resolve: (c) => c.status }),
    applicationId: t.exposeID('applicationId', { nullable: true }),
    amountPence: t.exposeInt('amountPence'),
    lines: t.field({ type: [CardCheckoutLineRef], resolve: (c) => c.lines }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
  }),
})

export const CardCheckoutStartRef = builder
  .objectRef<{ id: string; url: string }>('CardCheckoutStart')
  .implement({
    description: 'Where to send the member to pay by card (the hosted card page).',
    fields: (t) => ({ id: t.exposeID('id'), url: t.exposeString('url') }),
  })
