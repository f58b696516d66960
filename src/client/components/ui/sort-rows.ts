import type { TableSort } from './data-table.tsx'

/** What a row is sorted by in one column: text (compared as words), a number or a date. */
export type SortValue = string | number | Date | null | undefined

const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true })

function compare(a: SortValue, b: SortValue): number {
  // Blanks last, whichever the direction.
  if (a === null || a === undefined || a === '') return b === null || b === undefined || b === '' ? 0 : 1
  if (b === null || b === undefined || b === '') return -1
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b)
  return Number(a) - Number(b)
}

/**
 * The rows in the order a sortable table header asks for; the order they came in when nothing is
 * asked, and for rows that tie (a stable sort).
 */
export function sortRows<Row, K extends string>(
  rows: readonly Row[],
  sort: TableSort<K> | null | undefined,
  valueOf: Record<K, (row: Row) => SortValue>,
): Row[] {
  if (!sort) return [...rows]
  const value = valueOf[sort.key]
  const sign = sort.direction === 'descending' ? -1 : 1
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const blankA = a.key === null || a.key === undefined || a.key === ''
      const blankB = b.key === null || b.key === undefined || b.key === ''
      const order = blankA || blankB ? compare(a.key, b.key) : sign * compare(a.key, b.key)
      return order || a.index - b.index
    })
    .map(({ row }) => row)
}
