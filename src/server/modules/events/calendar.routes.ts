import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import ical from 'ical-generator'
import { AppError } from '#core/errors.ts'
import { NAV_STATUSES } from '#core/navigation/member-nav.ts'
import { visibleShowName } from '#core/events/policies.ts'
import { sendError } from '#server/app.ts'
import { applications, calendarFeeds, events } from '#server/db/schema/index.ts'
import type { EventRow } from './events.service.ts'

/** Public events from 90 days ago onwards; a member's feed keeps as much history. */
const HISTORY_MS = 90 * 86_400_000

function calendar(name: string, rows: EventRow[], appUrl: string, timeZone: string): string {
  const cal = ical({
    name,
    prodId: { company: 'Stagedoor', product: 'Stagedoor', language: 'EN' },
    timezone: timeZone,
  })
  const now = new Date()
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
  return cal.toString()
}

/** iCalendar feeds: every public event, and a member's own events behind a secret, revocable URL. */
export async function registerCalendarRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.services

  app.get('/api/calendar/public.ics', async (_request, reply) => {
    const rows = await db
      .select()
      .from(events)
      .where(
        and(
          eq(events.visibility, 'public'),
          isNull(events.archivedAt),
          gt(events.endDate, new Date(Date.now() - HISTORY_MS)),
        ),
      )
      .orderBy(desc(events.startDate))
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'public, max-age=900')
      .send(calendar('Stagedoor events', rows, config.appUrl, config.timeZone))
  })

  app.get<{ Params: { token: string } }>('/api/calendar/member/:token', async (request, reply) => {
    const token = request.params.token.replace(/\.ics$/, '')
    const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token))
    if (!feed)
      return sendError(
        reply,
        new AppError('NOT_FOUND', 'This calendar link is not valid (it may have been replaced).'),
      )
    const mine = await db
      .select({ event: events })
      .from(applications)
      .innerJoin(events, eq(applications.eventId, events.id))
      .where(
        and(
          eq(applications.userId, feed.userId),
          inArray(applications.status, [...NAV_STATUSES]),
          isNull(events.archivedAt),
          gt(events.endDate, new Date(Date.now() - HISTORY_MS)),
        ),
      )
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=900')
      .send(
        calendar(
          'My Stagedoor events',
          mine.map((m) => m.event),
          config.appUrl,
          config.timeZone,
        ),
      )
  })
}
