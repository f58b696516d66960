import {
  transition,
  type Actor,
  type ApplicationAction,
  type ApplicationStatus,
} from '#core/applications/status.ts'
import { AppError } from '#core/errors.ts'
import type { AfterCommit, RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import type { Bus } from '#server/realtime/bus.ts'
import type { ApplicationChanged } from '#server/realtime/topics.ts'
import { queueStatusEmail } from '#server/modules/email-templates/application-email.ts'
import { queuePush } from '#server/modules/push/send-push.ts'
import type { EmailTemplateKey } from '#server/modules/email-templates/templates.ts'
import { cancelOfferReminder, scheduleOfferReminder } from './offer-reminder.ts'
import { updateApplication, type ApplicationRow } from './update-application.ts'

/** The durable job that expires an offer at its `offerExpiresAt` (`acceptance/acceptance.jobs.ts`). */
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

export interface StatusChange {
  applicationId: string
  action: ApplicationAction
  /** Who the status machine sees acting: the applicant, a committee member, or the app itself. */
  as: Actor
  /** The version the admin's screen showed; a newer one means someone else changed it: CONFLICT. */
  expectedVersion?: number | undefined
  /** For `offer`: when the offer lapses. */
  offerExpiresAt?: Date | undefined
  /** Skip the member's email (e.g. staff chose not to notify). */
  silent?: boolean
}

/**
 * Move an application one step along the status machine inside `tx`: lock the row, refuse what
 * `transition()` refuses (CONFLICT) or a stale version, write it with the next version and audit it
 * (as `ctx.actor`), schedule or drop the offer's expiry job, queue the member's email through the
 * outbox, and tell subscribers once the transaction has committed.
 */
export async function changeStatus(
  ctx: RequestContext,
  tx: Tx,
  afterCommit: AfterCommit,
  change: StatusChange,
): Promise<{ before: ApplicationRow; after: ApplicationRow }> {
  const now = ctx.now()
  const { before, after } = await updateApplication(ctx, tx, {
    applicationId: change.applicationId,
    expectedVersion: change.expectedVersion,
    now,
    audit: { action: `application.${change.action}` },
    changes: (row) => {
      const result = transition(row.status, change.action, change.as, {
        now,
        offerExpiresAt: row.offerExpiresAt,
      })
      if (!result.ok) throw new AppError('CONFLICT', result.message)
      const offerExpiresAt = change.action === 'offer' ? (change.offerExpiresAt ?? null) : row.offerExpiresAt
      if (change.action === 'offer' && (!offerExpiresAt || offerExpiresAt.getTime() <= now.getTime())) {
        throw new AppError('VALIDATION', 'An offer needs an expiry in the future.')
      }
      return { status: result.to, statusChangedAt: now, offerExpiresAt }
    },
  })

  const { queue } = ctx.services
  if (before.status === 'OFFERED') {
    await queue.cancel(offerExpiryKey(before.id), tx)
    await cancelOfferReminder(ctx, tx, before.id)
  }
  if (after.status === 'OFFERED' && after.offerExpiresAt) {
    await queue.enqueue(
      OFFER_EXPIRY_JOB,
      { applicationId: after.id },
      { runAt: after.offerExpiresAt, singletonKey: offerExpiryKey(after.id), tx },
    )
    // Staff who chose not to notify the member about the offer are not overruled a day before it lapses.
    if (!change.silent) await scheduleOfferReminder(ctx, tx, after.id, after.offerExpiresAt)
  }
  const template = STATUS_EMAIL[after.status]
  if (template && !change.silent) await queueStatusEmail(ctx, tx, after, template)
  if (after.status === 'OFFERED' && before.status !== 'OFFERED' && !change.silent) {
    // The email stays; a notification too, on the browsers the member turned them on in.
    await queuePush(ctx.services, tx, {
      kind: 'offers',
      userId: after.userId,
      message: {
        title: 'You have been offered a place',
        body: 'Open Stagedoor to accept or decline before the offer expires.',
        url: '/applications',
        tag: `offer-${after.id}`,
      },
    })
  }
  afterCommit(() => publishChanges(ctx.services.bus, [after]))
  return { before, after }
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
    await bus.publish('APPLICATION_CHANGED', payload)
  }
}
