import COMMON_PASSWORDS from './common-passwords.json' with { type: 'json' }

export const PASSWORD_MIN_LENGTH = 10
export const PASSWORD_MAX_LENGTH = 128

/** The 10,000 most common passwords (zxcvbn's ranked list, see scripts/gen-common-passwords.mjs). */
let common: Set<string> | undefined
function commonPasswords(): Set<string> {
  common ??= new Set(COMMON_PASSWORDS as string[])
  return common
}

export type PasswordProblem = 'TOO_SHORT' | 'TOO_LONG' | 'TOO_COMMON'

export const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  TOO_SHORT: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  TOO_LONG: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  TOO_COMMON: 'That password is one of the most common ones; choose another.',
}

/** The password policy, checked by the sign-up and reset forms and again by the server. */
export function checkPassword(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'TOO_SHORT'
  if (password.length > PASSWORD_MAX_LENGTH) return 'TOO_LONG'
  if (commonPasswords().has(password.toLowerCase())) return 'TOO_COMMON'
  return null
}
