import { CircleAlert } from 'lucide-react'
import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { fieldClass } from './field-class.ts'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string
  /** Help shown under the label, read with the field. */
  hint?: ReactNode
  /** The field's error; the field is marked invalid and the message read with it. */
  error?: string | null
  /** Neutral feedback that changes as the member types (announced politely). */
  status?: ReactNode
  /** Something inside the field's right edge, such as a show-password button. */
  trailing?: ReactNode
  className?: string
}

/** A labelled input with its hint, live feedback and error wired up for screen readers. */
export function TextField({
  label,
  hint,
  error,
  status,
  trailing,
  id,
  className = '',
  ...input
}: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const hintId = `${inputId}-hint`
  const statusId = `${inputId}-status`
  const errorId = `${inputId}-error`
  const describedBy = [error ? errorId : null, hint ? hintId : null, status !== undefined ? statusId : null]
    .filter(Boolean)
    .join(' ')
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="relative mt-1.5">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${fieldClass('md', Boolean(error))} ${trailing ? 'pr-12' : ''}`}
          {...input}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>
        ) : null}
      </div>
      {status !== undefined ? (
        <p id={statusId} aria-live="polite" className="mt-1.5 text-sm text-slate-700 empty:hidden">
          {status}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  )
}
