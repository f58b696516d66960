import { eq } from 'drizzle-orm'
import { eventInputSchema, type EventInput } from '#core/events/event.schemas.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { eventSlugRedirects, events } from '#server/db/schema/index.ts'
import { authorize, isUniqueViolation, validationError } from '#server/modules/shared/guards.ts'
import { auditableEvent, slugTaken } from './change-event.ts'
import type { EventRow } from './find-visible-event.ts'

/** Parse staff input with the shared schema; VALIDATION lists every field problem. */
export function parseEventInput(input: unknown): EventInput {
  const parsed = eventInputSchema.safeParse(input)
  if (!parsed.success) throw validationError(parsed.error.issues)
  return parsed.data
}

/**
 * Create an event (a draft unless the input says otherwise), audit-logged. A new event may take a
 * slug an older event left behind: the redirect goes, the new event answers to it. `revealAt` is for
 * copies only (duplicateEvent): staff input never sets a reveal time here.
 */
export async function createEvent(
  ctx: RequestContext,
  input: unknown,
  { revealAt = null }: { revealAt?: Date | null } = {},
): Promise<EventRow> {
  // Who may ask is checked before what they asked, so refusals never leak validation detail.
  authorize(ctx.actor, 'admin.general')
  const parsed = parseEventInput(input)
  // A new event (a copy too) has announced no release yet.
  const { announcedReleases: _none, ...eventConfig } = parsed.eventConfig
  const data = { ...parsed, eventConfig }
  try {
    return await withTx(ctx, async (tx) => {
      await tx.delete(eventSlugRedirects).where(eq(eventSlugRedirects.oldSlug, data.slug))
      const [row] = await tx
        .insert(events)
        .values({ ...data, revealAt })
        .returning()
      await auditChange(tx, ctx, {
        action: 'event.create',
        entityType: 'event',
        entityId: row!.id,
        after: auditableEvent(row!),
      })
      return row!
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken()
    throw error
  }
}
