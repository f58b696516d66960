import { PAYMENT_CHOICES } from '#core/tickets/tickets.ts'
import { builder } from '#server/graphql/builder.ts'

export const TicketPaymentEnum = builder.enumType('TicketPayment', {
  description:
    'How a buyer pays for tickets: at the door, by bank transfer, or by card online (Stripe Checkout).',
  values: PAYMENT_CHOICES,
})
