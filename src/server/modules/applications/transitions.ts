import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import { and, eq } from 'drizzle-orm'
import { formatPence, owedLines, totalOutstanding, type OwedLine } from '#core/applications/payments.ts'
import {
  transition,
  type Actor,
  type ApplicationAction,
  type ApplicationStatus,
} from '#core/applications/status.ts'
import { AppError } from '#core/errors.ts'
import { recordAudit } from '#server/audit/audit.service.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Db } from '#server/db/client.ts'
import { applications, events, profiles, users } from '#server/db/schema/index.ts'
import type { JobQueue } from '#server/jobs/queue.ts'
import type { Mailer } from '#server/mail/outbox.service.ts'
import { paymentsByApplication } from '#server/payments/payment-provider.ts'
import type { Bus } from '#server/realtime/bus.ts'
import {
  loadTemplate,
  renderTemplate,
  type EmailTemplateKey,
  type TemplateValues,
} from './email-templates.ts'

export type ApplicationRow = typeof applications.$inferSelect
type EventRow = typeof events.$inferSelect

/** Published after any change to an application; admins' casting and acceptance pages listen. */
export const APPLICATION_CHANGED_TOPIC = 'APPLICATION_CHANGED'
export interface ApplicationChanged {
  eventId: string
  applicationId: string
  /** The applicant: members' sidebars skip other members' changes without a query. */
  userId: string
  status: ApplicationStatus
  version: number
}

/** The durable job that expires an offer at its `offerExpiresAt` (handled by the acceptance service). */
export const OFFER_EXPIRY_JOB = 'application.expire-offer'
export const offerExpiryKey = (applicationId: string) => `offer-expiry:${applicationId}`

/** The email a member gets on reaching each status (none for their own withdrawals and declines). */
export const STATUS_EMAIL: Partial<Record<ApplicationStatus, EmailTemplateKey>> = {
  OFFERED: 'application.offered',
  WAITLISTED: 'application.waitlisted',
  REJECTED: 'application.rejected',
  CONFIRMED: 'application.confirmed',
  EXPIRED: 'application.expired',
}

export interface TransitionDeps {
  mailer: Mailer
  queue: JobQueue
  appUrl: string
  timeZone: string
}

export interface ChangeStatus {
  applicationId: string
  action: ApplicationAction
  actor: { kind: Actor; viewer: Viewer | null }
  requestId?: string | null
  /** The version the admin's screen showed; a newer one means someone else changed it: CONFLICT. */
  expectedVersion?: number
  /** For `offer`: when the offer lapses. */
  offerExpiresAt?: Date
  /** Skip the member's email (e.g. staff chose not to notify). */
  silent?: boolean
  now?: Date
}

/** Lock an application row for the rest of the transaction. */
export async function lockApplication(tx: Db, id: string): Promise<ApplicationRow> {
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for('update')
  if (!row) throw new AppError('NOT_FOUND', 'No such application.')
  return row
}

/** Format an instant in the society's time zone, as emails show it. */
export function formatInZone(date: Date, timeZone: string): string {
  return format(new TZDate(date, timeZone), "EEEE d MMMM yyyy 'at' HH:mm")
}

/**
 * Move an application along the status machine inside `tx`: refuse what `transition()` refuses
 * (CONFLICT), bump the version, audit before/after, schedule or drop the offer's expiry job and queue
 * the member's email through the outbox. Call `publishChanges` after the transaction commits.
 */
export async function changeStatus(
  deps: TransitionDeps,
  tx: Db,
  change: ChangeStatus,
): Promise<ApplicationRow> {
  const now = change.now ?? new Date()
  const before = await lockApplication(tx, change.applicationId)
  if (change.expectedVersion !== undefined && before.version !== change.expectedVersion) {
    throw new AppError(
      'CONFLICT',
      'Someone else changed this application meanwhile. Reload to see their change.',
    )
  }
  const result = transition(before.status, change.action, change.actor.kind, {
    now,
    offerExpiresAt: before.offerExpiresAt,
  })
  if (!result.ok) throw new AppError('CONFLICT', result.message)

  const offerExpiresAt = change.action === 'offer' ? (change.offerExpiresAt ?? null) : before.offerExpiresAt
  if (change.action === 'offer' && (!offerExpiresAt || offerExpiresAt.getTime() <= now.getTime())) {
    throw new AppError('VALIDATION', 'An offer needs an expiry in the future.')
  }
  const [after] = await tx
    .update(applications)
    .set({
      status: result.to,
      statusChangedAt: now,
      updatedAt: now,
      version: before.version + 1,
      offerExpiresAt,
    })
    .where(and(eq(applications.id, before.id), eq(applications.version, before.version)))
    .returning()
  if (!after) throw new AppError('CONFLICT', 'Someone else changed this application meanwhile.')

  await recordAudit(tx, {
    actorId: change.actor.viewer?.id ?? null,
    action: `application.${change.action}`,
    entityType: 'application',
    entityId: before.id,
    before: auditable(before),
    after: auditable(after),
    requestId: change.requestId ?? null,
  })

  if (before.status === 'OFFERED') await deps.queue.cancel(offerExpiryKey(before.id), tx)
  if (after.status === 'OFFERED') {
    await deps.queue.enqueue(
      OFFER_EXPIRY_JOB,
      { applicationId: after.id },
      { runAt: offerExpiresAt!, singletonKey: offerExpiryKey(after.id), tx },
    )
  }

  const template = STATUS_EMAIL[after.status]
  if (template && !change.silent) await queueStatusEmail(deps, tx, after, template)
  return after
}

/** What the audit log keeps of an application: the fields a transition changes. */
export function auditable(row: ApplicationRow) {
  return {
    status: row.status,
    part: row.part,
    offerExpiresAt: row.offerExpiresAt,
    version: row.version,
  }
}

/** Queue one of the application emails to the applicant, filled in from the row. */
export async function queueStatusEmail(
  deps: TransitionDeps,
  tx: Db,
  application: ApplicationRow,
  key: EmailTemplateKey,
): Promise<void> {
  const [who] = await tx
    .select({ email: users.email, name: users.name, preferredName: profiles.preferredName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, application.userId))
  const [event] = await tx.select().from(events).where(eq(events.id, application.eventId))
  if (!who || !event) return
  const template = await loadTemplate(tx, key)
  const message = renderTemplate(template, await templateValues(deps, tx, application, event, who))
  await deps.mailer.queue({ to: who.email, ...message }, tx)
}

async function templateValues(
  deps: TransitionDeps,
  tx: Db,
  application: ApplicationRow,
  event: EventRow,
  who: { name: string; preferredName: string | null },
): Promise<TemplateValues> {
  const lines = event.eventConfig.paymentLines?.[application.applicationType] ?? []
  const paid = lines.length
    ? ((await paymentsByApplication(tx, [application.id])).get(application.id) ?? [])
    : []
  return emailValues(deps, event, application, who.preferredName || who.name, owedLines(lines, paid))
}

/** What an application email fills in: the same in the preview staff see and in the email sent. */
export function emailValues(
  deps: Pick<TransitionDeps, 'appUrl' | 'timeZone'>,
  event: EventRow,
  application: Pick<ApplicationRow, 'applicationType' | 'offerExpiresAt'>,
  name: string,
  ledger: readonly OwedLine[],
): TemplateValues {
  const outstanding = totalOutstanding(ledger)
  return {
    name,
    eventTitle: event.title,
    applicationType:
      event.eventConfig.applicationTypes?.[application.applicationType]?.label ?? application.applicationType,
    offerExpiresAt: application.offerExpiresAt ? formatInZone(application.offerExpiresAt, deps.timeZone) : '',
    amountOwed: outstanding > 0 ? formatPence(outstanding) : '',
    link: `${deps.appUrl}/applications`,
  }
}

/** Tell subscribers (admins' live casting and acceptance pages, the applicant's sidebar) about committed changes. */
export async function publishChanges(bus: Bus, rows: readonly ApplicationRow[]): Promise<void> {
  for (const row of rows) {
    const payload: ApplicationChanged = {
      eventId: row.eventId,
      applicationId: row.id,
      userId: row.userId,
      status: row.status,
      version: row.version,
    }
    await bus.publish(APPLICATION_CHANGED_TOPIC, payload)
  }
}
