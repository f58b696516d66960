import { CircleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useFormState } from 'react-hook-form'
import { fieldClass } from '../field-class.ts'
import { errorAt, errorTypeAt } from './errors.ts'
import { useFieldId } from './ids.ts'
import { useShownErrors } from './shown-errors.ts'

/** The problem to show at `path` now, if any (see shown-errors.ts for when a problem shows). */
export function useFieldError(path: string): string | undefined {
  const { errors } = useFormState({ name: path })
  const shown = useShownErrors()
  const message = errorAt(errors, path)
  if (!message) return undefined
  return shown(path, errorTypeAt(errors, path)) ? message : undefined
}

export const inputClasses = (error?: string) => `mt-1.5 ${fieldClass('md', Boolean(error))}`

/** A field's error message, with the id its control points at. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  )
}

/** What every labelled control takes. */
export interface ControlProps {
  /** The form path the control edits. */
  name: string
  label: ReactNode
  hint?: ReactNode
  required?: boolean
  className?: string
}

/** The ids and state a control needs for screen readers. */
export interface ControlA11y {
  id: string
  describedBy?: string
  error?: string
  /** The attributes to spread on the control. */
  aria: {
    'aria-required'?: true
    'aria-invalid'?: true
    'aria-describedby'?: string
  }
}

/** Label, hint and error around one control, with the ids wired for screen readers. */
export function FieldShell({
  name,
  label,
  hint,
  required,
  className,
  children,
}: ControlProps & { children: (a11y: ControlA11y) => ReactNode }) {
  const error = useFieldError(name)
  const id = useFieldId()(name)
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined
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
      {children({
        id,
        describedBy,
        error,
        aria: {
          'aria-required': required || undefined,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
        },
      })}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}
