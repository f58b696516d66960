import type { AuditAction } from '#core/audit/audit-actions.ts'
import { and, eq, inArray } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { administersArea, needToKnowHidden, needToKnowHiddenAt } from '#core/operations/need-to-know.ts'
import { OPERATIONS_TABS } from '#core/operations/participants.ts'
import { recordAudit } from '#server/audit/audit.service.ts'
import type { RequestContext } from '#server/context.ts'
import { applications, profiles, users } from '#server/db/schema/index.ts'
import { typeLabel } from '#server/modules/applications/application-types.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'

export interface NeedToKnowRow {
  applicationId: string
  name: string
  typeLabel: string
  part: string | null
  phone: string
  contactName: string
  contactPhone: string
  contactRelationship: string
  dietary: string
  access: string
}

export interface NeedToKnow {
  eventTitle: string
  hiddenAt: Date
  rows: NeedToKnowRow[]
}

/**
 * Emergency contacts and access/medical needs of an event's participants (CONFIRMED and PAID), for
 * admins of the event's area only, until the event's end plus NEED_TO_KNOW_KEEP_DAYS. Every view is
 * written to the audit log (who, when); so is every refused attempt, before it is refused.
 */
export async function viewNeedToKnow(ctx: RequestContext, slug: string): Promise<NeedToKnow> {
  const viewer = authorize(ctx.actor, 'admin.general')
  const event = await findVisibleEvent(ctx, slug)
  const { db, config } = ctx.services
  const audit = (action: AuditAction, after: Record<string, unknown>) =>
    recordAudit(db, {
      actorId: viewer.id,
      action,
      entityType: 'event',
      entityId: event.id,
      after: { eventSlug: event.slug, eventTitle: event.title, ...after },
      requestId: ctx.requestId,
    })
  if (!administersArea(viewer, event.type)) {
    await audit('needToKnow.forbidden', { reason: 'area' })
    throw new AppError('FORBIDDEN', 'Emergency contacts are shown only to admins of this event’s area.')
  }
  const hiddenAt = needToKnowHiddenAt(event.endDate, config.needToKnowKeepDays)
  if (needToKnowHidden(event.endDate, config.needToKnowKeepDays, ctx.now())) {
    await audit('needToKnow.forbidden', { reason: 'expired' })
    throw new AppError(
      'FORBIDDEN',
      `Emergency contacts of this event were hidden on ${hiddenAt.toISOString().slice(0, 10)}.`,
    )
  }
  const found = await db
    .select({ application: applications, name: users.name, profile: profiles })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(profiles, eq(profiles.userId, applications.userId))
    .where(
      and(
        eq(applications.eventId, event.id),
        inArray(applications.status, [...OPERATIONS_TABS.participants]),
      ),
    )
  const rows = found
    .map(({ application: a, name, profile }) => ({
      applicationId: a.id,
      name: profile?.preferredName?.trim() || name,
      typeLabel: typeLabel(event, a.applicationType),
      part: a.part,
      phone: profile?.phone ?? '',
      contactName: profile?.emergencyContact?.name ?? '',
      contactPhone: profile?.emergencyContact?.phone ?? '',
      contactRelationship: profile?.emergencyContact?.relationship ?? '',
      dietary: profile?.dietaryRequirements ?? '',
      access: profile?.accessNeeds ?? '',
    }))
    .sort((x, y) => x.name.localeCompare(y.name, 'en-GB'))
  await audit('needToKnow.view', { rows: rows.length })
  return { eventTitle: event.title, hiddenAt, rows }
}
