// Disclosure control for every aggregate about people the app shows (diversity report, operations
// and ticket statistics): nobody may be picked out of a small group, directly or by subtraction.

/** Counts below this are never shown exactly; a report with fewer respondents is not shown at all. */
export const MIN_CELL = 5

/** How one count is shown. */
export type ProtectedCell =
  | { kind: 'count'; value: number }
  /** 0–4: shown as "<5". */
  | { kind: 'small' }
  /** Hidden only so that a small cell beside it cannot be worked out from the total. */
  | { kind: 'hidden' }

export const SMALL_LABEL = '<5'
export const HIDDEN_LABEL = '—'

/** The text a report shows for a protected cell. */
export function cellLabel(cell: ProtectedCell): string {
  if (cell.kind === 'count') return String(cell.value)
  return cell.kind === 'small' ? SMALL_LABEL : HIDDEN_LABEL
}

/** Whether a report over this many respondents may be shown at all. */
export function canReport(respondents: number): boolean {
  return respondents >= MIN_CELL
}

/**
 * Protect one line of counts that add up to a total the reader knows (the answers to one
 * single-choice question, say). Primary suppression: every count under 5 — zero included, so "<5"
 * never tells "nobody" from "one person". Complementary suppression: when exactly one cell of the
 * line is suppressed, its value would be the total minus the others, so the smallest shown cell is
 * hidden as well. Dominance: a cell within 5 of the line's total (100 % of it, or all but a small
 * group) tells every respondent's answer but a few, so it is hidden too.
 */
export function protectLine(counts: readonly number[]): ProtectedCell[] {
  return protectTable([counts])[0] ?? []
}

/**
 * Protect a table whose rows and columns each add up to a known total (a cross-tabulation). Rows and
 * columns are checked in turn until no line has exactly one suppressed cell. A one-row table is a line.
 */
export function protectTable(rows: readonly (readonly number[])[]): ProtectedCell[][] {
  const suppressed = rows.map((row) => row.map((n) => n < MIN_CELL))
  const complementary = rows.map((row) => row.map(() => false))
  const lines: { r: number; c: number }[][] = [
    ...rows.map((row, r) => row.map((_, c) => ({ r, c }))),
    // Columns are lines only in a real cross-tabulation (more than one row).
    ...(rows.length > 1
      ? (rows[0] ?? []).map((_, c) => rows.map((_, r) => ({ r, c })).filter(({ r }) => c < rows[r]!.length))
      : []),
  ]
  let changed = true
  while (changed) {
    changed = false
    for (const line of lines) {
      // A cell of 100 %, or within 5 of it ("No = 9 of 9", "No = 8 of 9"), tells every respondent's
      // answer but a small group's: it is hidden like a small cell.
      if (line.length > 1) {
        const total = line.reduce((sum, { r, c }) => sum + rows[r]![c]!, 0)
        for (const { r, c } of line) {
          if (suppressed[r]![c] || total - rows[r]![c]! >= MIN_CELL) continue
          suppressed[r]![c] = true
          complementary[r]![c] = true
          changed = true
        }
      }
      const hidden = line.filter(({ r, c }) => suppressed[r]![c])
      if (hidden.length !== 1) continue
      const shown = line.filter(({ r, c }) => !suppressed[r]![c])
      if (!shown.length) continue
      const smallest = shown.reduce((a, b) => (rows[b.r]![b.c]! < rows[a.r]![a.c]! ? b : a))
      suppressed[smallest.r]![smallest.c] = true
      complementary[smallest.r]![smallest.c] = true
      changed = true
    }
  }
  return rows.map((row, r) =>
    row.map((value, c): ProtectedCell => {
      if (!suppressed[r]![c]) return { kind: 'count', value }
      return complementary[r]![c] ? { kind: 'hidden' } : { kind: 'small' }
    }),
  )
}
