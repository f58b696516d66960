import { ArrowDown, ArrowUp, CircleAlert, Trash2 } from 'lucide-react'
import type {
  ButtonHTMLAttributes,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react'
import { get, useFormContext, useFormState, type FieldErrors } from 'react-hook-form'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { panelClass } from '#client/components/ui/panel.tsx'
import type { EventFormValues } from '../../event-form.ts'
import { useShownErrors } from './shown-errors.ts'

// Small labelled controls for the event form, registered with react-hook-form through the form
// context. Each control's id comes from its form path, so the error summary can link to it.

/** The id of the control for a form path ("applicationTypes.0.label" → "ev-applicationTypes-0-label"). */
export const fieldId = (path: string) => `ev-${path.replace(/\./g, '-')}`

/** The message of the error at `path` (or at the list's `.root`), if any. */
export function errorAt(errors: FieldErrors<EventFormValues>, path: string): string | undefined {
  const at = get(errors, path) as { message?: unknown; root?: { message?: unknown } } | undefined
  const message = at?.message ?? at?.root?.message
  return typeof message === 'string' ? message : undefined
}

export function useFieldError(path: string): string | undefined {
  const { errors } = useFormState<EventFormValues>({ name: path as never })
  const shown = useShownErrors()
  const message = errorAt(errors, path)
  if (!message) return undefined
  const at = get(errors, path) as { type?: unknown; root?: { type?: unknown } } | undefined
  return shown(path, at?.type ?? at?.root?.type) ? message : undefined
}

export const inputClasses = (error?: string) => `mt-1.5 ${fieldClass('md', Boolean(error))}`

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  )
}

interface ControlProps {
  /** The form path the control edits. */
  path: string
  label: string
  hint?: ReactNode
  required?: boolean
  className?: string
}

/** Label, hint and error around one control, with the ids wired for screen readers. */
function Wrapper({
  path,
  label,
  hint,
  className,
  children,
}: ControlProps & { children: (a11y: { id: string; describedBy?: string; error?: string }) => ReactNode }) {
  const error = useFieldError(path)
  const id = fieldId(path)
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ')
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {children({ id, describedBy: describedBy || undefined, error })}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

/** A labelled text input bound to `path`. */
export function Field({
  path,
  label,
  hint,
  required,
  className,
  ...input
}: ControlProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'name' | 'id'>) {
  const { register } = useFormContext<EventFormValues>()
  return (
    <Wrapper path={path} label={label} hint={hint} className={className}>
      {({ id, describedBy, error }) => (
        <input
          id={id}
          type="text"
          {...input}
          {...register(path as never)}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClasses(error)}
        />
      )}
    </Wrapper>
  )
}

/** A labelled textarea bound to `path` (Markdown gets a monospace face). */
export function TextArea({
  path,
  label,
  hint,
  required,
  className,
  markdown = false,
  ...area
}: ControlProps & { markdown?: boolean } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'className' | 'name' | 'id'
  >) {
  const { register } = useFormContext<EventFormValues>()
  return (
    <Wrapper
      path={path}
      label={label}
      hint={
        hint ??
        (markdown ? 'Markdown: **bold**, _italic_, [links](https://…), lists and headings.' : undefined)
      }
      className={className}
    >
      {({ id, describedBy, error }) => (
        <textarea
          id={id}
          rows={4}
          {...area}
          {...register(path as never)}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClasses(error)} ${markdown ? 'font-mono text-sm' : ''}`}
        />
      )}
    </Wrapper>
  )
}

/** A labelled select bound to `path`. */
export function Select({
  path,
  label,
  hint,
  className,
  options,
  ...select
}: ControlProps & { options: readonly { value: string; label: string }[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'className' | 'name' | 'id'
  >) {
  const { register } = useFormContext<EventFormValues>()
  return (
    <Wrapper path={path} label={label} hint={hint} className={className}>
      {({ id, describedBy, error }) => (
        <select
          id={id}
          {...select}
          {...register(path as never)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClasses(error)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Wrapper>
  )
}

/** A checkbox bound to `path`, its label beside it. */
export function Checkbox({ path, label, hint, className }: Omit<ControlProps, 'required'>) {
  const { register } = useFormContext<EventFormValues>()
  const error = useFieldError(path)
  const id = fieldId(path)
  return (
    <div className={`flex items-start gap-2.5 ${className ?? ''}`}>
      <input
        id={id}
        type="checkbox"
        {...register(path as never)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-5 shrink-0 rounded border-slate-500 accent-brand-700 focus:outline-2 focus:outline-offset-2 focus:outline-brand-700"
      />
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-slate-900">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        ) : null}
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </div>
  )
}

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
