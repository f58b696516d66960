import { EMAILED_ORDER_STATES } from '#core/tickets/email-confirmation.ts'
import { builder } from '#server/graphql/builder.ts'
import type { EmailedOrderView } from '../confirm-emailed-order.ts'

export const EmailedOrderStateEnum = builder.enumType('EmailedOrderState', {
  description:
    'What an emailed confirmation link finds: an order to confirm, one confirmed, one lapsed, nothing.',
  values: EMAILED_ORDER_STATES,
})

/** An order placed without sign-in, as its emailed link's page sees it; details only while OPEN. */
export const EmailedTicketOrderRef = builder.objectRef<EmailedOrderView>('EmailedTicketOrder').implement({
  description: 'An order placed without sign-in that waits for its emailed link (details only while OPEN).',
  fields: (t) => ({
    state: t.expose('state', { type: EmailedOrderStateEnum }),
    eventTitle: t.exposeString('eventTitle', { nullable: true }),
    typeName: t.exposeString('typeName', { nullable: true }),
    quantity: t.exposeInt('quantity', { nullable: true }),
    amountPence: t.exposeInt('amountPence', { nullable: true }),
    email: t.exposeString('email', { nullable: true }),
    confirmBy: t.expose('confirmBy', { type: 'DateTime', nullable: true }),
  }),
})
