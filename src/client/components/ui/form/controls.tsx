import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'
import { useFormContext, type FieldPath, type FieldValues } from 'react-hook-form'
import { FieldError, FieldShell, inputClasses, useFieldError, type ControlProps } from './field.tsx'
import { useFieldId } from './ids.ts'

// Labelled controls registered with the react-hook-form form around them (`<Form>`). Generic over
// the form's values: `<TextInput<ProfileValues> name="email" …>` checks the path; without the type
// argument any path is taken.

type Named<T extends FieldValues> = Omit<ControlProps, 'name'> & { name: FieldPath<T> }
type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'name' | 'id' | 'required'>

/** A labelled text input (or email, number, password… by `type`) bound to `name`. */
export function TextInput<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  required,
  className,
  ...input
}: Named<T> & InputProps) {
  const { register } = useFormContext<T>()
  return (
    <FieldShell name={name} label={label} hint={hint} required={required} className={className}>
      {({ id, error, aria }) => (
        <input id={id} type="text" {...input} {...register(name)} {...aria} className={inputClasses(error)} />
      )}
    </FieldShell>
  )
}

/** A date (`yyyy-mm-dd`, as the input holds it) bound to `name`. */
export function DateInput<T extends FieldValues = FieldValues>(props: Named<T> & Omit<InputProps, 'type'>) {
  return <TextInput<T> {...props} type="date" />
}

/**
 * A wall-clock date and time (`yyyy-mm-ddThh:mm`) bound to `name`: turn it into an instant on the
 * society's clocks with `fromDateTimeLocal` (lib/datetime-local.ts) when submitting.
 */
export function DateTimeInput<T extends FieldValues = FieldValues>(
  props: Named<T> & Omit<InputProps, 'type'>,
) {
  return <TextInput<T> {...props} type="datetime-local" />
}

/** A labelled textarea bound to `name` (Markdown gets a monospace face and a hint). */
export function Textarea<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  required,
  className,
  markdown = false,
  ...area
}: Named<T> & { markdown?: boolean } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'className' | 'name' | 'id' | 'required'
  >) {
  const { register } = useFormContext<T>()
  return (
    <FieldShell
      name={name}
      label={label}
      hint={
        hint ??
        (markdown ? 'Markdown: **bold**, _italic_, [links](https://…), lists and headings.' : undefined)
      }
      required={required}
      className={className}
    >
      {({ id, error, aria }) => (
        <textarea
          id={id}
          rows={4}
          {...area}
          {...register(name)}
          {...aria}
          className={`${inputClasses(error)} ${markdown ? 'font-mono text-sm' : ''}`}
        />
      )}
    </FieldShell>
  )
}

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
}

/** A labelled select bound to `name`; `placeholder` adds a first, empty choice. */
export function Select<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  required,
  className,
  options,
  placeholder,
  ...select
}: Named<T> & { options: readonly SelectOption[]; placeholder?: string } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'className' | 'name' | 'id' | 'required'
  >) {
  const { register } = useFormContext<T>()
  return (
    <FieldShell name={name} label={label} hint={hint} required={required} className={className}>
      {({ id, error, aria }) => (
        <select id={id} {...select} {...register(name)} {...aria} className={inputClasses(error)}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  )
}

/** A checkbox bound to `name` (a boolean), its label beside it. */
export function Checkbox<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  className,
  ...input
}: Omit<Named<T>, 'required'> & Omit<InputProps, 'type'>) {
  const { register } = useFormContext<T>()
  const error = useFieldError(name)
  const id = useFieldId()(name)
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`flex items-start gap-2.5 ${className ?? ''}`}>
      <input
        id={id}
        type="checkbox"
        {...input}
        {...register(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
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
