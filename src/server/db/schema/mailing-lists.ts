import type { MailingMessageStatus } from '#core/mailing-lists/mailing-list.ts'
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { SubscriberSource, SubscriberStatus } from '#core/mailing-lists/mailing-list.ts'
import { users } from './auth.ts'

/** A mailing list (decision 0023). Private lists are not offered by the widget. */
export const mailingLists = pgTable(
  'mailing_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(true),
    doubleOptIn: boolean('double_opt_in').notNull().default(true),
    /** Markdown sent once an address is subscribed (empty: none). */
    welcomeMessage: text('welcome_message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mailing_lists_slug_idx').on(t.slug)],
)

/** One address on one list. `unsubscribeToken` is the secret of its one-click unsubscribe URL. */
export const mailingListSubscribers = pgTable(
  'mailing_list_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => mailingLists.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    status: text('status').$type<SubscriberStatus>().notNull(),
    source: text('source').$type<SubscriberSource>().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mailing_list_subscribers_list_email_idx').on(t.listId, t.email),
    uniqueIndex('mailing_list_subscribers_unsubscribe_token_idx').on(t.unsubscribeToken),
    index('mailing_list_subscribers_list_status_idx').on(t.listId, t.status, t.email),
    index('mailing_list_subscribers_email_idx').on(t.email),
    index('mailing_list_subscribers_unconfirmed_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'unconfirmed'`),
  ],
)

/** A double opt-in link: single use, 7 days. Only the token's SHA-256 is stored. */
export const mailingListConfirmations = pgTable(
  'mailing_list_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    listIds: jsonb('list_ids').$type<string[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mailing_list_confirmations_token_idx').on(t.tokenHash)],
)

export type { MailingMessageStatus }

/** A message sent to a list; the send job walks the subscribers in id order from `cursor`. */
export const mailingListMessages = pgTable(
  'mailing_list_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => mailingLists.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    markdown: text('markdown').notNull(),
    status: text('status').$type<MailingMessageStatus>().notNull().default('sending'),
    total: integer('total').notNull(),
    queued: integer('queued').notNull().default(0),
    cursor: uuid('cursor'),
    /** Every list it goes to (the first is `listId`); each address once, from the first list it is on. */
    listIds: uuid('list_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The last address queued (addresses go in order, once each across the lists). */
    cursorEmail: text('cursor_email'),
    /** When a scheduled message goes (null: sent at once). */
    sendAt: timestamp('send_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('mailing_list_messages_list_idx').on(t.listId, t.createdAt)],
)

/** A message saved to be sent again (subject and Markdown), shared by every list's staff. */
export const mailingListTemplates = pgTable(
  'mailing_list_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    markdown: text('markdown').notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mailing_list_templates_name_idx').on(sql`lower(${t.name})`)],
)
