import { OUTBOX_STATUSES } from '#server/db/schema/index.ts'
import type { OutboxRow } from '#server/mail/outbox.service.ts'
import { builder } from '#server/graphql/builder.ts'
import { requireCapability } from '#server/graphql/guards.ts'
import { MAX_PAGE_SIZE } from '#server/graphql/limits.ts'

const OutboxStatus = builder.enumType('OutboxStatus', { values: OUTBOX_STATUSES.map((s) => s.toUpperCase()) })

const OutboxMessage = builder.objectRef<OutboxRow>('OutboxMessage').implement({
  description: 'An email as written to the outbox: queued, sent or failed for good.',
  fields: (t) => ({
    id: t.exposeID('id'),
    to: t.exposeString('to'),
    subject: t.exposeString('subject'),
    text: t.exposeString('text'),
    template: t.exposeString('template', { nullable: true }),
    status: t.field({ type: OutboxStatus, resolve: (row) => row.status.toUpperCase() }),
    attempts: t.exposeInt('attempts'),
    lastError: t.exposeString('lastError', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true }),
  }),
})

builder.queryField('outbox', (t) =>
  t.field({
    type: [OutboxMessage],
    description: 'Mail sent or waiting, newest first (superAdmin).',
    args: {
      status: t.arg({ type: OutboxStatus, required: false }),
      limit: t.arg.int({ required: false, defaultValue: 50 }),
      offset: t.arg.int({ required: false, defaultValue: 0 }),
    },
    resolve: (_root, args, ctx) => {
      requireCapability(ctx, 'admin.outbox')
      return ctx.mailer.list({
        ...(args.status ? { status: args.status.toLowerCase() as OutboxRow['status'] } : {}),
        limit: Math.min(Math.max(args.limit ?? 50, 1), MAX_PAGE_SIZE),
        offset: Math.max(args.offset ?? 0, 0),
      })
    },
  }),
)
