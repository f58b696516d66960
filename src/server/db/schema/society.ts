import { sql } from 'drizzle-orm'
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'

/**
 * The society's settings (decision 0039): one row (id 1), the document parsed with the core schema
 * on every read, so a field added later takes its default instead of needing a migration.
 */
export const societySettings = pgTable(
  'society_settings',
  {
    id: integer('id').primaryKey().default(1),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('society_settings_one_row', sql`${t.id} = 1`)],
)

/**
 * The getting-started checklist's marks (issue 29): an item that cannot tick itself from the data
 * (`widget`), and `dismissed` once the finished checklist is put away. One row per mark.
 */
export const gettingStartedMarks = pgTable('getting_started_marks', {
  mark: text('mark').primaryKey(),
  markedBy: text('marked_by').references(() => users.id, { onDelete: 'set null' }),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
})
