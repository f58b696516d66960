import { builder } from '#server/graphql/builder.ts'
import { cancelTicket, transferTicket } from './holder-actions.ts'

// What a ticket's holder may do themselves (decision 0022): the code is the authority.

builder.mutationFields((t) => ({
  transferTicket: t.field({
    type: 'String',
    description:
      'Pass a ticket to someone else by email: it gets a new code (the old QR stops working) and goes to their inbox and /tickets. Returns the new holder’s name.',
    args: {
      code: t.arg.string({ required: true }),
      toName: t.arg.string({ required: true }),
      toEmail: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => (await transferTicket(ctx, args)).attendeeName,
  }),
  cancelTicket: t.int({
    description:
      'Cancel a ticket under the event’s policy (until 24 hours before it); returns the refund due in pence, which staff pay back.',
    args: { code: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => cancelTicket(ctx, args),
  }),
}))
