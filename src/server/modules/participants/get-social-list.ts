import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm'
import { visibleVisibilities } from '#core/events/policies.ts'
import { CAST_STATUSES } from '#core/navigation/member-nav.ts'
import type { RequestContext } from '#server/context.ts'
import { applications, events, profiles } from '#server/db/schema/index.ts'
import { byName, peopleByIds, type Person } from './participants.queries.ts'

export interface SocialList {
  signedIn: boolean
  optIn: boolean | null
  events: { slug: string; title: string; venue: string; startDate: Date; endDate: Date }[]
  /** Empty for anonymous viewers: who is going is for signed-in members only. */
  going: (Person & { eventSlug: string })[]
}

/** Upcoming socials the actor can see; who is going (opted-in, CONFIRMED or PAID) for signed-in members. */
export async function getSocialList(ctx: RequestContext): Promise<SocialList> {
  const { db } = ctx.services
  const { actor } = ctx
  const socials = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.type, 'SOCIAL'),
        inArray(events.visibility, visibleVisibilities(actor)),
        isNull(events.archivedAt),
        gt(events.endDate, ctx.now()),
      ),
    )
    .orderBy(asc(events.startDate))
  let optIn: boolean | null = null
  const goingByEvent = new Map<string, Person[]>()
  const slugOf = new Map(socials.map((s) => [s.id, s.slug]))
  if (actor) {
    const [mine] = await db
      .select({ optIn: profiles.socialListOptIn })
      .from(profiles)
      .where(eq(profiles.userId, actor.id))
    optIn = mine?.optIn ?? false
    if (socials.length) {
      const rows = await db
        .select({ eventId: applications.eventId, userId: applications.userId })
        .from(applications)
        .innerJoin(profiles, eq(profiles.userId, applications.userId))
        .where(
          and(
            inArray(
              applications.eventId,
              socials.map((s) => s.id),
            ),
            inArray(applications.status, [...CAST_STATUSES]),
            eq(profiles.socialListOptIn, true),
          ),
        )
      const who = await peopleByIds(db, [...new Set(rows.map((r) => r.userId))])
      for (const r of rows) {
        const person = who.get(r.userId)
        if (!person) continue
        const list = goingByEvent.get(r.eventId) ?? []
        if (!list.some((p) => p.name === person.name && p.pronouns === person.pronouns))
          list.push({ name: person.name, pronouns: person.pronouns })
        goingByEvent.set(r.eventId, list)
      }
    }
  }
  return {
    signedIn: Boolean(actor),
    optIn,
    events: socials.map((s) => ({
      slug: s.slug,
      title: s.title,
      venue: s.venue,
      startDate: s.startDate,
      endDate: s.endDate,
    })),
    going: [...goingByEvent.entries()].flatMap(([eventId, list]) =>
      list.sort(byName).map((p) => ({ ...p, eventSlug: slugOf.get(eventId)! })),
    ),
  }
}
