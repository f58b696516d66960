import type { PaymentMethod } from '#core/applications/payments.ts'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { applications, events } from './events.ts'

/** What a member has typed into an application form but not submitted; autosaved. */
export const applicationDrafts = pgTable(
  'application_drafts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    applicationType: text('application_type').notNull(),
    /** `{ profile, answers }` as the form holds them; validated only on submit. */
    data: jsonb('data')
      .$type<{ profile?: Record<string, unknown>; answers: Record<string, unknown> }>()
      .notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId, t.applicationType] })],
)

/** One reviewer's score (1–5) and note on an application; several reviewers each have their own. */
export const applicationReviews = pgTable(
  'application_reviews',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score'),
    note: text('note').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.reviewerId] }),
    check('application_reviews_score_check', sql`${t.score} is null or ${t.score} between 1 and 5`),
  ],
)

/**
 * That an application's diversity survey was answered (or skipped), so it is asked once. The
 * answers live in `diversity_responses`, which has no link to the application or the member.
 */
export const diversitySubmissions = pgTable('diversity_submissions', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
})

/**
 * Anonymous diversity answers, per event only: no member, no application, no timestamp. A response
 * waits unpublished until a whole batch has arrived (core `completesBatch`); the report counts the
 * published ones only, so it never moves by one answer.
 */
export const diversityResponses = pgTable(
  'diversity_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, string | string[]>>().notNull(),
    published: boolean('published').notNull().default(false),
  },
  (t) => [index('diversity_responses_event_idx').on(t.eventId, t.published)],
)

/** A payment recorded against one of an application's payment lines. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    lineKey: text('line_key').notNull(),
    amountPence: integer('amount_pence').notNull(),
    /** cash, bank transfer, card… or the online provider's name once there is one. */
    method: text('method').$type<PaymentMethod>().notNull(),
    reference: text('reference').notNull().default(''),
    provider: text('provider').notNull().default('manual'),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_application_idx').on(t.applicationId),
    check('payments_amount_check', sql`${t.amountPence} <> 0`),
  ],
)

/** Staff-edited email templates by key (e.g. `application.offered`); defaults live in code. */
export const emailTemplates = pgTable('email_templates', {
  key: text('key').primaryKey(),
  subject: text('subject').notNull(),
  /** Markdown with {{placeholders}}. */
  body: text('body').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
