import type { CombinedError } from 'urql'
import { firstErrorCode, NETWORK_ERROR_CODE } from '#client/lib/query-errors.ts'

/** What is wrong with the late-application form: per field, and for the form as a whole. */
export interface LateApplicationProblems {
  email?: string
  type?: string
  form?: string
}

export interface LateApplicationInput {
  email: string
  type: string
}

/** Checks made before anything is sent; the server checks again. Empty when the form may be sent. */
export function checkLateApplication({ email, type }: LateApplicationInput): LateApplicationProblems {
  const problems: LateApplicationProblems = {}
  const trimmed = email.trim()
  if (!trimmed) problems.email = 'Enter the member’s email address.'
  else if (!/^[^\s@]+@[^\s@]+$/.test(trimmed))
    problems.email = 'Enter an email address in the right form, such as name@example.com.'
  if (!type) problems.type = 'Choose an application type.'
  return problems
}

interface FieldError {
  path?: unknown
  message?: unknown
}

/**
 * Turns the server's refusal of `addLateApplication` into what the form shows: NOT_FOUND means no
 * member has that email (the page already proved the event exists), CONFLICT that they have already
 * applied for that type, VALIDATION a field the server refused (`extensions.fields`).
 */
export function lateApplicationProblems(
  error: Pick<CombinedError, 'graphQLErrors' | 'networkError'>,
): LateApplicationProblems {
  const code = firstErrorCode(error)
  const first = error.graphQLErrors[0]
  const message = first?.message
  switch (code) {
    case 'NOT_FOUND':
      return {
        email: 'No member has this email address. Check it, or ask them to create an account first.',
      }
    case 'CONFLICT':
      return { form: message ?? 'This member already has an application of this type for this event.' }
    case 'VALIDATION': {
      const fields = Array.isArray(first?.extensions?.fields) ? (first.extensions.fields as FieldError[]) : []
      const problems: LateApplicationProblems = {}
      const rest: string[] = []
      for (const field of fields) {
        const path = Array.isArray(field.path) ? field.path.join('.') : String(field.path ?? '')
        const text = typeof field.message === 'string' ? field.message : 'This is not valid.'
        if (path === 'type') problems.type = text
        else if (path === 'userEmail' || path === 'email') problems.email = text
        else rest.push(text)
      }
      if (rest.length > 0 || (!problems.type && !problems.email))
        problems.form = [...new Set([message ?? 'The server refused the application.', ...rest])].join(' ')
      return problems
    }
    case 'FORBIDDEN':
      return { form: 'You do not have permission to add applications.' }
    case NETWORK_ERROR_CODE:
      return { form: 'The server could not be reached. Check your connection and try again.' }
    default:
      return { form: message ?? 'Something went wrong. Please try again.' }
  }
}
