import type { MethodMoney, MoneyByMethod } from '#core/payments/money-by-method.ts'
import { builder } from '#server/graphql/builder.ts'
import { PaymentMethodEnum } from './payment-method.ts'

const MethodMoneyRef = builder.objectRef<MethodMoney>('MethodMoney').implement({
  description: 'What one payment method brought in, what went back by it, and what it holds now (pence).',
  fields: (t) => ({
    method: t.expose('method', { type: PaymentMethodEnum }),
    label: t.exposeString('label', { description: 'The method in words: "Card (online)", "Cash"…' }),
    receivedPence: t.exposeInt('receivedPence'),
    refundedPence: t.exposeInt('refundedPence'),
    netPence: t.exposeInt('netPence'),
  }),
})

/** Money split by payment method (core/payments/money-by-method.ts), for Ticket Stats, Operations and Money. */
export const MoneyByMethodRef = builder.objectRef<MoneyByMethod>('MoneyByMethod').implement({
  description:
    'Money by how it came in: every method (none left out), and the totals received, refunded and net (paid).',
  fields: (t) => ({
    methods: t.field({ type: [MethodMoneyRef], resolve: (m) => m.methods }),
    receivedPence: t.exposeInt('receivedPence'),
    refundedPence: t.exposeInt('refundedPence'),
    netPence: t.exposeInt('netPence'),
  }),
})
