import type { RequestContext } from '#server/context.ts'
import { markdownOrNull } from './page-content.ts'
import { participantAccess, type ParticipantPreview } from './participant-access.ts'

export interface VenueAccess {
  eventSlug: string
  eventTitle: string
  venue: string
  mapUrl: string | null
  html: string | null
  startDate: Date
  endDate: Date
}

/** An OpenStreetMap search for the venue: no API key, works for any address staff type. */
export function mapUrlFor(venue: string): string | null {
  const query = venue.trim()
  return query ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}` : null
}

/** Venue, map link and how to get in (door codes, accessibility, contacts on the day). */
export async function getVenueAccess(
  ctx: RequestContext,
  input: { eventSlug: string; preview: ParticipantPreview | null },
): Promise<VenueAccess> {
  const { event, config } = await participantAccess(ctx, input.eventSlug, 'venueAccess', {
    preview: input.preview,
  })
  return {
    eventSlug: event.slug,
    eventTitle: event.title,
    venue: event.venue,
    mapUrl: mapUrlFor(event.venue),
    html: markdownOrNull(config.content.venueAccess),
    startDate: event.startDate,
    endDate: event.endDate,
  }
}
