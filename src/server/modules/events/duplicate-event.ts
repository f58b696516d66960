import { eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { copiedRevealAt } from '#core/events/event.ts'
import type { EventInputRaw } from '#core/events/event.schemas.ts'
import type { RequestContext } from '#server/context.ts'
import { events } from '#server/db/schema/index.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { createEvent } from './create-event.ts'
import type { EventRow } from './find-visible-event.ts'

/** 52 weeks: the copy falls on the same weekday a year on. */
const YEAR_ON_MS = 364 * 86_400_000

/**
 * Copy an event as a draft a year later (same weekday), releases reset; e.g. last year's sing-through.
 * An unrevealed show name keeps the source's reveal time, so the copy never shows it early.
 */
export async function duplicateEvent(
  ctx: RequestContext,
  { id, slug, title }: { id: string; slug: string; title?: string | null },
): Promise<EventRow> {
  authorize(ctx.actor, 'admin.general')
  const source = await ctx.services.db.query.events.findFirst({ where: eq(events.id, id) })
  if (!source) throw new AppError('NOT_FOUND', 'No such event.')
  const shift = (d: Date | null) => (d ? new Date(d.getTime() + YEAR_ON_MS) : null)
  const copy: EventInputRaw = {
    slug,
    type: source.type,
    title: title ?? source.title,
    showName: source.showName,
    summary: source.summary,
    description: source.description,
    venue: source.venue,
    startDate: shift(source.startDate),
    endDate: shift(source.endDate),
    signupDeadline: shift(source.signupDeadline),
    visibility: 'draft',
    audienceTypes: source.audienceTypes,
    eventConfig: {
      ...parseEventConfig(source.eventConfig),
      permissions: {
        releaseParticipantInfoPack: false,
        releaseFinalParticipantInfo: false,
        releaseCastList: false,
      },
    },
  }
  return createEvent(ctx, copy, { revealAt: copiedRevealAt(source, ctx.now()) })
}
