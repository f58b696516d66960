import { and, eq } from 'drizzle-orm'
import type { RequestContext } from '#server/context.ts'
import { applications, events } from '#server/db/schema/index.ts'
import type { Topics } from '#server/realtime/topics.ts'

/** The bus topics a member's sidebar listens to. */
export const NAVIGATION_TOPICS = ['APPLICATION_CHANGED', 'EVENT_RELEASES_CHANGED'] as const
export type NavigationMessage = Topics[(typeof NAVIGATION_TOPICS)[number]]

export type NavigationChangeReason = 'RELEASES' | 'APPLICATION'

/** What `myNavigationChanged` sends: only enough for the client to refetch its sidebar. */
export interface NavigationChanged {
  reason: NavigationChangeReason
  eventSlug: string
}

/**
 * Whether a bus message changes this member's sidebar: the releases of an event they applied to, or
 * one of their own applications. Null when it is someone else's business. An application change
 * names its applicant, so every other member's subscription drops it without a query; the member's
 * own rows still decide (never what the message claims).
 */
export async function navigationChangeFor(
  ctx: Pick<RequestContext, 'services'>,
  userId: string,
  message: NavigationMessage,
): Promise<NavigationChanged | null> {
  const { db } = ctx.services
  if ('kind' in message) {
    const [row] = await db
      .select({ slug: events.slug })
      .from(applications)
      .innerJoin(events, eq(events.id, applications.eventId))
      .where(and(eq(applications.userId, userId), eq(applications.eventId, message.eventId)))
      .limit(1)
    return row ? { reason: 'RELEASES', eventSlug: row.slug } : null
  }
  if (message.userId !== userId) return null
  const [row] = await db
    .select({ slug: events.slug })
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .where(and(eq(applications.id, message.applicationId), eq(applications.userId, userId)))
    .limit(1)
  return row ? { reason: 'APPLICATION', eventSlug: row.slug } : null
}
