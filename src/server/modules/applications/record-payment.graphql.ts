import { builder } from '#server/graphql/builder.ts'
import { PaymentMethodEnum } from '#server/modules/payments/types/payment-method.ts'
import { recordPayment } from './record-payment.ts'
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
