import { sql } from 'drizzle-orm'
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { AttendanceMark } from '#core/operations/attendance.ts'
import { users } from './auth.ts'
import { events } from './events.ts'

/** One member's mark on one rehearsal or performance date of an event (the register). */
export const attendance = pgTable(
  'attendance',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A date of the event's schedule, YYYY-MM-DD. */
    date: text('date').notNull(),
    mark: text('mark').$type<AttendanceMark>().notNull(),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId, t.date] }),
    index('attendance_user_idx').on(t.userId),
    check('attendance_mark_check', sql`${t.mark} in ('PRESENT', 'APOLOGIES', 'ABSENT')`),
  ],
)
