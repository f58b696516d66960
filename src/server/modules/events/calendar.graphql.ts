import { eq } from 'drizzle-orm'
import { calendarFeeds } from '#server/db/schema/index.ts'
import { builder } from '#server/graphql/builder.ts'
import { requireViewer } from '#server/graphql/guards.ts'
import { newFeedToken } from './events.service.ts'

const feedUrl = (appUrl: string, token: string) => `${appUrl}/api/calendar/member/${token}.ics`

builder.queryField('myCalendarFeed', (t) =>
  t.string({
    nullable: true,
    description: "The secret URL of the member's own calendar feed, or null until they make one.",
    resolve: async (_root, _args, ctx) => {
      const viewer = requireViewer(ctx)
      const [feed] = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, viewer.id))
      return feed ? feedUrl(ctx.config.appUrl, feed.token) : null
    },
  }),
)

builder.mutationField('renewCalendarFeed', (t) =>
  t.string({
    description: 'Make a new secret feed URL; the old one stops working at once.',
    resolve: async (_root, _args, ctx) => {
      const viewer = requireViewer(ctx)
      const token = newFeedToken()
      await ctx.db
        .insert(calendarFeeds)
        .values({ userId: viewer.id, token })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } })
      return feedUrl(ctx.config.appUrl, token)
    },
  }),
)
