import { builder } from '#server/graphql/builder.ts'
import { retryOutboxMessage } from './retry-outbox-message.ts'
import { listOutbox } from './outbox.queries.ts'
import { OutboxMessageRef } from './types/outbox-message.ts'
import { OutboxStatusEnum } from './types/outbox-status.ts'

builder.queryField('outbox', (t) =>
  t.field({
    type: [OutboxMessageRef],
    description: 'Mail sent or waiting, newest first (superAdmin).',
    args: {
      status: t.arg({ type: OutboxStatusEnum, required: false }),
      limit: t.arg.int({ required: false, defaultValue: 50 }),
      offset: t.arg.int({ required: false, defaultValue: 0 }),
    },
    resolve: (_root, args, ctx) => listOutbox(ctx, args),
  }),
)

builder.mutationField('retryOutboxMessage', (t) =>
  t.field({
    type: OutboxMessageRef,
    description: 'Send a failed message again (superAdmin; audited).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => retryOutboxMessage(ctx, String(args.id)),
  }),
)
