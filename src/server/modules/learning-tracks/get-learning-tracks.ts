import { asc, eq } from 'drizzle-orm'
import { visibleShowName } from '#core/events/policies.ts'
import type { RequestContext } from '#server/context.ts'
import { eventNumbers, learningTracks, profiles } from '#server/db/schema/index.ts'
import { participantAccess } from '#server/modules/participants/participant-access.ts'
import { authenticate } from '#server/modules/shared/guards.ts'
import { toTrackView, type LearningTrackView } from './learning-track-view.ts'

export interface LearningNumberView {
  id: string
  position: number
  label: string
  title: string
}

export interface LearningTracksView {
  eventId: string
  eventSlug: string
  eventTitle: string
  parts: string[]
  /** The viewer's part to preselect: their application's, else their profile's voice part. */
  myPart: string | null
  numbers: LearningNumberView[]
  /** Every track of the event (flat, so the query cost stays low: numbers × tracks would not). */
  tracks: LearningTrackView[]
}

/**
 * The event's numbers in running order, each with its tracks and signed links. Members see them
 * exactly when the sidebar shows Part Breakdown (the participant pages' gate, page `noteBashing`);
 * admins always; anyone else gets NOT_FOUND, the anonymous UNAUTHENTICATED.
 */
export async function getLearningTracks(
  ctx: RequestContext,
  input: { eventSlug: string },
): Promise<LearningTracksView> {
  const actor = authenticate(ctx.actor)
  const { db, config: appConfig } = ctx.services
  const { event, config, granting } = await participantAccess(ctx, input.eventSlug, 'noteBashing')
  const profile = await db.query.profiles.findFirst({ where: eq(profiles.userId, actor.id) })
  const numbers = await db
    .select()
    .from(eventNumbers)
    .where(eq(eventNumbers.eventId, event.id))
    .orderBy(asc(eventNumbers.position))
  const tracks = await db
    .select()
    .from(learningTracks)
    .where(eq(learningTracks.eventId, event.id))
    .orderBy(asc(learningTracks.part))
  return {
    eventId: event.id,
    eventSlug: event.slug,
    eventTitle: visibleShowName(actor, event, ctx.now()) ?? event.title,
    parts: config.parts,
    myPart: granting?.part ?? profile?.voicePart ?? null,
    numbers: numbers.map((n) => ({ id: n.id, position: n.position, label: n.label, title: n.title })),
    tracks: tracks.map((track) => toTrackView(track, appConfig.authSecret)),
  }
}
