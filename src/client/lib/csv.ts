/** One CSV cell: a leading = + - @ would run as a formula in a spreadsheet, so it is quoted with '. */
export function csvCell(value: string | number | null | undefined): string {
  const s = String(value ?? '')
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** A CSV document: the header, then one line per row, each cell through `csvCell`. */
export function toCsv(head: string[], rows: (string | number | null | undefined)[][]): string {
  return [head, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n'
}
