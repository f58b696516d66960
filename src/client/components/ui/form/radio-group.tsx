import type { ReactNode } from 'react'
import { useFormContext, type FieldPath, type FieldValues } from 'react-hook-form'
import { FieldError, useFieldError } from './field.tsx'
import { useFieldId } from './ids.ts'
import type { SelectOption } from './controls.tsx'

/**
 * One choice of a few, as radios under a legend, bound to `name` (a string). The first radio takes
 * the field's id, so the error summary and the schema's problems can point at the group.
 */
export function RadioGroup<T extends FieldValues = FieldValues>({
  name,
  legend,
  hint,
  options,
  className,
  optionClassName = 'flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm',
  listClassName = 'mt-1.5 grid gap-2 sm:grid-cols-2',
  legendClassName = 'text-sm font-semibold text-slate-900',
}: {
  name: FieldPath<T>
  legend: ReactNode
  hint?: ReactNode
  options: readonly SelectOption[]
  className?: string
  optionClassName?: string
  listClassName?: string
  legendClassName?: string
}) {
  const { register } = useFormContext<T>()
  const error = useFieldError(name)
  const id = useFieldId()(name)
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined
  return (
    <fieldset className={className} aria-describedby={describedBy}>
      <legend className={legendClassName}>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className={listClassName}>
        {options.map((option, i) => (
          <label key={option.value} className={optionClassName}>
            <input
              type="radio"
              id={i === 0 ? id : undefined}
              value={option.value}
              disabled={option.disabled}
              aria-invalid={error ? true : undefined}
              className="size-4 accent-brand-700"
              {...register(name)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  )
}
