import { builder } from '#server/graphql/builder.ts'
import { myCalendarFeedUrl } from './calendar.queries.ts'
import { renewCalendarFeed } from './renew-calendar-feed.ts'

builder.queryField('myCalendarFeed', (t) =>
  t.string({
    nullable: true,
    description: "The secret URL of the member's own calendar feed, or null until they make one.",
    resolve: (_root, _args, ctx) => myCalendarFeedUrl(ctx),
  }),
)

builder.mutationField('renewCalendarFeed', (t) =>
  t.string({
    description: 'Make a new secret feed URL; the old one stops working at once.',
    resolve: (_root, _args, ctx) => renewCalendarFeed(ctx),
  }),
)
