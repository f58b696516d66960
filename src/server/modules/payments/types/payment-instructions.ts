import type { PaymentInstructions } from '#core/applications/payment-instructions.ts'
import { builder } from '#server/graphql/builder.ts'
import { HowToPayMethodEnum } from '#server/modules/events/types/how-to-pay-method.ts'

/** NOTE: flat fields, not a list of details: lists of applications would multiply a list's cost. */
export const PaymentInstructionsRef = builder
  .objectRef<PaymentInstructions>('PaymentInstructions')
  .implement({
    description: 'How to pay what an application owes, set per event (eventConfig.howToPay).',
    fields: (t) => ({
      method: t.field({ type: HowToPayMethodEnum, resolve: (p) => p.method }),
      summary: t.exposeString('summary'),
      reference: t.exposeString('reference'),
      accountName: t.string({ nullable: true, resolve: (p) => p.bank?.accountName ?? null }),
      sortCode: t.string({ nullable: true, resolve: (p) => p.bank?.sortCode ?? null }),
      accountNumber: t.string({ nullable: true, resolve: (p) => p.bank?.accountNumber ?? null }),
      note: t.exposeString('note', { nullable: true }),
    }),
  })
