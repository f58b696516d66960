import { builder } from '#server/graphql/builder.ts'
import type { ShowRevealed } from '#server/realtime/topics.ts'
import { listShowReveals } from './events.queries.ts'
import { revealShowNow } from './reveal-show-now.ts'
import { scheduleShowReveal } from './schedule-show-reveal.ts'
import { AdminEventRef } from './types/admin-event.ts'
import { ShowRevealedRef } from './types/show-revealed.ts'

builder.queryField('showReveals', (t) =>
  t.field({
    type: [AdminEventRef],
    description: 'Events with a show name, soonest reveal first (superAdmin, boardMember, orchestraAdmin).',
    resolve: (_root, _args, ctx) => listShowReveals(ctx),
  }),
)

builder.mutationFields((t) => ({
  scheduleShowReveal: t.field({
    type: AdminEventRef,
    description: 'Set or postpone the time the show name is revealed (must be in the future).',
    args: { id: t.arg.id({ required: true }), revealAt: t.arg({ type: 'DateTime', required: true }) },
    resolve: (_root, args, ctx) => scheduleShowReveal(ctx, String(args.id), args.revealAt),
  }),
  revealShowNow: t.field({
    type: AdminEventRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => revealShowNow(ctx, String(args.id)),
  }),
}))

builder.subscriptionField('showRevealed', (t) =>
  t.field({
    type: ShowRevealedRef,
    description: 'A show name at the moment it is revealed, for everyone connected.',
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('SHOW_REVEALED'),
    resolve: (payload: ShowRevealed) => payload,
  }),
)
