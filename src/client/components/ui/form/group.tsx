import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react'
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { panelClass } from '../panel.tsx'
import { FieldError, useFieldError } from './field.tsx'
import { useFieldId } from './ids.ts'

// Groups of fields and the buttons of a list of rows (react-hook-form field arrays).

const smallButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-300 ring-inset hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:text-slate-500 disabled:ring-slate-300'

/** A secondary action in a list ("Add a question"). */
export function ListButton({ children, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" {...props} className={`${smallButton} ${props.className ?? ''}`}>
      {children}
    </button>
  )
}

/**
 * Move up / move down / remove for one row of a list. `name` says which row ("question 2") for
 * screen readers. After a move, focus stays on the button the user pressed (or its twin at an end).
 */
export function RowActions({
  rowId,
  index,
  count,
  name,
  onMove,
  onRemove,
  reorder = true,
}: {
  rowId: string
  index: number
  count: number
  name: string
  onMove?: (from: number, to: number) => void
  onRemove: () => void
  reorder?: boolean
}) {
  const move = (to: number, direction: 'up' | 'down') => {
    onMove?.(index, to)
    requestAnimationFrame(() => {
      const atEnd = direction === 'up' ? to === 0 : to === count - 1
      const target = atEnd ? (direction === 'up' ? 'down' : 'up') : direction
      document.getElementById(`${rowId}-${target}`)?.focus()
    })
  }
  return (
    <div className="flex flex-wrap gap-2">
      {reorder && count > 1 ? (
        <>
          <button
            type="button"
            id={`${rowId}-up`}
            className={smallButton}
            disabled={index === 0}
            onClick={() => move(index - 1, 'up')}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
            <span className="sr-only">Move {name} up</span>
          </button>
          <button
            type="button"
            id={`${rowId}-down`}
            className={smallButton}
            disabled={index === count - 1}
            onClick={() => move(index + 1, 'down')}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
            <span className="sr-only">Move {name} down</span>
          </button>
        </>
      ) : null}
      <button type="button" className={smallButton} onClick={onRemove}>
        <Trash2 aria-hidden="true" className="size-4" />
        Remove<span className="sr-only"> {name}</span>
      </button>
    </div>
  )
}

/** A group of fields with a visible legend, and the list-level error (duplicates) if any. */
export function Group({
  legend,
  description,
  errorPath,
  level = 'section',
  children,
  id,
}: {
  legend: ReactNode
  description?: ReactNode
  errorPath?: string
  level?: 'section' | 'row'
  children: ReactNode
  id?: string
}) {
  const fieldId = useFieldId()
  const error = useFieldError(errorPath ?? '__none__')
  const errorId = errorPath ? `${fieldId(errorPath)}-error` : undefined
  const groupId = id ?? (errorPath ? fieldId(`${errorPath}.root`) : undefined)
  return (
    <fieldset
      id={groupId}
      tabIndex={groupId ? -1 : undefined}
      aria-describedby={error ? errorId : undefined}
      className={
        level === 'section'
          ? `min-w-0 ${panelClass('compact')}`
          : 'min-w-0 rounded-xl border border-slate-300 p-3 sm:p-4'
      }
    >
      <legend
        className={
          level === 'section'
            ? 'float-left w-full text-lg font-bold text-brand-950'
            : 'float-left w-full text-base font-semibold text-slate-900'
        }
      >
        {legend}
      </legend>
      <div className="clear-both grid gap-4 pt-2">
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
        {errorPath ? <FieldError id={errorId!} message={error} /> : null}
        {children}
      </div>
    </fieldset>
  )
}
