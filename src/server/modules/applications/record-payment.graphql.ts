import { builder } from '#server/graphql/builder.ts'
import { PaymentMethodEnum } from '#server/modules/payments/types/payment-method.ts'
import { paymentEntrySchema } from '#core/applications/payments.ts'
import { inputTypeFromZod } from '#server/graphql/zod-input.ts'
import { recordPayment, recordPayments } from './record-payment.ts'
import { ApplicationRef } from './types/application.ts'

builder.mutationField('recordPayment', (t) =>
  t.field({
    type: ApplicationRef,
    description:
      'Record a payment (negative: a refund) against a payment line of a confirmed or paid application; all lines paid makes it PAID.',
    args: {
      applicationId: t.arg.id({ required: true }),
      lineKey: t.arg.string({ required: true }),
      amountPence: t.arg.int({ required: true }),
      method: t.arg({ type: PaymentMethodEnum, required: true }),
      reference: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const { application } = await recordPayment(ctx, {
        applicationId: String(args.applicationId),
        lineKey: args.lineKey,
        amountPence: args.amountPence,
        method: args.method,
        reference: args.reference ?? '',
      })
      return application
    },
  }),
)

const PaymentEntryInputRef = inputTypeFromZod('PaymentEntryInput', paymentEntrySchema, {
  description: 'One payment (negative: a refund) against a payment line; checked by the shared schema.',
  enums: { method: PaymentMethodEnum },
  descriptions: {
    lineKey: 'The payment line of the application type it is paid against.',
    amountPence: 'Whole pence, not zero; negative for a refund.',
    reference: 'Optional: a receipt number or the bank reference.',
  },
})

builder.mutationField('recordPayments', (t) =>
  t.field({
    type: ApplicationRef,
    description:
      'Record several payments (or refunds) for one confirmed or paid application at once: all of them or none (VALIDATION at entries.N.field).',
    args: {
      applicationId: t.arg.id({ required: true }),
      entries: t.arg({ type: [PaymentEntryInputRef], required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const { application } = await recordPayments(ctx, {
        applicationId: String(args.applicationId),
        entries: args.entries,
      })
      return application
    },
  }),
)
