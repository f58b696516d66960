import { Plus } from 'lucide-react'
import type { ReactNode } from 'react'
import { Group, ListButton, RowActions } from '#client/components/ui/form/index.ts'

/**
 * A list of the event form (a react-hook-form field array) under its legend: each row with its move
 * up / move down / remove buttons, then the button that adds a row. Removing a row moves focus to
 * that button, so it is not lost with the row.
 */
export function ListEditor({
  legend,
  description,
  errorPath,
  level,
  rows,
  rowName,
  inline = false,
  onMove,
  onRemove,
  addId,
  addLabel,
  onAdd,
  children,
}: {
  legend: string
  description: string
  errorPath: string
  level?: 'row'
  /** The field array's `fields`. */
  rows: readonly { id: string }[]
  /** What one row is ("payment line"): row 2 is "Payment line 2", its buttons say "payment line 2". */
  rowName: string
  /** A row is one field beside its buttons, rather than a group with its own legend. */
  inline?: boolean
  onMove: (from: number, to: number) => void
  onRemove: (index: number) => void
  addId: string
  addLabel: ReactNode
  onAdd: () => void
  /** The fields of row `index`. */
  children: (index: number) => ReactNode
}) {
  const rowLabel = (i: number) => `${rowName[0]!.toUpperCase()}${rowName.slice(1)} ${i + 1}`
  return (
    <Group legend={legend} description={description} errorPath={errorPath} level={level}>
      {rows.length > 0 ? (
        <ol className={`grid ${inline ? 'gap-3' : 'gap-4'}`}>
          {rows.map((row, i) => {
            const actions = (
              <RowActions
                rowId={`ev-row-${row.id}`}
                index={i}
                count={rows.length}
                name={`${rowName} ${i + 1}`}
                onMove={onMove}
                onRemove={() => {
                  onRemove(i)
                  document.getElementById(addId)?.focus()
                }}
              />
            )
            return inline ? (
              <li key={row.id} className="flex flex-col gap-2 sm:flex-row sm:items-end">
                {children(i)}
                {actions}
              </li>
            ) : (
              <li key={row.id}>
                <Group level="row" legend={rowLabel(i)}>
                  {children(i)}
                  {actions}
                </Group>
              </li>
            )
          })}
        </ol>
      ) : null}
      <div>
        <ListButton id={addId} onClick={onAdd}>
          <Plus aria-hidden="true" className="size-4" />
          {addLabel}
        </ListButton>
      </div>
    </Group>
  )
}
