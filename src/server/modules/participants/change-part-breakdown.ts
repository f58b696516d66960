import type { AuditAction } from '#core/audit/audit-actions.ts'
import { eq, inArray, sql } from 'drizzle-orm'
import type { AppError } from '#core/errors.ts'
import { parseEventConfig, type EventConfig } from '#core/events/event-config.schemas.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { eventNumbers } from '#server/db/schema/index.ts'
import { findVisibleEvent, type EventRow } from '#server/modules/events/find-visible-event.ts'
import { authorize, validationError } from '#server/modules/shared/guards.ts'
import { breakdownSnapshot, partBreakdownOf, type PartBreakdown } from './part-breakdown.queries.ts'

// What the three editors of the part breakdown (set-event-numbers, set-part-breakdown-cell,
// import-part-breakdown-csv) share: one transaction with its audit entry, and "make the numbers
// exactly this list".

export const MAX_NUMBERS = 500

/** VALIDATION with one field issue. */
export function invalid(message: string, path = 'input'): AppError {
  return validationError([{ path: [path], message }])
}

/**
 * Run an admin change to an event's part breakdown in one transaction, audited with the matrix
 * before and after; answers the breakdown as it now is.
 */
export async function changePartBreakdown(
  ctx: RequestContext,
  eventSlug: string,
  action: AuditAction,
  mutate: (tx: Tx, event: EventRow, config: EventConfig) => Promise<void>,
): Promise<PartBreakdown> {
  authorize(ctx.actor, 'admin.general')
  const { event, config } = await withTx(ctx, async (tx) => {
    // Locked: changes to one event's breakdown take turns (two admins importing at once).
    const event = await findVisibleEvent(ctx, eventSlug, { tx, lock: true })
    const config = parseEventConfig(event.eventConfig)
    const before = await breakdownSnapshot(tx, event.id)
    await mutate(tx, event, config)
    const after = await breakdownSnapshot(tx, event.id)
    await auditChange(tx, ctx, { action, entityType: 'event', entityId: event.id, before, after })
    return { event, config }
  })
  return partBreakdownOf(ctx.services.db, event, config, null)
}

/**
 * Make the event's numbers exactly `wanted`, in order. A wanted number with an `id` (or, for a CSV,
 * the same label or title) keeps its row — and so its learning tracks; numbers left out are
 * removed with their cells and tracks. Returns the row id of each wanted number.
 */
export async function replaceNumbers(
  tx: Tx,
  eventId: string,
  wanted: { id?: string | null; label: string; title: string }[],
): Promise<string[]> {
  const existing = await tx.select().from(eventNumbers).where(eq(eventNumbers.eventId, eventId))
  const known = new Set(existing.map((n) => n.id))
  for (const w of wanted) {
    if (w.id && !known.has(w.id)) throw invalid(`No number with id ${w.id} in this event.`, 'numbers')
  }
  const kept = new Set(wanted.map((w) => w.id).filter((id): id is string => Boolean(id)))
  const removed = existing.filter((n) => !kept.has(n.id)).map((n) => n.id)
  if (removed.length) await tx.delete(eventNumbers).where(inArray(eventNumbers.id, removed))
  // NOTE: (event, position) is unique: park every kept row on a negative position first, so that
  // moving rows past each other never collides halfway.
  await tx
    .update(eventNumbers)
    .set({ position: sql`-1 - ${eventNumbers.position}` })
    .where(eq(eventNumbers.eventId, eventId))
  const ids: string[] = []
  for (const [index, w] of wanted.entries()) {
    if (w.id) {
      await tx
        .update(eventNumbers)
        .set({ position: index + 1, label: w.label, title: w.title })
        .where(eq(eventNumbers.id, w.id))
      ids.push(w.id)
    } else {
      const [row] = await tx
        .insert(eventNumbers)
        .values({ eventId, position: index + 1, label: w.label, title: w.title })
        .returning({ id: eventNumbers.id })
      ids.push(row!.id)
    }
  }
  return ids
}
