import { useFormContext, useWatch } from 'react-hook-form'
import { PasswordInput } from '#client/components/ui/form/password-input.tsx'
import { useFieldError } from '#client/components/ui/form/index.ts'
import { loadPasswordPolicy, usePasswordPolicy } from '../hooks/use-password-policy.ts'

/**
 * What is wrong with a new password, by the policy in core (loaded on demand), or null: for a
 * resolver, before the server checks it again. `missing` is said when nothing was typed.
 */
export async function newPasswordProblem(password: string, missing: string): Promise<string | null> {
  if (!password) return missing
  const policy = await loadPasswordPolicy().catch(() => null)
  const issue = policy?.checkPassword(password)
  return policy && issue ? policy.PASSWORD_MESSAGES[issue] : null
}

/**
 * A new password bound to `name`, with the policy checked as it is typed: neutral feedback while
 * typing, the same words as an error once the form is sent.
 */
export function NewPasswordField({
  name,
  label,
  minLength,
}: {
  name: string
  label: string
  /** From the server's auth config, until the policy itself has loaded. */
  minLength?: number
}) {
  const policy = usePasswordPolicy()
  const { control } = useFormContext()
  const value = useWatch({ control, name }) as string | undefined
  const error = useFieldError(name)
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
      name={name}
      label={label}
      autoComplete="new-password"
      required
      hint={
        min
          ? `At least ${min} characters, and not one of the most common passwords.`
          : 'A long password that is not one of the most common ones.'
      }
      status={status}
    />
  )
}
