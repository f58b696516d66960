import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { useCallback, useId, type HTMLAttributes, type ReactNode, type Ref } from 'react'
import { panelClass } from './panel.tsx'
import { useCardsWhenTooWide } from './use-cards-when-too-wide.ts'

export type SortDirection = 'ascending' | 'descending'

export interface TableSort<K extends string = string> {
  key: K
  direction: SortDirection
}

export interface DataColumn<Row> {
  key: string
  header: ReactNode
  /** The column's name beside each value when rows are cards (defaults to a header that is text). */
  label?: string
  /** The header is read to screen readers only (a column of buttons, a checkbox…). */
  hideHeader?: boolean
  cell: (row: Row, index: number) => ReactNode
  /** This column names the row: its cells are row headers (`<th scope="row">`). */
  rowHeader?: boolean
  /** Offer a sort button in the header (with `onSortChange`). */
  sortable?: boolean
  align?: 'start' | 'end'
  /** Classes of this column's cells (width, wrapping, sticky…). */
  className?: string
  headerClassName?: string
}

/** A window of a long, virtualised list: the rows given are some of `totalRows`. */
export interface TableWindow {
  totalRows: number
  /** The position in the whole list of the first row given. */
  firstIndex: number
  /** Space for the rows above and below the window, in pixels. */
  paddingTop: number
  paddingBottom: number
}

export interface DataTableProps<Row> {
  /** What the table holds; the caption, and the name of its scrolling frame. */
  caption: string
  /** Name the scrolling frame by another element (a live count above the table) instead. */
  frameLabelledBy?: string
  /** Show the caption above the table (otherwise it is for screen readers only). */
  showCaption?: boolean
  columns: readonly DataColumn<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string
  sort?: TableSort | null
  onSortChange?: (sort: TableSort) => void
  rowProps?: (row: Row, index: number) => HTMLAttributes<HTMLTableRowElement> & { 'data-index'?: number }
  /** Each body row as it is drawn (a virtualised list measures its rows: cards are taller). */
  rowRef?: (row: HTMLTableRowElement | null) => void
  /**
   * When the table is wider than its box, each row becomes a card (default): no table scrolls
   * sideways. Off only for a table whose rows must keep one height (a virtualised list).
   */
  cards?: boolean
  /**
   * The frame is a named, focusable region that can scroll (default); off for a small table that
   * always fits, so it adds no stop for the keyboard.
   */
  scroll?: boolean
  /** Draw the frame as a panel (default) or leave it bare (inside another panel or a dialog). */
  frame?: 'panel' | 'bare'
  /** Extra classes of the scrolling frame (`max-h-[70vh]` makes it scroll down too). */
  frameClassName?: string
  frameRef?: Ref<HTMLDivElement>
  /** Keep the header in view when the frame scrolls down. */
  stickyHeader?: boolean
  window?: TableWindow
  /** Inside the frame, after the table ("Loading more…"). */
  footer?: ReactNode
  density?: 'normal' | 'compact'
}

/** Hand an element to a ref the caller gave (a function or an object). */
function passRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value)
  else if (ref) ref.current = value
}

const nextDirection = (sort: TableSort | null | undefined, key: string): SortDirection =>
  sort?.key === key && sort.direction === 'ascending' ? 'descending' : 'ascending'

function SortIcon({ direction }: { direction: SortDirection | null }) {
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown
  return (
    <Icon
      aria-hidden="true"
      className={`size-3.5 shrink-0 ${direction ? 'text-brand-800' : 'text-slate-500'}`}
    />
  )
}

/**
 * An accessible data table: a caption, column headers with scope, row headers where a column names
 * the row, and optional sort buttons whose column carries `aria-sort`. Where the table is wider than
 * its box, each row becomes a card with each value beside its column's name (`.table-cards` in
 * styles.css), so neither the table nor the page scrolls sideways and every action stays in reach.
 */
export function DataTable<Row>({
  caption,
  frameLabelledBy,
  showCaption = false,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  rowProps,
  rowRef,
  cards: cardsAllowed = true,
  scroll = true,
  frame = 'panel',
  frameClassName = '',
  frameRef,
  stickyHeader = false,
  window: windowed,
  footer,
  density = 'normal',
}: DataTableProps<Row>) {
  const captionId = useId()
  const pad = density === 'compact' ? 'px-2 py-2' : 'px-4 py-3'
  const align = (column: DataColumn<Row>) => (column.align === 'end' ? 'text-right' : '')
  const { frameRef: watchFrame, cards } = useCardsWhenTooWide(cardsAllowed)
  const setFrame = useCallback(
    (frame: HTMLDivElement | null) => {
      watchFrame(frame)
      passRef(frameRef, frame)
    },
    [watchFrame, frameRef],
  )
  const label = (column: DataColumn<Row>) =>
    column.label ?? (typeof column.header === 'string' && !column.hideHeader ? column.header : undefined)
  return (
    <div
      ref={setFrame}
      data-cards={cards ? '' : undefined}
      role={scroll ? 'region' : undefined}
      aria-labelledby={scroll ? (frameLabelledBy ?? captionId) : undefined}
      tabIndex={scroll ? 0 : undefined}
      // `relative`: the sr-only text of the header cells is absolutely positioned; without a positioned
      // scroll frame it escapes the frame and makes the whole page scroll sideways (200 % zoom).
      className={`${scroll ? 'relative overflow-auto focus-visible:outline-2 focus-visible:outline-brand-700' : ''} ${frame === 'panel' ? panelClass('none') : ''} ${cards ? 'table-cards' : ''} ${frameClassName}`}
    >
      <table
        className="w-full text-left text-sm"
        aria-rowcount={windowed ? windowed.totalRows + 1 : undefined}
      >
        <caption
          id={captionId}
          className={showCaption ? `${pad} text-left text-base font-bold text-brand-950` : 'sr-only'}
        >
          {caption}
        </caption>
        <thead className={`bg-brand-50 text-slate-900 ${stickyHeader ? 'sticky top-0 z-10' : ''}`}>
          <tr aria-rowindex={windowed ? 1 : undefined}>
            {columns.map((column) => {
              const active = sort?.key === column.key ? sort.direction : null
              const sortable = Boolean(column.sortable && onSortChange)
              const headerText = column.hideHeader ? (
                <span className="sr-only">{column.header}</span>
              ) : (
                column.header
              )
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sortable ? (active ?? undefined) : undefined}
                  // As cards, the header row is a bar of what can be done to every row (sort, select
                  // all); a plain column name is already beside each value.
                  data-plain={!sortable && typeof column.header === 'string' ? '' : undefined}
                  className={`${pad} font-semibold ${align(column)} ${column.headerClassName ?? ''}`}
                >
                  {sortable ? (
                    <button
                      type="button"
                      onClick={() =>
                        onSortChange?.({ key: column.key, direction: nextDirection(sort, column.key) })
                      }
                      className="-mx-1 inline-flex items-center gap-1 rounded px-1 font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
                    >
                      {headerText}
                      <SortIcon direction={active} />
                    </button>
                  ) : (
                    headerText
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {windowed && windowed.paddingTop > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: windowed.paddingTop, padding: 0 }} />
            </tr>
          ) : null}
          {rows.map((row, index) => {
            const position = (windowed?.firstIndex ?? 0) + index
            const extra = rowProps?.(row, position)
            return (
              <tr
                key={rowKey(row)}
                ref={rowRef}
                aria-rowindex={windowed ? position + 2 : undefined}
                {...extra}
                className={`border-t border-slate-200 align-top ${extra?.className ?? ''}`}
              >
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th
                      key={column.key}
                      scope="row"
                      className={`${pad} text-left font-normal ${align(column)} ${column.className ?? ''}`}
                    >
                      {column.cell(row, position)}
                    </th>
                  ) : (
                    <td
                      key={column.key}
                      data-label={label(column)}
                      className={`${pad} ${align(column)} ${column.className ?? ''}`}
                    >
                      {column.cell(row, position)}
                    </td>
                  ),
                )}
              </tr>
            )
          })}
          {windowed && windowed.paddingBottom > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: windowed.paddingBottom, padding: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
      {footer}
    </div>
  )
}
