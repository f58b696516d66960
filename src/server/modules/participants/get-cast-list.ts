import { and, eq, inArray } from 'drizzle-orm'
import { CAST_STATUSES } from '#core/navigation/member-nav.ts'
import type { RequestContext } from '#server/context.ts'
import { applications } from '#server/db/schema/index.ts'
import { participantAccess, type ParticipantPreview } from './participant-access.ts'
import { byName, peopleByIds, type Person } from './participants.queries.ts'

export interface CastList {
  eventSlug: string
  eventTitle: string
  /** The parts that have members, in order: the event's parts, then any others. */
  parts: string[]
  /** Sorted by part (as `parts`, then unassigned) and name. */
  members: (Person & { part: string | null })[]
}

/** CONFIRMED and PAID participants by part: the event's parts in order, then any others, then unassigned. */
export async function getCastList(
  ctx: RequestContext,
  input: { eventSlug: string; preview: ParticipantPreview | null },
): Promise<CastList> {
  const { db } = ctx.services
  const { event, config } = await participantAccess(ctx, input.eventSlug, 'castList', {
    preview: input.preview,
  })
  const rows = await db
    .select({ userId: applications.userId, part: applications.part })
    .from(applications)
    .where(and(eq(applications.eventId, event.id), inArray(applications.status, [...CAST_STATUSES])))
  const who = await peopleByIds(db, [...new Set(rows.map((r) => r.userId))])
  const groups = new Map<string | null, Person[]>()
  for (const part of config.parts) groups.set(part, [])
  const extra = [
    ...new Set(rows.map((r) => r.part).filter((p): p is string => !!p && !config.parts.includes(p))),
  ]
  for (const part of extra.sort()) groups.set(part, [])
  for (const r of rows) {
    const person = who.get(r.userId)
    if (!person) continue
    const key = r.part ?? null
    if (!groups.has(key)) groups.set(key, [])
    groups.get(key)!.push({ name: person.name, pronouns: person.pronouns })
  }
  const filled = [...groups.entries()].filter(([, members]) => members.length > 0)
  return {
    eventSlug: event.slug,
    eventTitle: event.title,
    parts: filled.map(([part]) => part).filter((p): p is string => p !== null),
    members: filled.flatMap(([part, members]) => members.sort(byName).map((m) => ({ ...m, part }))),
  }
}
