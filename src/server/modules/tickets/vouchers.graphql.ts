import { VOUCHER_KINDS, describeVoucher, voucherInputSchema } from '#core/tickets/vouchers.ts'
import { builder } from '#server/graphql/builder.ts'
import { inputTypeFromZod } from '#server/graphql/zod-input.ts'
import { getTicketShop } from './tickets.queries.ts'
import { BasketLineInput } from './types/basket-line-input.ts'
import { TicketTypeRef } from './types/ticket-type.ts'
import {
  checkVoucher,
  createVoucher,
  disableVoucher,
  listVouchers,
  type VoucherCheck,
  type VoucherRow,
} from './vouchers.ts'

// Vouchers (decision 0049): ticket staff make codes on the set-up page; the shop's basket checks one.

export const TicketVoucherKindEnum = builder.enumType('TicketVoucherKind', {
  description: 'Percent off, an amount off, or the unlocking of hidden ticket types.',
  values: VOUCHER_KINDS,
})

const TicketVoucherRef = builder.objectRef<VoucherRow>('TicketVoucher').implement({
  description: 'A voucher code for an event’s tickets.',
  fields: (t) => ({
    id: t.exposeID('id'),
    code: t.exposeString('code'),
    kind: t.expose('kind', { type: TicketVoucherKindEnum }),
    amount: t.exposeInt('amount', { description: 'PERCENT: the percentage; FIXED: pence; UNLOCK: 0.' }),
    description: t.string({ description: '"10% off", "£5.00 off".', resolve: (v) => describeVoucher(v) }),
    typeIds: t.idList({
      description: 'The types it is valid for (UNLOCK: unlocks); empty: every type.',
      resolve: (v) => v.typeIds,
    }),
    maxUses: t.exposeInt('maxUses', { nullable: true }),
    uses: t.exposeInt('uses', {
      description: 'Holds and orders that used it (a lapsed hold gives its use back).',
    }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    disabled: t.exposeBoolean('disabled'),
  }),
})

const VoucherCheckRef = builder.objectRef<VoucherCheck>('TicketVoucherCheck').implement({
  description: 'What a voucher code does for a basket, or why it cannot be used.',
  fields: (t) => ({
    code: t.exposeString('code'),
    kind: t.expose('kind', { type: TicketVoucherKindEnum, nullable: true }),
    amount: t.exposeInt('amount'),
    typeIds: t.idList({
      description: 'The types it is valid for; empty: every type.',
      resolve: (c) => c.typeIds,
    }),
    valid: t.exposeBoolean('valid'),
    reason: t.exposeString('reason', { nullable: true, description: 'Why not, in words.' }),
    description: t.exposeString('description'),
    subtotalPence: t.exposeInt('subtotalPence'),
    discountPence: t.exposeInt('discountPence'),
    totalPence: t.exposeInt('totalPence'),
    unlocksTypeIds: t.idList({
      description: 'Hidden ticket types it unlocks: ask for the shop with the code to see them.',
      resolve: (c) => c.unlocksTypeIds,
    }),
    unlockedTypes: t.field({
      type: [TicketTypeRef],
      description: 'The hidden ticket types it unlocks, as the shop shows them.',
      resolve: async (c, _args, ctx) =>
        c.unlocksTypeIds.length
          ? (await getTicketShop(ctx, { eventSlug: c.eventSlug, voucherCode: c.code })).types.filter((x) =>
              c.unlocksTypeIds.includes(x.id),
            )
          : [],
    }),
  }),
})

const TicketVoucherInputRef = inputTypeFromZod('TicketVoucherInput', voucherInputSchema, {
  enums: { kind: TicketVoucherKindEnum },
  descriptions: {
    amount: 'PERCENT: 1–100; FIXED: pence off; UNLOCK: 0.',
    typeIds: 'The types it is valid for (UNLOCK: the hidden types it unlocks); empty: every type.',
    maxUses: 'How many holds may use it; null: no limit.',
  },
})

builder.queryFields((t) => ({
  ticketVouchers: t.field({
    type: [TicketVoucherRef],
    description: 'An event’s voucher codes (superAdmin, ticketAdmin).',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => listVouchers(ctx, args.eventSlug),
  }),
  checkTicketVoucher: t.field({
    type: VoucherCheckRef,
    description:
      'What a voucher code does for a basket, or why it cannot be used (in `reason`, not an error). Nothing is counted until the hold.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      code: t.arg.string({ required: true }),
      lines: t.arg({ type: [BasketLineInput], required: true }),
    },
    resolve: (_root, args, ctx) =>
      checkVoucher(ctx, {
        eventSlug: args.eventSlug,
        code: args.code.slice(0, 64),
        lines: args.lines
          .slice(0, 20)
          .map((l) => ({ ticketTypeId: String(l.ticketTypeId), quantity: l.quantity })),
      }),
  }),
}))

builder.mutationFields((t) => ({
  createTicketVoucher: t.field({
    type: TicketVoucherRef,
    description: 'Create a voucher code for an event (superAdmin, ticketAdmin); CONFLICT for a code in use.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      input: t.arg({ type: TicketVoucherInputRef, required: true }),
    },
    resolve: (_root, args, ctx) => createVoucher(ctx, { eventSlug: args.eventSlug, voucher: args.input }),
  }),
  disableTicketVoucher: t.field({
    type: TicketVoucherRef,
    description: 'Disable a voucher code (superAdmin, ticketAdmin): refused from then on.',
    args: { eventSlug: t.arg.string({ required: true }), voucherId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      disableVoucher(ctx, { eventSlug: args.eventSlug, voucherId: String(args.voucherId) }),
  }),
}))
