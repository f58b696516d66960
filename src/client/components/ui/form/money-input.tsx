import { useState, type InputHTMLAttributes } from 'react'
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form'
import { parsePounds } from '#core/applications/payments.ts'
import { FieldShell, inputClasses, type ControlProps } from './field.tsx'

/** Pence as pounds for an input: 1250 → "12.50", 1200 → "12". */
export function penceToPounds(pence: number): string {
  return pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2)
}

/** What MoneyInput stores for the text typed: pence, null when empty, NaN when not an amount. */
export function penceOfTyped(text: string): number | null {
  if (!text.trim()) return null
  const pence = parsePounds(text)
  return pence !== null && pence >= 0 ? pence : Number.NaN
}

/**
 * Pounds typed ("12.50", "£12.5"), pence stored: the form value at `name` is a whole number of
 * pence, null when empty, NaN when the text is not an amount (zodResolver says so: NOT_MONEY).
 */
export function MoneyInput<T extends FieldValues = FieldValues>({
  name,
  label,
  hint = 'In pounds, e.g. 12.50',
  required,
  className,
  ...input
}: Omit<ControlProps, 'name'> & { name: FieldPath<T> } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'className' | 'name' | 'id' | 'required' | 'type' | 'value' | 'onChange' | 'defaultValue'
  >) {
  const { control } = useFormContext<T>()
  const { field } = useController<T>({ control, name })
  const stored = field.value as unknown
  const [text, setText] = useState(() =>
    typeof stored === 'number' && !Number.isNaN(stored) ? penceToPounds(stored) : '',
  )
  // What the member typed stays as typed while it means the stored value; a value set from outside
  // (a reset) shows instead.
  const pounds = typeof stored === 'number' && !Number.isNaN(stored) ? penceToPounds(stored) : ''
  const shown = Object.is(penceOfTyped(text), stored ?? null) ? text : pounds
  return (
    <FieldShell name={name} label={label} hint={hint} required={required} className={className}>
      {({ id, error, aria }) => (
        <div className="relative">
          <span aria-hidden="true" className="pointer-events-none absolute bottom-2.5 left-3 text-slate-600">
            £
          </span>
          <input
            id={id}
            type="text"
            inputMode="decimal"
            {...input}
            name={field.name}
            ref={field.ref}
            value={shown}
            onBlur={field.onBlur}
            onChange={(event) => {
              setText(event.target.value)
              field.onChange(penceOfTyped(event.target.value))
            }}
            {...aria}
            className={`${inputClasses(error)} pl-7`}
          />
        </div>
      )}
    </FieldShell>
  )
}
