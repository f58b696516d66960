import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import type { ApplicationStatus } from '#core/applications/status.ts'
import type { EventConfig } from '#core/events/event-config.schemas.ts'
import type { EventType, EventVisibility } from '#core/events/event.ts'
import type { AudienceType } from '#core/events/event.schemas.ts'

export type { AudienceType } from '#core/events/event.schemas.ts'

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    type: text('type').$type<EventType>().notNull(),
    title: text('title').notNull(),
    /** Secret until `revealAt` (PRODUCT.md §7); null when the event has no separate show name. */
    showName: text('show_name'),
    revealAt: timestamp('reveal_at', { withTimezone: true }),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    venue: text('venue').notNull().default(''),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    signupDeadline: timestamp('signup_deadline', { withTimezone: true }),
    visibility: text('visibility').$type<EventVisibility>().notNull().default('draft'),
    imageKey: text('image_key'),
    audienceTypes: jsonb('audience_types').$type<AudienceType[]>().notNull().default([]),
    eventConfig: jsonb('event_config')
      .$type<EventConfig>()
      .notNull()
      .default({} as EventConfig),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    index('events_start_date_idx').on(t.startDate),
    check(
      'events_type_check',
      sql`${t.type} in ('CHOIR_SEASON', 'SINGTHROUGH', 'CONCERT', 'SHOW', 'SOCIAL')`,
    ),
    check('events_visibility_check', sql`${t.visibility} in ('draft', 'members', 'public')`),
    check('events_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
)

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationType: text('application_type').notNull(),
    /** Unique within the event: the applicant's profile slug and the type (admin URLs use it). */
    slug: text('slug').notNull(),
    status: text('status').$type<ApplicationStatus>().notNull().default('SUBMITTED'),
    /** When the status last changed: the waitlist is served in this order. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every change, so an admin saving over someone else's newer change gets CONFLICT. */
    version: integer('version').notNull().default(1),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    part: text('part'),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One application per member, event and type.
    uniqueIndex('applications_member_event_type_idx').on(t.userId, t.eventId, t.applicationType),
    uniqueIndex('applications_event_slug_idx').on(t.eventId, t.slug),
    index('applications_event_status_idx').on(t.eventId, t.status),
  ],
)

/** A slug an event used to have: its old URLs keep working by redirecting to the new slug. */
export const eventSlugRedirects = pgTable('event_slug_redirects', {
  oldSlug: text('old_slug').primaryKey(),
  eventId: uuid('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A member's private calendar feed: a secret URL that can be revoked by making a new one. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
