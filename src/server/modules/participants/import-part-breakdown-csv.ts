import { eq, inArray } from 'drizzle-orm'
import { parse as parseCsv } from 'csv-parse/sync'
import type { RequestContext } from '#server/context.ts'
import { eventNumbers, partBreakdownCells } from '#server/db/schema/index.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { changePartBreakdown, invalid, MAX_NUMBERS, replaceNumbers } from './change-part-breakdown.ts'
import type { PartBreakdown } from './part-breakdown.queries.ts'

const MAX_CSV_CHARS = 200_000

interface CsvBreakdown {
  parts: string[]
  numbers: { label: string; title: string; notes: string[] }[]
}

/** The header `number,title,<part>,<part>…` and one row per number, or VALIDATION naming the problem. */
function readCsv(csv: string): CsvBreakdown {
  if (csv.length > MAX_CSV_CHARS) throw invalid('The CSV is too large (200,000 characters at most).', 'csv')
  let rows: string[][]
  try {
    rows = parseCsv(csv.replace(/^\uFEFF/, ''), {
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }) as string[][]
  } catch (error) {
    throw invalid(`The CSV could not be read: ${(error as Error).message}`, 'csv')
  }
  const [header, ...body] = rows
  if (!header || header[0]?.toLowerCase() !== 'number' || header[1]?.toLowerCase() !== 'title')
    throw invalid('The first row must be the header: number,title,<part>,<part>…', 'csv')
  const parts = header.slice(2)
  if (parts.some((p) => !p)) throw invalid('A part column in the header has no name.', 'csv')
  const dupes = parts.filter((p, i) => parts.indexOf(p) !== i)
  if (dupes.length)
    throw invalid(`Parts named twice in the header: ${[...new Set(dupes)].join(', ')}.`, 'csv')
  if (body.length > MAX_NUMBERS) throw invalid(`At most ${MAX_NUMBERS} numbers.`, 'csv')
  const numbers = body.map((row, i) => {
    const title = row[1] ?? ''
    if (!title) throw invalid(`Row ${i + 2} has no title.`, 'csv')
    if (row.length > header.length) throw invalid(`Row ${i + 2} has more columns than the header.`, 'csv')
    if (title.length > 200 || (row[0] ?? '').length > 20 || row.some((c) => c.length > 200))
      throw invalid(`Row ${i + 2} has a value that is too long.`, 'csv')
    return { label: row[0] ?? '', title, notes: parts.map((_, j) => row[j + 2] ?? '') }
  })
  return { parts, numbers }
}

/**
 * Replace the whole part breakdown from CSV: a header `number,title,<part>,<part>…`, then one row
 * per number. All or nothing: any problem (unknown parts above all) refuses the whole file. Admins.
 */
export function importPartBreakdownCsv(
  ctx: RequestContext,
  input: { eventSlug: string; csv: string },
): Promise<PartBreakdown> {
  authorize(ctx.actor, 'admin.general')
  const { parts, numbers: wanted } = readCsv(input.csv)
  return changePartBreakdown(ctx, input.eventSlug, 'partBreakdown.import', async (tx, event, config) => {
    const unknown = parts.filter((p) => !config.parts.includes(p))
    if (unknown.length) {
      throw invalid(
        `Unknown parts: ${unknown.join(', ')}. This event's parts are ${config.parts.join(', ') || 'not set yet'}; add them in the event config or fix the header.`,
        'csv',
      )
    }
    // Keep the rows (and learning tracks) of numbers whose label — or, without one, title — matches.
    const existing = await tx.select().from(eventNumbers).where(eq(eventNumbers.eventId, event.id))
    const used = new Set<string>()
    const matched = wanted.map((w) => {
      const hit = existing.find(
        (n) => !used.has(n.id) && (w.label ? n.label === w.label : !n.label && n.title === w.title),
      )
      if (hit) used.add(hit.id)
      return { id: hit?.id ?? null, label: w.label, title: w.title }
    })
    const ids = await replaceNumbers(tx, event.id, matched)
    if (ids.length) await tx.delete(partBreakdownCells).where(inArray(partBreakdownCells.numberId, ids))
    const cells = wanted.flatMap((w, i) =>
      parts.flatMap((part, j) => (w.notes[j] ? [{ numberId: ids[i]!, part, note: w.notes[j] }] : [])),
    )
    if (cells.length) await tx.insert(partBreakdownCells).values(cells)
  })
}
