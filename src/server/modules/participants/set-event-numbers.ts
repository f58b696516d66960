import type { RequestContext } from '#server/context.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { changePartBreakdown, invalid, MAX_NUMBERS, replaceNumbers } from './change-part-breakdown.ts'
import type { PartBreakdown } from './part-breakdown.queries.ts'

export interface NumberInput {
  /** Keep this existing number (and its tracks); null or absent for a new one. */
  id?: string | null
  label: string
  title: string
}

function cleanNumbers(numbers: NumberInput[]): NumberInput[] {
  if (numbers.length > MAX_NUMBERS) throw invalid(`At most ${MAX_NUMBERS} numbers.`, 'numbers')
  return numbers.map((n, i) => {
    const title = n.title.trim()
    const label = n.label.trim()
    if (!title) throw invalid(`Number ${i + 1} needs a title.`, `numbers.${i}.title`)
    if (title.length > 200 || label.length > 20)
      throw invalid(`Number ${i + 1}: the label or title is too long.`, `numbers.${i}`)
    return { id: n.id ?? null, label, title }
  })
}

/** Make the event's numbers exactly this list, in order: add, rename, reorder, remove (admins). */
export function setEventNumbers(
  ctx: RequestContext,
  input: { eventSlug: string; numbers: NumberInput[] },
): Promise<PartBreakdown> {
  authorize(ctx.actor, 'admin.general')
  const clean = cleanNumbers(input.numbers)
  return changePartBreakdown(ctx, input.eventSlug, 'partBreakdown.numbers', async (tx, event) => {
    await replaceNumbers(tx, event.id, clean)
  })
}
