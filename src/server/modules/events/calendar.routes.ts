import type { FastifyInstance } from 'fastify'
import ical from 'ical-generator'
import { AppError } from '#core/errors.ts'
import type { SocietySettings } from '#core/society/society-settings.schemas.ts'
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { visibleShowName } from '#core/events/policies.ts'
import { rehearsalsFor } from '#core/events/rehearsals.ts'
import type { RequestContext } from '#server/context.ts'
import { sendError } from '#server/http/errors.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import { memberCalendarEvents, publicCalendarEvents, type MemberCalendarEntry } from './calendar.queries.ts'
import type { EventRow } from './find-visible-event.ts'

/**
 * An iCalendar of events (and a participant's rehearsals) in the society's time zone (its settings,
 * not the environment's default): the feeds, and an order page's one event.
 */
export function calendar(
  ctx: RequestContext,
  society: Pick<SocietySettings, 'timeZone'>,
  name: string,
  rows: EventRow[],
  entries?: MemberCalendarEntry[],
): string {
  const { appUrl } = ctx.services.config
  const { timeZone } = society
  const cal = ical({
    name,
    prodId: { company: 'Stagedoor', product: 'Stagedoor', language: 'EN' },
    timezone: timeZone,
  })
  const now = ctx.now()
  for (const e of rows) {
    // Feeds are public or semi-public URLs: an unrevealed show name never goes into one.
    const title = visibleShowName(null, e, now) ?? e.title
    cal.createEvent({
      id: `${e.id}@stagedoor`,
      start: e.startDate,
      end: e.endDate,
      summary: title,
      description: e.summary,
      location: e.venue || null,
      url: `${appUrl}/listings/${encodeURIComponent(e.slug)}`,
      lastModified: e.updatedAt,
    })
  }
  // A participant's feed: each rehearsal of their events as its own all-day entry (issue 29).
  for (const { event: e, statuses } of entries ?? []) {
    const title = visibleShowName(null, e, now) ?? e.title
    for (const rehearsal of rehearsalsFor(parseEventConfig(e.eventConfig), statuses)) {
      cal.createEvent({
        id: `${e.id}-rehearsal-${rehearsal.date}@stagedoor`,
        // Noon UTC is the same calendar day in every society time zone; the entry is all-day.
        start: new Date(`${rehearsal.date}T12:00:00Z`),
        allDay: true,
        summary: `${title}: ${rehearsal.label || 'Rehearsal'}`,
        location: e.venue || null,
        url: `${appUrl}/events/${encodeURIComponent(e.slug)}`,
        lastModified: e.updatedAt,
      })
    }
  }
  return cal.toString()
}

/** iCalendar feeds: every public event, and a member's own events behind a secret, revocable URL. */
export async function registerCalendarRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/calendar/public.ics', async (request, reply) => {
    const rows = await publicCalendarEvents(request.ctx)
    const society = await societySettingsOf(request.ctx.services)
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'public, max-age=900')
      .send(calendar(request.ctx, society, `${society.shortName} events`, rows))
  })

  app.get<{ Params: { token: string } }>('/api/calendar/member/:token', async (request, reply) => {
    const token = request.params.token.replace(/\.ics$/, '')
    const mine = await memberCalendarEvents(request.ctx, token)
    if (!mine)
      return sendError(
        reply,
        new AppError('NOT_FOUND', 'This calendar link is not valid (it may have been replaced).'),
      )
    const society = await societySettingsOf(request.ctx.services)
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=900')
      .send(
        calendar(
          request.ctx,
          society,
          `My ${society.shortName} events`,
          mine.map((m) => m.event),
          mine,
        ),
      )
  })
}
