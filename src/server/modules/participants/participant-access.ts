import { and, asc, eq } from 'drizzle-orm'
import type { ApplicationStatus } from '#core/applications/status.ts'
import { can } from '#core/auth/policies.ts'
import { AppError } from '#core/errors.ts'
import { parseEventConfig, type EventConfig } from '#core/events/event-config.schemas.ts'
import { visibleShowName } from '#core/events/policies.ts'
import type { NavApplication } from '#core/navigation/member-nav.ts'
import { grantingApplication, type ParticipantPage } from '#core/participants/access.ts'
import type { RequestContext } from '#server/context.ts'
import { applications } from '#server/db/schema/index.ts'
import { findVisibleEvent, type EventRow } from '#server/modules/events/find-visible-event.ts'

type ApplicationRow = typeof applications.$inferSelect

/** A synthetic member for the admin sandbox: nothing is written. */
export interface ParticipantPreview {
  applicationType: string
  status: ApplicationStatus
}

/** An application in the navigation rules' shape, with its part. */
export type NavWithPart = NavApplication & { part: string | null }

/** The same answer for "no such event", "not released" and "not yours": nothing to tell apart. */
export function pageNotFound(): AppError {
  return new AppError('NOT_FOUND', 'There is no such page, or it is not available to you yet.')
}

/** The event as a member's navigation sees it: an unrevealed show name is not part of it. */
function navEvent(event: EventRow, config: EventConfig, now: Date): NavApplication['event'] {
  return {
    slug: event.slug,
    type: event.type,
    title: event.title,
    showName: visibleShowName(null, event, now),
    startDate: event.startDate,
    endDate: event.endDate,
    signupDeadline: event.signupDeadline,
    eventConfig: { permissions: config.permissions, paymentLines: config.paymentLines },
  }
}

/** An application row with its event, as the navigation rules read it. */
export function toNavApplication(
  row: ApplicationRow,
  event: EventRow,
  config: EventConfig,
  now: Date,
): NavWithPart {
  return {
    id: row.id,
    applicationType: row.applicationType,
    status: row.status,
    updatedAt: row.updatedAt,
    part: row.part,
    event: navEvent(event, config, now),
  }
}

/** The one application of the sandbox's synthetic member. */
export function syntheticApplication(
  event: EventRow,
  config: EventConfig,
  preview: ParticipantPreview,
  now: Date,
): NavWithPart {
  return {
    id: 'preview',
    applicationType: preview.applicationType,
    status: preview.status,
    updatedAt: now,
    part: null,
    event: navEvent(event, config, now),
  }
}

/**
 * The event a participant page is about, as `findVisibleEvent` finds it (old slugs followed, hidden
 * events missing), refused in the pages' own words.
 */
export async function findPageEvent(
  ctx: RequestContext,
  slug: string,
): Promise<{ event: EventRow; config: EventConfig }> {
  const event = await findVisibleEvent(ctx, slug).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'NOT_FOUND' ? pageNotFound() : error
  })
  return { event, config: parseEventConfig(event.eventConfig) }
}

/** Who may see a page of an event, and as which application. */
export interface PageAccess {
  event: EventRow
  config: EventConfig
  /**
   * The application the page answers for: the granting one; for an admin it does not grant, their
   * own application with a part, if any; else null.
   */
  application: { applicationType: string; part: string | null } | null
  /** The application the navigation rules grant the page by; null when only `admin.general` lets in. */
  granting: NavWithPart | null
  preview: boolean
}

export interface PageAccessOptions {
  /** Admins only: answer as this synthetic member would see the page. */
  preview?: ParticipantPreview | null
  /** Narrow the granting application to one type (the info pack by type). */
  applicationType?: string | null
}

/**
 * The gate of every participant page (0016): a member gets a page exactly when the sidebar shows its
 * item (`grantingApplication`, core/participants/access.ts) for an event they may see; admins
 * (`admin.general`) see every page, and may preview one as a synthetic member. Anyone else, the
 * anonymous included, gets NOT_FOUND.
 */
export async function participantAccess(
  ctx: RequestContext,
  eventSlug: string,
  page: ParticipantPage,
  options: PageAccessOptions = {},
): Promise<PageAccess> {
  const { actor } = ctx
  const now = ctx.now()
  if (options.preview) {
    if (!can(actor, 'admin.general'))
      throw new AppError('FORBIDDEN', 'Only event admins can preview pages as another member.')
    const { event, config } = await findPageEvent(ctx, eventSlug)
    const member = syntheticApplication(event, config, options.preview, now)
    // The same function the real members go through, against the synthetic application.
    const granting = grantingApplication(page, [member], now, options.applicationType)
    if (!granting) throw pageNotFound()
    return {
      event,
      config,
      application: { applicationType: member.applicationType, part: null },
      granting,
      preview: true,
    }
  }
  if (!actor) throw pageNotFound()
  const { event, config } = await findPageEvent(ctx, eventSlug)
  const rows = await ctx.services.db
    .select()
    .from(applications)
    .where(and(eq(applications.eventId, event.id), eq(applications.userId, actor.id)))
    .orderBy(asc(applications.createdAt))
  const own = rows.map((r) => toNavApplication(r, event, config, now))
  const granting = grantingApplication(page, own, now, options.applicationType)
  if (granting) {
    const application = { applicationType: granting.applicationType, part: granting.part }
    return { event, config, application, granting, preview: false }
  }
  if (can(actor, 'admin.general')) {
    const mine = own.find((a) => a.part) ?? null
    const application = mine ? { applicationType: mine.applicationType, part: mine.part } : null
    return { event, config, application, granting: null, preview: false }
  }
  throw pageNotFound()
}
