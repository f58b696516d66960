import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { events } from './events.ts'

/** A number (song, movement, scene) of an event, in running order: a row of the part breakdown. */
export const eventNumbers = pgTable(
  'event_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** e.g. "1", "12a"; shown before the title. */
    label: text('label').notNull().default(''),
    title: text('title').notNull(),
  },
  (t) => [uniqueIndex('event_numbers_event_position_idx').on(t.eventId, t.position)],
)

/**
 * One cell of the part breakdown: what a part does in a number. `note` is free text, with the
 * usual words solo, divisi, tacet; a missing cell means the part sings as written.
 */
export const partBreakdownCells = pgTable(
  'part_breakdown_cells',
  {
    numberId: uuid('number_id')
      .notNull()
      .references(() => eventNumbers.id, { onDelete: 'cascade' }),
    part: text('part').notNull(),
    note: text('note').notNull(),
  },
  (t) => [primaryKey({ columns: [t.numberId, t.part] })],
)

/** A learning track (note-bashing): audio for one number and one part (null part: everyone). */
export const learningTracks = pgTable(
  'learning_tracks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    numberId: uuid('number_id')
      .notNull()
      .references(() => eventNumbers.id, { onDelete: 'cascade' }),
    part: text('part'),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('learning_tracks_event_idx').on(t.eventId),
    // NOTE: one track per number and part; NULLS NOT DISTINCT so there is one "everyone" track too.
    unique('learning_tracks_number_part_key').on(t.numberId, t.part).nullsNotDistinct(),
  ],
)

/** A file attached to an event's info pack (schedules, sheet music), for one type or all (null). */
export const eventAttachments = pgTable(
  'event_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    applicationType: text('application_type'),
    title: text('title').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    position: integer('position').notNull().default(0),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_attachments_event_idx').on(t.eventId),
    check('event_attachments_size_check', sql`${t.size} >= 0`),
  ],
)
