import { randomBytes } from 'node:crypto'
import type { RequestContext } from '#server/context.ts'
import { calendarFeeds } from '#server/db/schema/index.ts'
import { authenticate } from '#server/modules/shared/guards.ts'
import { calendarFeedUrl } from './calendar.queries.ts'

/** A new secret for a calendar feed URL. */
function newFeedToken(): string {
  return randomBytes(24).toString('base64url')
}

/** Give the signed-in member a new secret feed URL; the old one stops working at once. */
export async function renewCalendarFeed(ctx: RequestContext): Promise<string> {
  const actor = authenticate(ctx.actor)
  const token = newFeedToken()
  await ctx.services.db
    .insert(calendarFeeds)
    .values({ userId: actor.id, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: ctx.now() } })
  return calendarFeedUrl(ctx, token)
}
