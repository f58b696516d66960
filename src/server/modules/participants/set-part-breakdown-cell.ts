import { and, eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import type { RequestContext } from '#server/context.ts'
import { eventNumbers, partBreakdownCells } from '#server/db/schema/index.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { changePartBreakdown, invalid } from './change-part-breakdown.ts'
import type { PartBreakdown } from './part-breakdown.queries.ts'

/** Set the note of one number and part; an empty note clears it (the part sings as written). Admins. */
export function setPartBreakdownCell(
  ctx: RequestContext,
  input: { eventSlug: string; numberId: string; part: string; note: string },
): Promise<PartBreakdown> {
  authorize(ctx.actor, 'admin.general')
  const { numberId, part } = input
  const text = input.note.trim()
  if (text.length > 200) throw invalid('A note is at most 200 characters.', 'note')
  return changePartBreakdown(ctx, input.eventSlug, 'partBreakdown.cell', async (tx, event, config) => {
    if (!config.parts.includes(part))
      throw invalid(
        `"${part}" is not one of this event's parts (${config.parts.join(', ') || 'none yet'}).`,
        'part',
      )
    const [number] = await tx
      .select({ id: eventNumbers.id })
      .from(eventNumbers)
      .where(and(eq(eventNumbers.id, numberId), eq(eventNumbers.eventId, event.id)))
    if (!number) throw new AppError('NOT_FOUND', 'No such number in this event.')
    if (!text) {
      await tx
        .delete(partBreakdownCells)
        .where(and(eq(partBreakdownCells.numberId, numberId), eq(partBreakdownCells.part, part)))
    } else {
      await tx
        .insert(partBreakdownCells)
        .values({ numberId, part, note: text })
        .onConflictDoUpdate({
          target: [partBreakdownCells.numberId, partBreakdownCells.part],
          set: { note: text },
        })
    }
  })
}
