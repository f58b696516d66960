import { builder } from '#server/graphql/builder.ts'
import { listListings, listVisibleEvents } from './events.queries.ts'
import { findVisibleEvent } from './find-visible-event.ts'
import { EventRef } from './types/event.ts'

builder.queryField('events', (t) =>
  t.field({
    type: [EventRef],
    description:
      'Events this viewer may see, earliest first: public ones for everyone, members-only when signed in, drafts for staff.',
    args: { limit: t.arg.int({ required: false, defaultValue: 50 }) },
    resolve: (_root, args, ctx) => listVisibleEvents(ctx, { limit: args.limit }),
  }),
)

builder.queryField('event', (t) =>
  t.field({
    type: EventRef,
    description:
      'One event by slug. NOT_FOUND when it does not exist or this viewer may not see it (a draft).',
    args: { slug: t.arg.string({ required: true }) },
    // An old slug finds the event too; the client sees the current slug and replaces the URL.
    resolve: (_root, args, ctx) => findVisibleEvent(ctx, args.slug),
  }),
)

builder.queryField('listings', (t) =>
  t.field({
    type: [EventRef],
    description: 'Upcoming public events, earliest first: for anyone, signed in or not.',
    resolve: (_root, _args, ctx) => listListings(ctx),
  }),
)
