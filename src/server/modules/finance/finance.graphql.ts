import { builder } from '#server/graphql/builder.ts'
import { MoneyByMethodRef } from '#server/modules/payments/types/money-by-method.ts'
import { exportMoneyReceivedCsv, exportPayoutsCsv } from './export-money.ts'
import { moneyInRange } from './money-in-range.ts'

// The treasurer's Money page (issue 28, decision 0052): finance staff only (admin.finance).

builder.queryFields((t) => ({
  moneyInRange: t.field({
    type: MoneyByMethodRef,
    description: 'Every payment and refund recorded in the range, tickets and members’ lines, by method.',
    args: {
      from: t.arg.string({ required: true, description: 'First day, YYYY-MM-DD, on the society’s clocks.' }),
      to: t.arg.string({ required: true, description: 'Last day (included), YYYY-MM-DD.' }),
    },
    resolve: (_r, args, ctx) => moneyInRange(ctx, args),
  }),
  payoutsCsv: t.string({
    description:
      'Card payments and refunds in the range as CSV: date, what for, event, Stripe reference, gross, fee, net.',
    args: {
      from: t.arg.string({ required: true, description: 'First day, YYYY-MM-DD, on the society’s clocks.' }),
      to: t.arg.string({ required: true, description: 'Last day (included), YYYY-MM-DD.' }),
    },
    resolve: (_r, args, ctx) => exportPayoutsCsv(ctx, args),
  }),
  moneyReceivedCsv: t.string({
    description: 'Every payment and refund in the range, any method, as CSV (one row per ledger entry).',
    args: {
      from: t.arg.string({ required: true, description: 'First day, YYYY-MM-DD, on the society’s clocks.' }),
      to: t.arg.string({ required: true, description: 'Last day (included), YYYY-MM-DD.' }),
    },
    resolve: (_r, args, ctx) => exportMoneyReceivedCsv(ctx, args),
  }),
}))
