import { and, asc, eq, inArray } from 'drizzle-orm'
import {
  ATTENDANCE_MARKS,
  findScheduleDate,
  scheduleDates,
  type AttendanceMark,
} from '#core/operations/attendance.ts'
import { OPERATIONS_TABS } from '#core/operations/participants.ts'
import { isOneOf } from '#core/closed-set.ts'
import { AppError } from '#core/errors.ts'
import { parseEventConfig, type ScheduleDate } from '#core/events/event-config.schemas.ts'
import { rehearsalsFor } from '#core/events/rehearsals.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { applications, attendance, events, profiles, users } from '#server/db/schema/index.ts'
import { typeLabel } from '#server/modules/applications/application-types.ts'
import { findVisibleEvent, type EventRow } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'

export interface RegisterLine {
  userId: string
  name: string
  typeLabel: string
  part: string | null
  mark: AttendanceMark | null
}

export interface Register {
  eventSlug: string
  eventTitle: string
  dates: ScheduleDate[]
  date: ScheduleDate | null
  lines: RegisterLine[]
}

function requireDate(event: EventRow, date: string): ScheduleDate {
  const found = findScheduleDate(event.eventConfig.schedule, date)
  if (!found) {
    const message = `${date} is not a rehearsal or performance date of ${event.title}.`
    throw new AppError('VALIDATION', message, { fields: [{ path: 'date', message }] })
  }
  return found
}

/** The event's dates and, for one of them, the register: every CONFIRMED or PAID member and their mark. */
export async function attendanceRegister(
  ctx: RequestContext,
  slug: string,
  date: string | null,
): Promise<Register> {
  authorize(ctx.actor, 'admin.general')
  const event = await findVisibleEvent(ctx, slug)
  const dates = scheduleDates(event.eventConfig.schedule)
  const base = { eventSlug: event.slug, eventTitle: event.title, dates }
  if (!date) return { ...base, date: null, lines: [] }
  const chosen = requireDate(event, date)
  const { db } = ctx.services
  const people = await db
    .select({ application: applications, name: users.name, preferred: profiles.preferredName })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(profiles, eq(profiles.userId, applications.userId))
    .where(
      and(
        eq(applications.eventId, event.id),
        inArray(applications.status, [...OPERATIONS_TABS.participants]),
      ),
    )
  const marks = await db
    .select()
    .from(attendance)
    .where(and(eq(attendance.eventId, event.id), eq(attendance.date, date)))
  const markOf = new Map(marks.map((m) => [m.userId, m.mark]))
  const seen = new Set<string>()
  const lines: RegisterLine[] = []
  for (const { application: a, name, preferred } of people) {
    if (seen.has(a.userId)) continue // one line per member, whatever their types
    seen.add(a.userId)
    lines.push({
      userId: a.userId,
      name: preferred?.trim() || name,
      typeLabel: typeLabel(event, a.applicationType),
      part: a.part,
      mark: markOf.get(a.userId) ?? null,
    })
  }
  lines.sort((x, y) => x.name.localeCompare(y.name, 'en-GB'))
  return { ...base, date: chosen, lines }
}

/** Tick one member present, with apologies or absent on one of the event's dates (audited). */
export async function markAttendance(
  ctx: RequestContext,
  input: { eventSlug: string; date: string; userId: string; mark: string },
): Promise<RegisterLine['mark']> {
  const viewer = authorize(ctx.actor, 'admin.general')
  const mark = input.mark
  if (!isOneOf(ATTENDANCE_MARKS, mark)) {
    throw new AppError('VALIDATION', 'Mark present, apologies or absent.', {
      fields: [{ path: 'mark', message: 'Mark present, apologies or absent.' }],
    })
  }
  const event = await findVisibleEvent(ctx, input.eventSlug)
  requireDate(event, input.date)
  return withTx(ctx, async (tx) => {
    const [member] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(
        and(
          eq(applications.eventId, event.id),
          eq(applications.userId, input.userId),
          inArray(applications.status, [...OPERATIONS_TABS.participants]),
        ),
      )
      .limit(1)
    if (!member) throw new AppError('NOT_FOUND', 'That member has no confirmed place at this event.')
    const [before] = await tx
      .select()
      .from(attendance)
      .where(
        and(
          eq(attendance.eventId, event.id),
          eq(attendance.userId, input.userId),
          eq(attendance.date, input.date),
        ),
      )
    await tx
      .insert(attendance)
      .values({ eventId: event.id, userId: input.userId, date: input.date, mark, recordedBy: viewer.id })
      .onConflictDoUpdate({
        target: [attendance.eventId, attendance.userId, attendance.date],
        set: { mark, recordedBy: viewer.id, recordedAt: ctx.now() },
      })
    await auditChange(tx, ctx, {
      action: 'attendance.mark',
      entityType: 'user',
      entityId: input.userId,
      before: before ? { mark: before.mark } : null,
      after: { eventSlug: event.slug, date: input.date, mark },
    })
    return mark
  })
}

export interface AttendanceEntry {
  eventSlug: string
  eventTitle: string
  date: string
  kind: ScheduleDate['kind']
  label: string
  mark: AttendanceMark
}

/** A member's attendance over every event, newest date first (admins; for the member's record). */
export async function memberAttendance(ctx: RequestContext, userId: string): Promise<AttendanceEntry[]> {
  authorize(ctx.actor, 'admin.general')
  const rows = await ctx.services.db
    .select({ row: attendance, event: events })
    .from(attendance)
    .innerJoin(events, eq(events.id, attendance.eventId))
    .where(eq(attendance.userId, userId))
    .orderBy(asc(attendance.date))
  return rows
    .map(({ row, event }) => {
      const d = findScheduleDate(event.eventConfig.schedule, row.date)
      return {
        eventSlug: event.slug,
        eventTitle: event.title,
        date: row.date,
        kind: d?.kind ?? 'REHEARSAL',
        label: d?.label ?? '',
        mark: row.mark,
      }
    })
    .reverse()
}

/**
 * The rehearsals of an event the viewer takes part in (core/events/rehearsals.ts decides): what the
 * event page shows a participant; nothing for anyone else, signed in or not.
 */
export async function myRehearsals(ctx: RequestContext, event: EventRow): Promise<ScheduleDate[]> {
  if (!ctx.actor) return []
  const mine = await ctx.services.db
    .select({ status: applications.status })
    .from(applications)
    .where(and(eq(applications.userId, ctx.actor.id), eq(applications.eventId, event.id)))
  return rehearsalsFor(
    parseEventConfig(event.eventConfig),
    mine.map((m) => m.status),
  )
}
