import { CircleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { fieldId, type ApplicationFormValues } from '../form-values.ts'

const inputClass = (error?: string) => `mt-1.5 ${fieldClass('md', Boolean(error))}`

/** Read an error message at a dot path of react-hook-form's nested errors. */
export function errorAt(errors: unknown, path: string): string | undefined {
  let node = errors as Record<string, unknown> | undefined
  for (const part of path.split('.')) node = node?.[part] as Record<string, unknown> | undefined
  const message = node?.message
  return typeof message === 'string' ? message : undefined
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  )
}

export const labelText = (label: string, required: boolean) => (
  <>
    {label}
    {/* Staff sometimes write "(optional)" into the label itself: say it once. */}
    {required || /\(optional\)\s*$/i.test(label) ? null : (
      <span className="font-normal text-slate-600"> (optional)</span>
    )}
  </>
)

/** A labelled single input of the form (text, textarea or select), wired to its error and hint. */
export function FormInput({
  name,
  label,
  required,
  hint,
  children,
}: {
  name: string
  label: string
  required: boolean
  hint?: ReactNode
  children: (props: {
    id: string
    'aria-describedby'?: string
    'aria-invalid'?: true
    className: string
  }) => ReactNode
}) {
  const { formState } = useFormContext<ApplicationFormValues>()
  const error = errorAt(formState.errors, name)
  const id = fieldId(name)
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ')
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {labelText(label, required)}
      </label>
      {hint ? (
        <div id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </div>
      ) : null}
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
        className: inputClass(error),
      })}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}
