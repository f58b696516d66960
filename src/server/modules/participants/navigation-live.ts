import { and, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { applications, events } from '#server/db/schema/index.ts'
import type { ApplicationChanged } from '#server/modules/applications/transitions.ts'
import type { EventReleasesChanged } from '#server/modules/events/events.service.ts'

export type NavigationChangeReason = 'RELEASES' | 'APPLICATION'

/** What `myNavigationChanged` sends: only enough for the client to refetch its sidebar. */
export interface NavigationChanged {
  reason: NavigationChangeReason
  eventSlug: string
}

function isReleasesChange(payload: unknown): payload is EventReleasesChanged {
  return (payload as { kind?: unknown } | null)?.kind === 'releases'
}

function isApplicationChange(payload: unknown): payload is ApplicationChanged {
  return typeof (payload as { applicationId?: unknown } | null)?.applicationId === 'string'
}

/**
 * Whether a bus message changes this member's sidebar: the releases of an event they applied to, or
 * one of their own applications. Null when it is someone else's business. An application change
 * names its applicant, so every other member's subscription drops it without a query; the member's
 * own rows still decide (never what the message claims).
 */
export async function navigationChangeFor(
  db: Db,
  userId: string,
  payload: unknown,
): Promise<NavigationChanged | null> {
  if (isReleasesChange(payload)) {
    const [row] = await db
      .select({ slug: events.slug })
      .from(applications)
      .innerJoin(events, eq(events.id, applications.eventId))
      .where(and(eq(applications.userId, userId), eq(applications.eventId, payload.eventId)))
      .limit(1)
    return row ? { reason: 'RELEASES', eventSlug: row.slug } : null
  }
  if (isApplicationChange(payload)) {
    if (payload.userId !== userId) return null
    const [row] = await db
      .select({ slug: events.slug })
      .from(applications)
      .innerJoin(events, eq(events.id, applications.eventId))
      .where(and(eq(applications.id, payload.applicationId), eq(applications.userId, userId)))
      .limit(1)
    return row ? { reason: 'APPLICATION', eventSlug: row.slug } : null
  }
  return null
}
