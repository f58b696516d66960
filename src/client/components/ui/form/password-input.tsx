import { useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { useFormContext, type FieldPath, type FieldValues } from 'react-hook-form'
import { ShowPasswordButton } from '../password-input.tsx'
import { FieldShell, inputClasses, type ControlProps } from './field.tsx'

/**
 * A labelled password bound to `name`, with a button to show what was typed (fewer typos than a
 * second field), as ui/password-input.tsx does outside react-hook-form.
 */
export function PasswordInput<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  required,
  className,
  status,
  ...input
}: Omit<ControlProps, 'name'> & {
  name: FieldPath<T>
  /** Neutral feedback that changes as the member types (announced politely). */
  status?: ReactNode
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'name' | 'id' | 'required' | 'type'>) {
  const { register } = useFormContext<T>()
  const [visible, setVisible] = useState(false)
  return (
    <FieldShell name={name} label={label} hint={hint} required={required} className={className}>
      {({ id, error, aria }) => (
        <>
          <div className="relative">
            <input
              id={id}
              type={visible ? 'text' : 'password'}
              // Browsers and password managers keep working while the text is shown.
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              {...input}
              {...register(name)}
              {...aria}
              aria-describedby={
                [aria['aria-describedby'], status !== undefined ? `${id}-status` : null]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              className={`${inputClasses(error)} pr-12`}
            />
            <div className="absolute inset-y-0 right-0 mt-1.5 flex items-center pr-1.5">
              <ShowPasswordButton visible={visible} onToggle={() => setVisible((v) => !v)} />
            </div>
          </div>
          {status !== undefined ? (
            <p id={`${id}-status`} aria-live="polite" className="mt-1.5 text-sm text-slate-700 empty:hidden">
              {status}
            </p>
          ) : null}
        </>
      )}
    </FieldShell>
  )
}
