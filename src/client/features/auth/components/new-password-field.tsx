import { PasswordInput } from '#client/components/ui/password-input.tsx'
import { usePasswordPolicy } from '../hooks/use-password-policy.ts'

/**
 * A new password with the policy checked as it is typed: neutral feedback while typing, the same
 * words as an error once the form is sent (`error`).
 */
export function NewPasswordField({
  id,
  label,
  value,
  onChange,
  error,
  minLength,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | null
  /** From the server's auth config, until the policy itself has loaded. */
  minLength?: number
}) {
  const policy = usePasswordPolicy()
  const min = policy?.PASSWORD_MIN_LENGTH ?? minLength
  const problem = policy && value ? policy.checkPassword(value) : null
  const status =
    !policy || !value || error
      ? ''
      : problem
        ? policy.PASSWORD_MESSAGES[problem]
        : 'That password is good to use.'
  return (
    <PasswordInput
      id={id}
      name="new-password"
      label={label}
      autoComplete="new-password"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={
        min
          ? `At least ${min} characters, and not one of the most common passwords.`
          : 'A long password that is not one of the most common ones.'
      }
      status={status}
      error={error}
    />
  )
}
