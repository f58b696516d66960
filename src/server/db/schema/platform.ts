import { sql } from 'drizzle-orm'
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { AuditAction, AuditEntityType } from '#core/audit/audit-actions.ts'
import type { JobStatus } from '#server/jobs/job-status.ts'
import type { MailAttachmentRef } from '#server/mail/attachments.ts'
import type { OutboxStatus } from '#server/mail/outbox-status.ts'

export { JOB_STATUSES, type JobStatus } from '#server/jobs/job-status.ts'
export { OUTBOX_STATUSES, type OutboxStatus } from '#server/mail/outbox-status.ts'

/** Who did what to which record, when, with before/after for admin changes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id'),
    action: text('action').$type<AuditAction>().notNull(),
    entityType: text('entity_type').$type<AuditEntityType>().notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_created_at_idx').on(t.createdAt),
  ],
)

/**
 * The durable job queue (docs/decisions/0003-jobs.md). Workers claim due rows with
 * FOR UPDATE SKIP LOCKED; a claimed row carries a lease so a crashed worker's job runs again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** At most one pending or running job per key (e.g. one reveal job per event). */
    singletonKey: text('singleton_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_singleton_idx')
      .on(t.singletonKey)
      .where(sql`${t.singletonKey} is not null and ${t.status} in ('pending', 'running')`),
  ],
)

/** Every email is written here first, then sent by a job: nothing is lost while SMTP is down. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    template: text('template'),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post for list mail). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Files to attach, as references rendered at send time (see mail/attachments.ts). */
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>(),
    status: text('status').$type<OutboxStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_status_idx').on(t.status, t.createdAt)],
)
